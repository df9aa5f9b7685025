"""SQL for who is subscribed where and how: the (zone, send time) groups the planner plans
for, the places of a slot's subscribers (whose panchangams a run will need), who wrote to us
lately (an open service window) and who is owed a notice that a message was blocked."""

from __future__ import annotations

from datetime import datetime, time

from sqlalchemy import (
    ColumnElement,
    String,
    Time,
    bindparam,
    case,
    func,
    or_,
    select,
    text,
    type_coerce,
    update,
)
from sqlalchemy.orm import Session

from lokpanchang.clock import require_aware
from lokpanchang.storage.models import (
    BroadcastRun,
    CityDetail,
    InboundMessage,
    MessageLog,
    UserDetail,
    UTCDateTime,
)
from lokpanchang.storage.quota import wrote_from_an_address
from lokpanchang.storage.states import LedgerStatus


def active_zone_send_times(session: Session, now: datetime) -> list[tuple[str, time]]:
    """Distinct (timezone, send time) of subscribers active at ``now`` (``obsoleted_on > now``).

    Subscribers without a zone yet (location not shared) are left out; zone
    names come back exactly as stored, so the planner can report invalid ones.
    Sorted by zone, then send time. On PostgreSQL the cost grows with the number of
    distinct (zone, send time) ever stored, not with the number of subscribers.
    """
    require_aware(now, "now")
    if session.get_bind().dialect.name == "postgresql":
        rows = session.execute(_SKIP_SCAN, {"now": now})
    else:
        rows = session.execute(
            select(UserDetail.timezone, UserDetail.send_time)
            .where(UserDetail.obsoleted_on > now, UserDetail.timezone.is_not(None))
            .distinct()
            .order_by(UserDetail.timezone, UserDetail.send_time)
        )
    return [(zone, send_time) for zone, send_time in rows if zone is not None]


# A loose index scan over ix_user_detail_zone_active: each step seeks the next distinct
# (zone, send time) after the last one, and one more seek asks whether that group has a
# subscriber active at :now (the index's third column). Two seeks per group, none per row.
_SKIP_SCAN = (
    text(
        """
WITH RECURSIVE slot(timezone, send_time) AS (
    (SELECT timezone, send_time FROM user_detail WHERE timezone IS NOT NULL
     ORDER BY timezone, send_time LIMIT 1)
    UNION ALL
    SELECT later.timezone, later.send_time FROM slot CROSS JOIN LATERAL (
        SELECT u.timezone, u.send_time FROM user_detail u
        WHERE (u.timezone, u.send_time) > (slot.timezone, slot.send_time)
        ORDER BY u.timezone, u.send_time LIMIT 1
    ) AS later
)
SELECT timezone, send_time FROM slot
WHERE EXISTS (
    SELECT 1 FROM user_detail u
    WHERE u.timezone = slot.timezone AND u.send_time = slot.send_time AND u.obsoleted_on > :now
)
ORDER BY timezone, send_time
"""
    )
    .bindparams(bindparam("now", type_=UTCDateTime()))
    .columns(timezone=String(), send_time=Time())
)

# Since when a subscriber is owed their slots: when they joined, or for a subscriber at
# sunrise the instant of the one sunrise slot their send time stands for.
_OWED_SINCE = type_coerce(
    case(
        (UserDetail.sunrise_offset.is_(None), UserDetail.created_on),
        else_=func.coalesce(UserDetail.sunrise_due_at, UserDetail.created_on),
    ),
    UTCDateTime(),
)


def first_subscribed(session: Session, now: datetime) -> dict[tuple[str, time], datetime]:
    """For each active (zone, send time) with a zone, since when its earliest active
    subscriber is owed its slots: when they joined, or for a subscriber at sunrise the
    instant of the one sunrise slot their send time stands for (``sunrise_due_at``).
    (Reads every active subscriber: for reports; the planner asks ``owed_slots``.)"""
    require_aware(now, "now")
    query = (
        select(UserDetail.timezone, UserDetail.send_time, func.min(_OWED_SINCE))
        .where(UserDetail.timezone.is_not(None), UserDetail.obsoleted_on > now)
        .group_by(UserDetail.timezone, UserDetail.send_time)
    )
    return {
        (zone, send_time): joined
        for zone, send_time, joined in session.execute(query)
        if zone is not None
    }


def owed_slots(
    session: Session, slots: list[tuple[str, time, datetime]], now: datetime
) -> set[tuple[str, time, datetime]]:
    """Those of the (zone, send time, due instant) slots owed to at least one subscriber
    active at ``now``: one owed since (``first_subscribed``) at or before the instant.
    Each slot is one index seek that stops at the first such subscriber."""
    require_aware(now, "now")
    return {slot for slot in slots if session.scalar(_owed_query(*slot, now)) is not None}


