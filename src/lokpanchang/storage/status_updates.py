"""The ledger rows (``message_log``) that channels' status updates name, and their
subscribers: loaded for ``conversation.statuses`` to move, in the caller's session."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import or_, select

from lokpanchang.storage.db import Session
from lokpanchang.storage.models import MessageLog, UserDetail

# Ids per IN (...) list: well under SQLite's and PostgreSQL's parameter limits.
LOOKUP_CHUNK = 1000


def rows_named(session: Session, ids: list[int], message_ids: list[str]) -> list[MessageLog]:
    """The rows named by id or by the channel's message id, locked (FOR UPDATE on
    PostgreSQL) in id order, so two appliers never take the same rows in opposite orders."""
    found: dict[int, MessageLog] = {}
    for chunk_ids, chunk_messages in _chunks(ids, message_ids):
        query = (
            select(MessageLog)
            .where(
                or_(
                    MessageLog.id.in_(chunk_ids),
                    MessageLog.whatsapp_message_id.in_(chunk_messages),
                )
            )
            .order_by(MessageLog.id)
            .with_for_update()
        )
        found.update((row.id, row) for row in session.execute(query).scalars())
    return [found[key] for key in sorted(found)]


def _chunks(ids: list[int], message_ids: list[str]) -> Iterable[tuple[list[int], list[str]]]:
    for start in range(0, max(len(ids), len(message_ids)), LOOKUP_CHUNK):
        yield ids[start : start + LOOKUP_CHUNK], message_ids[start : start + LOOKUP_CHUNK]


def subscribers_by_id(session: Session, ids: list[int]) -> dict[int, UserDetail]:
    """The stored subscribers with ``ids``, by id."""
    found: dict[int, UserDetail] = {}
    for start in range(0, len(ids), LOOKUP_CHUNK):
        query = select(UserDetail).where(UserDetail.id.in_(ids[start : start + LOOKUP_CHUNK]))
        found.update((user.id, user) for user in session.execute(query).scalars())
    return found
