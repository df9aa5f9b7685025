"""The dashboard's day: every slot the planner's own rule gives for the UTC day, each with its
run if one exists, as past, due (the next planner pass sends it) or upcoming.

A slot without a run says why: nobody was owed it yet (everyone of its zone and send time
joined after it: "none owed"), it was missed (past LATE_GRACE), or the planner has still to
make it ("not planned yet"). A slot owed to nobody before tomorrow, such as the send time a
subscriber at sunrise has moved on to, is no row at all."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from enum import StrEnum

from lokpanchang.planning import Slot
from lokpanchang.storage.run_reports import RunSummary

DAY = timedelta(hours=24)


class Phase(StrEnum):
    PAST = "past"  # its instant has passed
    DUE = "due"  # within the planner's look-ahead: the next pass enqueues it
    UPCOMING = "upcoming"  # later today


@dataclass(frozen=True)
class PlannedRow:
    timezone: str
    local_date: date
    send_time: time
    due_at: datetime
    phase: Phase
    summary: RunSummary | None  # the run's counts, once the planner made the run
    unplanned: str = "not planned yet"  # what a slot without a run means

    @property
    def status(self) -> str:
        return self.summary.run.status if self.summary else self.unplanned


@dataclass(frozen=True)
class Owing:
    """Since when each (zone, send time) is owed its slots (``audience.first_subscribed``),
    and how late the planner still sends a slot (LATE_GRACE)."""

    since: Mapping[tuple[str, time], datetime]
    late_grace: timedelta

    def unplanned(self, slot: Slot, now: datetime) -> str | None:
        """What ``slot``, with no run, means at ``now``; None: it is nobody's slot today."""
        since = self.since.get((slot.timezone, slot.send_time))
        if since is None or slot.due_at < since:
            return None if since is None or since > now else "none owed"
        if slot.due_at < now - self.late_grace:
            return "missed"
        return "not planned yet"


def phase_at(due_at: datetime, now: datetime, lookahead: timedelta) -> Phase:
    """Where ``due_at`` stands at ``now`` for a planner that looks ``lookahead`` ahead."""
    if due_at < now:
        return Phase.PAST
    return Phase.DUE if due_at < now + lookahead else Phase.UPCOMING


def day_plan(
    slots: Iterable[Slot],
    runs: Iterable[RunSummary],
    now: datetime,
    lookahead: timedelta,
    owing: Owing,
) -> list[PlannedRow]:
    """One row per slot and per run of the day, earliest first; a slot and its run are one row.

    Runs no slot explains (a backfill, a zone whose subscribers left since) are rows too.
    """
    by_slot = {(s.run.timezone, s.run.send_time, s.run.local_date): s for s in runs}
    rows = []
    for slot in slots:
        summary = by_slot.pop((slot.timezone, slot.send_time, slot.local_date), None)
        unplanned = owing.unplanned(slot, now) if summary is None else ""
        if unplanned is None:
            continue
        row = _row(
            slot.timezone, slot.local_date, slot.send_time, slot.due_at, summary, now, lookahead
        )
        rows.append(replace(row, unplanned=unplanned) if unplanned else row)
    for (zone, send_time, local_date), summary in by_slot.items():
        rows.append(_row(zone, local_date, send_time, summary.run.due_at, summary, now, lookahead))
    return sorted(rows, key=lambda row: (row.due_at, row.timezone))


def _row(zone, local_date, send_time, due_at, summary, now, lookahead) -> PlannedRow:
    return PlannedRow(
        zone, local_date, send_time, due_at, phase_at(due_at, now, lookahead), summary
    )
