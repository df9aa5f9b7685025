"""One subscriber's history: their ledger rows (what was sent them, day by day) and their
events (``subscription_event``: subscribed, stopped, moved …). Records out."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import TypeVar

from sqlalchemy import select

from lokpanchang.storage.db import Session, transaction
from lokpanchang.storage.models import MessageLog, SubscriptionEvent
from lokpanchang.storage.records import record
from lokpanchang.storage.states import JOINING_EVENTS

R = TypeVar("R")


@dataclass(frozen=True)
class LedgerEntry:
    """One ``message_log`` row as the subscriber's page shows it."""

    local_date: date
    kind: str
    status: str
    late: bool
    run_id: int | None
    sent_at: datetime | None
    delivered_at: datetime | None
    read_at: datetime | None
    error_code: int | None
    error_detail: str | None


@dataclass(frozen=True)
class EventRecord:
    """One ``subscription_event`` row."""

    kind: str
    at: datetime
    detail: str


def ledger(url: str, user_id: int, limit: int = 60) -> list[LedgerEntry]:
    """``user_id``'s latest ``limit`` ledger rows, newest local date first."""
    return _latest(url, LedgerEntry, MessageLog, MessageLog.local_date, user_id, limit)


def ledger_on(url: str, user_id: int, local_date: date) -> LedgerEntry | None:
    """``user_id``'s ledger row for ``local_date`` (one at most), or None."""
    query = select(MessageLog).where(
        MessageLog.user_id == user_id, MessageLog.local_date == local_date
    )
    with transaction(url) as session:
        row = session.scalar(query)
        return None if row is None else record(LedgerEntry, row)


def events(url: str, user_id: int, limit: int = 30) -> list[EventRecord]:
    """``user_id``'s latest ``limit`` events, newest first."""
    return _latest(url, EventRecord, SubscriptionEvent, SubscriptionEvent.at, user_id, limit)


def _latest(url: str, cls: type[R], model, newest, user_id: int, limit: int) -> list[R]:
    query = select(model).where(model.user_id == user_id).order_by(newest.desc()).limit(limit)
    with transaction(url) as session:
        return [record(cls, row) for row in session.scalars(query)]


def joined_at(url: str, at: datetime) -> list[int]:
    """Ids of the subscribers who joined or resumed at exactly ``at`` (one command's
    events), sorted."""
    query = select(SubscriptionEvent.user_id).where(
        SubscriptionEvent.at == at, SubscriptionEvent.kind.in_(JOINING_EVENTS)
    )
    with transaction(url) as session:
        return sorted(set(session.execute(query).scalars()))


def sign_new_events(session: Session, user_id: int, note: str) -> None:
    """Add ``note`` to the events of ``user_id`` this session is about to write (an
    operator's name on the events the subscribers domain just recorded)."""
    for event in session.new:
        if isinstance(event, SubscriptionEvent) and event.user_id == user_id:
            event.detail = " ".join(filter(None, [event.detail, note]))


def record_event(session: Session, user_id: int, kind: str, at: datetime, detail: str = "") -> None:
    """Add the event ``kind`` of subscriber ``user_id`` at ``at`` to ``session``."""
    session.add(SubscriptionEvent(user_id=user_id, kind=kind, at=at, detail=detail))
