"""The dashboard's day: every slot the planner's own rule gives for the UTC day, each with its
run if one exists, as past, due (the next planner pass sends it) or upcoming."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
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

    @property
    def status(self) -> str:
        return self.summary.run.status if self.summary else "not planned yet"


def phase_at(due_at: datetime, now: datetime, lookahead: timedelta) -> Phase:
    """Where ``due_at`` stands at ``now`` for a planner that looks ``lookahead`` ahead."""
    if due_at < now:
        return Phase.PAST
    return Phase.DUE if due_at < now + lookahead else Phase.UPCOMING


def day_plan(
    slots: Iterable[Slot], runs: Iterable[RunSummary], now: datetime, lookahead: timedelta
) -> list[PlannedRow]:
    """One row per slot and per run of the day, earliest first; a slot and its run are one row.

    Runs no slot explains (a backfill, a zone whose subscribers left since) are rows too.
    """
    by_slot = {(s.run.timezone, s.run.send_time, s.run.local_date): s for s in runs}
    rows = []
    for slot in slots:
        summary = by_slot.pop((slot.timezone, slot.send_time, slot.local_date), None)
        rows.append(
            _row(
                slot.timezone, slot.local_date, slot.send_time, slot.due_at, summary, now, lookahead
            )
        )
    for (zone, send_time, local_date), summary in by_slot.items():
        rows.append(_row(zone, local_date, send_time, summary.run.due_at, summary, now, lookahead))
    return sorted(rows, key=lambda row: (row.due_at, row.timezone))


def _row(zone, local_date, send_time, due_at, summary, now, lookahead) -> PlannedRow:
    return PlannedRow(
        zone, local_date, send_time, due_at, phase_at(due_at, now, lookahead), summary
    )
