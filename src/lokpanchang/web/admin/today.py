"""What today holds for one subscriber, in words: sent at …, delivered, not today because …,
next at …. Pure: the subscriber, today's ledger row (if any) and ``now`` in, text out."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from lokpanchang.planning import local_date_at, occurrence
from lokpanchang.storage.states import OWED_LEDGER, LedgerStatus
from lokpanchang.storage.subscriber_history import LedgerEntry

L = LedgerStatus
IN_FLIGHT = OWED_LEDGER
REACHED: dict[str, str] = {L.SENT: "Sent", L.DELIVERED: "Delivered", L.READ: "Read"}
WHY_NOT: dict[str, str] = {
    L.FAILED: "it failed",
    L.HALTED: "the run was halted for an operator",
    L.MISSED: "the slot was missed (more than LATE_GRACE late)",
    L.SKIPPED: "it was skipped",
    L.AMBIGUOUS: "WhatsApp may have it: the send timed out after it left (never resent)",
}


@dataclass(frozen=True)
class Today:
    """``summary`` says what today holds; ``heading`` titles the message shown below it."""

    summary: str
    heading: str
    next_at: datetime | None = None  # the next daily send's instant (UTC), when there is one


def today_for(user, row: LedgerEntry | None, now: datetime, late_grace: timedelta) -> Today:
    """What today holds for ``user`` (a stored subscriber); ``row`` is their ledger row for
    their local today."""
    if not user.is_active(now):
        why = f"disabled ({user.disabled_reason})" if user.disabled_reason else "stopped"
        return Today(f"Not today: the subscription is {why}.", "Today's message (not sent)")
    if user.timezone is None or user.latitude is None:
        return Today("Not today: no place is known yet.", "Today's message (not sent)")
    zone = user.timezone
    today = local_date_at(zone, now)
    due = occurrence(zone, today, user.send_time)
    following = _next_send(zone, today, user.send_time, now)
    if row is not None:
        return _from_row(row, zone, following)
    if due is not None and now < due:
        return Today(f"Next at {_local(due, zone)}.", "Today's message as it will be sent", due)
    if due is not None and now - due < late_grace:
        return Today(
            f"Due at {_local(due, zone)} and not sent yet: the planner sends it late "
            f"(within {late_grace.total_seconds() / 3600:g} h).",
            "Today's message as it will be sent (late)",
            due,
        )
    return Today(
        f"Not today: today's {user.send_time:%H:%M} passed without a message "
        f"(joined or moved after it, or the slot was missed). Next at {_local(following, zone)}.",
        "Today's message (not sent)",
        following,
    )


def _from_row(row: LedgerEntry, zone: str, following: datetime | None) -> Today:
    then = f" Next at {_local(following, zone)}." if following else ""
    if row.status in REACHED:
        when = row.read_at or row.delivered_at or row.sent_at
        at = f" at {_local(when, zone)}" if when else ""
        late = " (late)" if row.late else ""
        summary = f"{REACHED[row.status]}{at}{late} ({row.kind}).{then}"
        return Today(summary, "Today's message as it was sent", following)
    if row.status in IN_FLIGHT:
        return Today(f"Being sent now ({row.status}).", "Today's message as it will be sent")
    reason = f": error {row.error_code} {row.error_detail or ''}".rstrip() if row.error_code else ""
    why = WHY_NOT.get(row.status, f"its status is {row.status}")
    return Today(f"Not today because {why}{reason}.{then}", "Today's message (not sent)", following)


def _next_send(zone: str, today, send_time, now: datetime) -> datetime | None:
    """The first daily send instant after today's (skipping a date the zone skips)."""
    for days in (1, 2):
        due = occurrence(zone, today + timedelta(days=days), send_time)
        if due is not None and due > now:
            return due
    return None


def _local(instant: datetime | None, zone: str) -> str:
    if instant is None:
        return "—"
    local = instant.astimezone(ZoneInfo(zone))
    return f"{local:%Y-%m-%d %H:%M} {zone} ({instant.astimezone(UTC):%H:%M} UTC)"
