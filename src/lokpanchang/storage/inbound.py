"""The durable inbound store (``inbound_webhook``): verified webhooks, kept until handled.

A channel's verified webhook is stored and committed before the channel gets its 200
(``store``): people's messages as the channel's own body (``InboundWork.CONVERSATION``),
status updates as neutral events (``store_statuses``; they name no one). Tasks take only a
row's id (``claim``) or drain the statuses (``take_statuses``), and remove what they handled
in the same transaction as its effects. A task the broker lost is queued again by recovery
(``overdue``); erasure removes the waiting rows that name the erased person
(``forget_naming``).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import datetime

from sqlalchemy import delete, exists, func, or_, select, update
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.orm import Session

from lokpanchang.delivery.events import StatusUpdate
from lokpanchang.storage.db import affected_rows
from lokpanchang.storage.models import InboundWebhook, InboundWork

UNAVAILABLE = (OperationalError, InterfaceError)
"""What storing raises when the database cannot be reached: nothing was stored."""


@dataclass(frozen=True)
class StoredWebhook:
    id: int
    channel: str
    body: dict


@dataclass(frozen=True)
class Overdue:
    """What recovery found: conversation rows to queue again, statuses left waiting, and
    rows given up (queued again too often)."""

    conversation_ids: list[int]
    statuses_waiting: bool
    given_up_ids: list[int]


def store(session: Session, channel: str, body: dict, now: datetime) -> int:
    """Keep a channel's verified ``body`` (people's messages) until a worker handles it."""
    return _add(session, channel, InboundWork.CONVERSATION, compact_json(body), now)


def store_statuses(
    session: Session, channel: str, statuses: list[StatusUpdate], now: datetime
) -> int:
    """Keep a webhook's status updates until the applier takes them."""
    body = compact_json([asdict(status) for status in statuses])
    return _add(session, channel, InboundWork.STATUSES, body, now)


def _add(session: Session, channel: str, work: InboundWork, body: str, now: datetime) -> int:
    row = InboundWebhook(channel=channel, work=work, body=body, received_at=now, attempts=0)
    session.add(row)
    session.flush()
    return row.id


def compact_json(value: object) -> str:
    """The stored form: JSON without spaces, so erasure can find an address in it."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def claim(session: Session, inbound_id: int) -> StoredWebhook | None:
    """The waiting conversation row ``inbound_id``, locked until the transaction ends; None
    when it was handled (or forgotten) already."""
    row = session.execute(
        select(InboundWebhook.id, InboundWebhook.channel, InboundWebhook.body)
        .where(InboundWebhook.id == inbound_id, InboundWebhook.work == InboundWork.CONVERSATION)
        .with_for_update()
    ).first()
    return None if row is None else StoredWebhook(row.id, row.channel, json.loads(row.body))


def take_statuses(session: Session, limit: int) -> tuple[list[int], list[StatusUpdate]]:
    """Up to ``limit`` waiting status rows, oldest first, locked (rows another applier holds
    are skipped); their ids and status updates."""
    rows = session.execute(
        select(InboundWebhook.id, InboundWebhook.body)
        .where(InboundWebhook.work == InboundWork.STATUSES)
        .order_by(InboundWebhook.id)
        .limit(limit)
        .with_for_update(skip_locked=True)
    ).all()
    statuses = [StatusUpdate(**fields) for row in rows for fields in json.loads(row.body)]
    return [row.id for row in rows], statuses


def remove(session: Session, ids: list[int]) -> None:
    """Drop handled rows (in the transaction that applied them)."""
    if ids:
        session.execute(delete(InboundWebhook).where(InboundWebhook.id.in_(ids)))


def overdue(session: Session, before: datetime, max_attempts: int, limit: int) -> Overdue:
    """Rows received before ``before`` and still waiting: conversation rows are counted as
    queued once more (those queued ``max_attempts`` times already are dropped instead)."""
    old = session.execute(
        select(InboundWebhook.id, InboundWebhook.attempts)
        .where(InboundWebhook.work == InboundWork.CONVERSATION, InboundWebhook.received_at < before)
        .order_by(InboundWebhook.id)
        .limit(limit)
    ).all()
    given_up = [row.id for row in old if row.attempts >= max_attempts]
    again = [row.id for row in old if row.attempts < max_attempts]
    remove(session, given_up)
    if again:
        bump = update(InboundWebhook).where(InboundWebhook.id.in_(again))
        session.execute(bump.values(attempts=InboundWebhook.attempts + 1))
    waiting = session.scalar(
        select(
            exists().where(
                InboundWebhook.work == InboundWork.STATUSES, InboundWebhook.received_at < before
            )
        )
    )
    return Overdue(again, bool(waiting), given_up)


def forget_naming(session: Session, needles: list[str]) -> int:
    """Drop waiting conversation rows whose stored body contains any of ``needles`` (an
    erased person's address as the channel writes it); how many."""
    if not needles:
        return 0
    result = session.execute(
        delete(InboundWebhook).where(
            InboundWebhook.work == InboundWork.CONVERSATION,
            or_(*(InboundWebhook.body.contains(needle, autoescape=True) for needle in needles)),
        )
    )
    return affected_rows(result)


def waiting(session: Session, work: InboundWork | None = None) -> int:
    """How many rows wait (of one kind of work, or all)."""
    query = select(func.count()).select_from(InboundWebhook)
    if work is not None:
        query = query.where(InboundWebhook.work == work)
    return session.scalar(query) or 0