def _owed_query(zone: str, send_time: time, due_at: datetime, now: datetime):
    return (
        select(UserDetail.id)
        .where(
            UserDetail.timezone == zone,
            UserDetail.send_time == send_time,
            UserDetail.obsoleted_on > now,
            due_at >= _OWED_SINCE,
        )
        .limit(1)
    )


def slot_places(session: Session, run: BroadcastRun, now: datetime) -> list[tuple]:
    """Distinct (latitude, longitude, city name or None) of the active subscribers of
    ``run``'s slot: the places whose panchangams its batches will need."""
    query = (
        select(UserDetail.latitude, UserDetail.longitude, CityDetail.city)
        .outerjoin(CityDetail, CityDetail.id == UserDetail.city_id)
        .where(
            UserDetail.timezone == run.timezone,
            UserDetail.send_time == run.send_time,
            UserDetail.obsoleted_on > now,
            UserDetail.latitude.is_not(None),
            UserDetail.longitude.is_not(None),
        )
        .distinct()
    )
    return [tuple(row) for row in session.execute(query)]


def wrote_since(session: Session, user_ids: list[int], since: datetime) -> set[int]:
    """Those of ``user_ids`` who wrote to us at or after ``since`` (an open service window)."""
    if not user_ids:
        return set()
    query = (
        wrote_from_an_address()
        .where(UserDetail.id.in_(user_ids), InboundMessage.received_at >= since)
        .distinct()
    )
    return set(session.execute(query).scalars())


def owing_blocked_notice(session: Session, where) -> list[UserDetail]:
    """Subscribers matching ``where`` with a blocked message they were never told about."""
    blocked = select(MessageLog.id).where(
        MessageLog.user_id == UserDetail.id, MessageLog.status == LedgerStatus.BLOCKED
    )
    query = select(UserDetail).where(
        where, UserDetail.blocked_notice_at.is_(None), blocked.exists()
    )
    return list(session.execute(query.order_by(UserDetail.id)).scalars())


def subscribers_with_ids(user_ids) -> ColumnElement[bool]:
    """The WHERE clause of the subscribers ``user_ids`` (for ``owing_blocked_notice``)."""
    return UserDetail.id.in_(user_ids)


def located_in_zone(session: Session, zone: str, now: datetime) -> list[int]:
    """The ids of ``zone``'s active subscribers with a place, in id order."""
    query = select(UserDetail.id).where(
        UserDetail.timezone == zone,
        UserDetail.obsoleted_on > now,
        UserDetail.latitude.is_not(None),
        UserDetail.longitude.is_not(None),
    )
    return list(session.scalars(query.order_by(UserDetail.id)))


def note_blocked_notice(session: Session, user_ids: list[int], now: datetime) -> None:
    """Remember that these subscribers were told (they are never told again)."""
    if user_ids:
        statement = update(UserDetail).where(UserDetail.id.in_(user_ids))
        session.execute(statement.values(blocked_notice_at=now))


def sunrise_subscribers_due(session: Session, now: datetime) -> list[tuple]:
    """(id, zone, latitude, longitude, offset, send time, due) of active subscribers at sunrise
    whose sunrise slot is unknown or has come (``sunrise_due_at <= now``): the ones a
    planner pass may move on to their next sunrise."""
    query = select(
        UserDetail.id,
        UserDetail.timezone,
        UserDetail.latitude,
        UserDetail.longitude,
        UserDetail.sunrise_offset,
        UserDetail.send_time,
        UserDetail.sunrise_due_at,
    ).where(
        UserDetail.sunrise_offset.is_not(None),
        UserDetail.obsoleted_on > now,
        UserDetail.timezone.is_not(None),
        UserDetail.latitude.is_not(None),
        UserDetail.longitude.is_not(None),
        or_(UserDetail.sunrise_due_at.is_(None), UserDetail.sunrise_due_at <= now),
    )
    return [tuple(row) for row in session.execute(query)]


def set_sunrise_slot(
    session: Session, user_ids: list[int], send_time: time, due_at: datetime
) -> None:
    """Give these subscribers at sunrise their next slot: ``send_time``, due at ``due_at``."""
    for first in range(0, len(user_ids), 1000):
        statement = update(UserDetail).where(UserDetail.id.in_(user_ids[first : first + 1000]))
        session.execute(statement.values(send_time=send_time, sunrise_due_at=due_at))
