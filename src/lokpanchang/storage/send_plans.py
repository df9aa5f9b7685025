"""What an operator's send of today's panchangam would do, counted before it is confirmed:
who already has a ledger row for their local today, and per zone how many active subscribers
with a place there are and how many of them already have one. Counts and keys out.

A zone may hold millions: the per-zone counts are COUNT queries, no subscriber row is loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import func, select, tuple_

from lokpanchang.storage.db import Session, in_chunks, transaction
from lokpanchang.storage.models import MessageLog, UserDetail
from lokpanchang.storage.states import OWED_LEDGER, LedgerKind

KEYS_PER_STATEMENT = 500  # (subscriber, date) pairs one IN list carries


def taken_today(session: Session, keys: list[tuple[int, date]]) -> set[tuple[int, date]]:
    """Those (subscriber id, local date) ``keys`` with a ledger row, except an operator's
    send still owed (another operator's send takes it again)."""
    found: set[tuple[int, date]] = set()
    for chunk in in_chunks(keys, KEYS_PER_STATEMENT):
        rows = session.execute(
            select(
                MessageLog.user_id, MessageLog.local_date, MessageLog.status, MessageLog.kind
            ).where(tuple_(MessageLog.user_id, MessageLog.local_date).in_(chunk))
        )
        found.update((user, day) for user, day, status, kind in rows if not _owed(status, kind))
    return found


def _owed(status: str, kind: str) -> bool:
    return status in OWED_LEDGER and kind == LedgerKind.MANUAL


def _active(now: datetime, zone: str | None) -> tuple:
    return (UserDetail.obsoleted_on > now, *([UserDetail.timezone == zone] if zone else []))


def _has_place() -> tuple:
    return (
        UserDetail.latitude.is_not(None),
        UserDetail.longitude.is_not(None),
        UserDetail.timezone.is_not(None),
        UserDetail.timezone != "",
    )


@dataclass(frozen=True)
class ZoneCounts:
    """An operator's send to a zone or to everyone, counted in one transaction."""

    active: int  # subscribers active at the instant (in the zone, or everywhere)
    sendable: dict[str, int]  # per zone, those of them with a place
    todays: dict[str, date]  # per zone with a valid name, its local today
    already_today: dict[str, int]  # per zone, those sendable with a ledger row for that date


def zone_counts(
    url: str,
    now: datetime,
    zone: str | None,
    local_todays: Callable[[Iterable[str]], dict[str, date]],
) -> ZoneCounts:
    """Counts for one ``zone``, or for every zone when ``zone`` is None; ``local_todays``
    gives each zone's local date at ``now`` (leaving out a zone that is not a valid name)."""
    with transaction(url) as session:
        sendable = _sendable_by_zone(session, now, zone)
        todays = local_todays(sendable)
        already = _already_today(session, now, zone, todays)
        total = select(func.count(UserDetail.id)).where(*_active(now, zone))
        return ZoneCounts(session.scalar(total) or 0, sendable, todays, already)


def _sendable_by_zone(session: Session, now: datetime, zone: str | None) -> dict[str, int]:
    query = (
        select(UserDetail.timezone, func.count(UserDetail.id))
        .where(*_active(now, zone), *_has_place())
        .group_by(UserDetail.timezone)
        .order_by(UserDetail.timezone)
    )
    return {name: count for name, count in session.execute(query) if name is not None}


def _already_today(
    session: Session, now: datetime, zone: str | None, todays: dict[str, date]
) -> dict[str, int]:
    """One grouped count over the few local dates in use (at most three at any instant)."""
    if not todays:
        return {}
    query = (
        select(UserDetail.timezone, MessageLog.local_date, func.count(MessageLog.id))
        .join(UserDetail, UserDetail.id == MessageLog.user_id)
        .where(*_active(now, zone), *_has_place(), MessageLog.local_date.in_(set(todays.values())))
        .group_by(UserDetail.timezone, MessageLog.local_date)
    )
    return {
        name: count
        for name, day, count in session.execute(query)
        if name is not None and todays.get(name) == day
    }
