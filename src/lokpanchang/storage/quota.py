"""SQL for the messaging limit: unique subscribers reached in the last 24 h, from the ledgers.

A row counts from the instant it was admitted (``admitted_at``) while it may reach its
subscriber: owed, in flight, accepted, ambiguous, or failed after the channel accepted it.
Rows deferred, skipped, blocked, missed or halted did not reach anyone. Subscribers on
a channel without a messaging limit (``tiered`` names those with one) never count, and subscribers who
wrote to us in the window do not count (messages inside a customer-service window are
outside the limit). Admissions are serialised by one lock row, so two workers admitting at
the same moment cannot both take the last places.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from sqlalchemy import and_, func, or_, select, union, update
from sqlalchemy.orm import Session, aliased

from lokpanchang.storage.db import in_chunks, insert_ignoring_conflicts
from lokpanchang.storage.models import (
    FOREVER,
    AnnouncementLog,
    InboundMessage,
    MessageLog,
    ReplyLog,
    SchedulerLock,
    SubscriberAddress,
    UserDetail,
)
from lokpanchang.storage.states import LedgerStatus

WINDOW = timedelta(hours=24)
QUOTA_LOCK_KEY = "quota:messaging-limit"
L = LedgerStatus
REACHING = (
    L.PENDING,
    L.PREPARED,
    L.CLAIMED,
    L.RETRY,
    L.SENDING,
    L.SENT,
    L.DELIVERED,
    L.READ,
    L.AMBIGUOUS,
)
REACHED = (L.SENT, L.DELIVERED, L.READ, L.AMBIGUOUS)


def lock(session: Session) -> None:
    """Hold the quota's lock row until the transaction ends (a write: serialises everywhere)."""
    statement = insert_ignoring_conflicts(session, SchedulerLock).values(
        key=QUOTA_LOCK_KEY, expires_at=FOREVER
    )
    session.execute(statement.on_conflict_do_nothing(index_elements=["key"]))
    session.execute(
        update(SchedulerLock).where(SchedulerLock.key == QUOTA_LOCK_KEY).values(expires_at=FOREVER)
    )


def _reaching(model, since: datetime, tiered: tuple[str, ...]):
    accepted_then_failed = and_(model.status == L.FAILED, model.whatsapp_message_id.is_not(None))
    return select(model.user_id.label("user_id")).where(
        model.admitted_at > since,
        or_(model.status.in_(REACHING), accepted_then_failed),
        model.user_id.not_in(_off_tier(tiered)),
    )


def _off_tier(tiered: tuple[str, ...]):
    """Subscribers on a channel without a messaging limit: it is none of their business."""
    return select(UserDetail.id).where(UserDetail.channel.not_in(tiered))


def off_tier(session: Session, user_ids: list[int], tiered: tuple[str, ...]) -> set[int]:
    """Those of ``user_ids`` whose messages go to a channel not in ``tiered``."""
    if not user_ids:
        return set()
    return set(session.execute(_off_tier(tiered)).scalars()) & set(user_ids)


def reached_users(session: Session, now: datetime, tiered: tuple[str, ...]) -> set[int]:
    """Subscribers with a business-initiated message counting in the 24 h before ``now``."""
    since = now - WINDOW
    query = union(_reaching(MessageLog, since, tiered), _reaching(AnnouncementLog, since, tiered))
    return set(session.execute(query).scalars())


def wrote_from_an_address():
    """Subscribers joined to the inbound messages sent from one of their addresses."""
    return (
        select(UserDetail.id)
        .join(SubscriberAddress, SubscriberAddress.user_id == UserDetail.id)
        .join(InboundMessage, InboundMessage.from_phone == SubscriberAddress.address)
    )


def _in_window(now: datetime):
    return wrote_from_an_address().where(InboundMessage.received_at > now - WINDOW).distinct()


def users_in_window(session: Session, now: datetime) -> set[int]:
    """Subscribers who wrote to us in the 24 h before ``now`` (an open service window)."""
    return set(session.execute(_in_window(now)).scalars())


def used(session: Session, now: datetime, tiered: tuple[str, ...]) -> int:
    """How many unique subscribers count against the limit in the 24 h before ``now``
    (counted in the database: the window may hold millions)."""
    since = now - WINDOW
    reached = union(
        _reaching(MessageLog, since, tiered), _reaching(AnnouncementLog, since, tiered)
    ).subquery()
    query = (
        select(func.count()).select_from(reached).where(reached.c.user_id.not_in(_in_window(now)))
    )
    return (session.scalar(query) or 0) + direct_reached(session, now, tiered)


def direct_reached(session: Session, now: datetime, tiered: tuple[str, ...]) -> int:
    """Addresses a business-initiated direct send (``reply_log``: an operator's test
    message, a template) reached on a channel in ``tiered`` in the 24 h before ``now``.
    Counted by address, beside the subscribers: a test to a subscriber's number counts
    twice at most, so the limit is never exceeded."""
    query = select(func.count(func.distinct(ReplyLog.address))).where(
        ReplyLog.admitted_at > now - WINDOW,
        ReplyLog.message_kind == "broadcast",
        ReplyLog.channel.in_(tiered),
        ReplyLog.status.in_(REACHING),
    )
    return session.scalar(query) or 0


def deferrals(session: Session, user_ids: list[int], since: date) -> dict[int, int]:
    """How many days since local date ``since`` each subscriber has waited in a row: their
    deferred rows after the last message that reached them."""
    later = aliased(MessageLog)
    reached_later = (
        select(later.id)
        .where(
            later.user_id == MessageLog.user_id,
            later.local_date > MessageLog.local_date,
            later.status.in_(REACHED),
        )
        .exists()
    )
    found: dict[int, int] = {}
    for chunk in in_chunks(user_ids):
        query = (
            select(MessageLog.user_id, func.count())
            .where(
                MessageLog.user_id.in_(chunk),
                MessageLog.local_date >= since,
                MessageLog.status == L.DEFERRED,
                ~reached_later,
            )
            .group_by(MessageLog.user_id)
        )
        found.update(dict(session.execute(query).all()))
    return found
