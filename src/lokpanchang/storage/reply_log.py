"""SQL for ``reply_log``, the ledger of direct sends (``broadcast.direct``): a reply to
someone who wrote, an operator's test message, an e-mail confirmation.

A row is keyed by its cause (``kind``, ``key``): the same cause owed twice (a task run again,
a form posted twice) finds the row already there and sends nothing more. Its recipient is an
address (``channel``, ``address``), a subscriber's (``user_id``) when it is one; the message
is stored as it was rendered when asked for, so a row sent after a crash or a back-off says
what it said then.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, or_, select, text, update
from sqlalchemy.orm import Session

from lokpanchang.storage.db import affected_rows
from lokpanchang.storage.models import ReplyLog, SubscriberAddress
from lokpanchang.storage.states import OPEN_LEDGER, OWED_LEDGER, DirectKind, LedgerStatus

UNIQUE = ["kind", "key"]
"""``reply_log``'s key: one row per cause."""


@dataclass(frozen=True)
class Recipient:
    """Whom a row goes to, as the pipeline reads a subscriber: ``id`` is the subscriber's (0:
    an address that is no one's), ``number_id`` our identity the row goes out from."""

    id: int
    channel: str
    address: str
    number_id: str
    language: str


def owed_row(kind: DirectKind, key: str, message, user_id: int | None, now: datetime) -> dict:
    """A pending row for ``message`` (a ``delivery.base.OutgoingMessage``) under its cause."""
    return {
        "kind": kind,
        "key": key,
        "user_id": user_id,
        "channel": message.channel,
        "address": message.to,
        "via": message.via,
        "language": message.language,
        "message_kind": str(message.kind),
        "template": message.template,
        "parameters": list(message.parameters),
        "text": message.text,
        "status": LedgerStatus.PENDING,
        "created_at": now,
        "attempts": 0,
    }


def subscribers_at(session: Session, channel: str, addresses: list[str]) -> dict[str, int]:
    """The subscriber at each of ``addresses`` on ``channel`` that is someone's."""
    if not addresses:
        return {}
    query = select(SubscriberAddress.address, SubscriberAddress.user_id).where(
        SubscriberAddress.channel == channel, SubscriberAddress.address.in_(set(addresses))
    )
    return {address: user_id for address, user_id in session.execute(query)}  # noqa: C416


def of_keys(kind: DirectKind, keys: list[str]):
    """The WHERE clause of the rows of ``kind`` with these keys."""
    return and_(ReplyLog.kind == kind, ReplyLog.key.in_(keys))


def ids_of_keys(session: Session, kind: DirectKind, keys: list[str]) -> dict[str, int]:
    """The row id of each of ``keys`` (of ``kind``) that has one."""
    query = select(ReplyLog.key, ReplyLog.id).where(of_keys(kind, keys))
    return {key: row_id for key, row_id in session.execute(query)}  # noqa: C416


def kinds_of(session: Session, row_ids: list[int]) -> dict[int, str]:
    """Each of ``row_ids`` -> its kind (``DirectKind``)."""
    query = select(ReplyLog.id, ReplyLog.kind).where(ReplyLog.id.in_(row_ids))
    return {row_id: kind for row_id, kind in session.execute(query)}  # noqa: C416


def sorts_of(session: Session, row_ids: list[int], tiered: tuple[str, ...]) -> dict:
    """Each of ``row_ids`` -> (its message's kind, whether its channel is in ``tiered``)."""
    if not row_ids:
        return {}
    query = select(ReplyLog.id, ReplyLog.message_kind, ReplyLog.channel.in_(tiered))
    rows = session.execute(query.where(ReplyLog.id.in_(row_ids)))
    return {row_id: (kind, bool(on_tier)) for row_id, kind, on_tier in rows}


def among(ids: list[int], bounds: tuple[int, int], since: datetime):
    """The WHERE clause of the rows among ``ids`` within inclusive id ``bounds`` written
    after ``since``."""
    return and_(ReplyLog.id.in_(ids), ReplyLog.id.between(*bounds), ReplyLog.created_at > since)


def fresh(since: datetime):
    """The WHERE clause of the rows written after ``since``."""
    return ReplyLog.created_at > since


def expire(session: Session, before: datetime) -> int:
    """Rows still owed that were written before ``before`` are never sent ('missed'): an
    answer that late answers nothing, and a form's result was shown long ago."""
    where = and_(ReplyLog.created_at <= before, ReplyLog.status.in_(OWED_LEDGER))
    statement = update(ReplyLog).where(where).values(status=LedgerStatus.MISSED)
    return affected_rows(session.execute(statement.values(error_detail="too late to send")))


def with_recipients(session: Session, row_ids: list[int]) -> list[tuple]:
    """(row, ``Recipient``) for each of ``row_ids``, in id order."""
    if not row_ids:
        return []
    rows = session.scalars(select(ReplyLog).where(ReplyLog.id.in_(row_ids)).order_by(ReplyLog.id))
    return [(row, recipient_of(row)) for row in rows]


def recipient_of(row: ReplyLog) -> Recipient:
    return Recipient(row.user_id or 0, row.channel, row.address, row.via, row.language)


def rows_by_id(session: Session, row_ids: list[int]) -> dict[int, ReplyLog]:
    """The rows with these ids (detached values: read after the session ends)."""
    rows = session.scalars(select(ReplyLog).where(ReplyLog.id.in_(row_ids))).all()
    session.expunge_all()
    return {row.id: row for row in rows}


def open_ids(session: Session, where) -> list[int]:
    """Ids of the rows matching ``where`` still in hand (owed, claimed, being sent)."""
    query = select(ReplyLog.id).where(where, ReplyLog.status.in_(OPEN_LEDGER))
    return list(session.scalars(query.order_by(ReplyLog.id)))


def forget(session: Session, addresses: list[str]) -> None:
    """The rows to ``addresses`` (of someone just erased, sent their last reply) keep
    nothing that names them."""
    if addresses:
        _blank(session, ReplyLog.address.in_(addresses), "erased")


def theirs(user_id: int, channel_addresses: Sequence[tuple[str, str]] = ()):
    """The WHERE clause of a subscriber's rows: theirs, to one of ``channel_addresses``
    (sent before they were a subscriber), or already blanked as theirs."""
    at = [and_(ReplyLog.channel == c, ReplyLog.address == a) for c, a in channel_addresses]
    return or_(ReplyLog.user_id == user_id, ReplyLog.address == f"erased-{user_id}", *at)


def erase(session: Session, user_id: int, channel_addresses: list[tuple[str, str]]) -> None:
    """A subscriber's rows (``theirs``) keep their kind, status and instants; nothing in
    them names the person: address, message, cause (an inbound message id encodes a phone
    number) and message id go. Blanking again is harmless: ``storage.erasure.settle`` does,
    after the sends that were on their way wrote their outcome."""
    _blank(session, theirs(user_id, channel_addresses), f"erased-{user_id}")


def _blank(session: Session, where, address: str) -> None:
    session.execute(
        update(ReplyLog)
        .where(where)
        .values(
            address=address,
            key=text("'erased-' || CAST(id AS VARCHAR(20))"),
            text="",
            parameters=[],
            via="",
            whatsapp_message_id=None,
            error_detail=None,
        )
    )
