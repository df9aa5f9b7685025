"""Status updates applied to the ledger in bulk: forward only, idempotent, a few statements.

``apply_statuses(session, statuses, now)`` loads every ledger row the updates name (by the
row id in their callback data, else by the channel's message id) and their subscribers in
one query each, the rows locked in id order, then moves each row as its updates say, in
the order given, judged by the adapter of the update's channel (the rows and subscribers are
loaded by ``storage.status_updates``). Statuses never go back (``storage.states``): a repeated
or reordered update changes nothing; an ``ambiguous`` row is resolved by its status. The
session's flush writes the changed rows (one executemany per set of changed columns).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import structlog

from lokpanchang.delivery.adapters import adapter
from lokpanchang.delivery.events import StatusUpdate
from lokpanchang.storage import status_updates, subscriber_history
from lokpanchang.storage.db import Session
from lokpanchang.storage.states import LedgerStatus, may_move

log = structlog.get_logger(__name__)

# What a status webhook may say of a message we sent; statuses never go back (states.py).
STATUSES = {
    "sent": LedgerStatus.SENT,
    "delivered": LedgerStatus.DELIVERED,
    "read": LedgerStatus.READ,
    "failed": LedgerStatus.FAILED,
}


@dataclass
class StatusCounts:
    applied: int = 0  # named a row of ours (moved, or already as far)
    ignored: int = 0  # named no row, or said something we do not know


@dataclass
class _Loaded:
    """The ledger rows named, by id and by message id, and their subscribers by id (stored
    rows, ``storage.status_updates``)."""

    by_id: dict[int, Any]
    by_message_id: dict[str, Any]
    users: dict[int, Any]

    def row(self, status: StatusUpdate):
        if status.ledger_id is not None:
            return self.by_id.get(status.ledger_id)
        return self.by_message_id.get(status.message_id) if status.message_id else None


def apply_statuses(
    session: Session, statuses: Sequence[StatusUpdate], now: datetime
) -> StatusCounts:
    """Apply ``statuses`` in order to the ledger rows they name; returns what was applied."""
    counts = StatusCounts()
    if not statuses:
        return counts
    loaded = _load(session, statuses)
    for status in statuses:
        row, state = loaded.row(status), STATUSES.get(status.status)
        if row is None or state is None:
            counts.ignored += 1
            continue
        _apply(session, row, status, state, loaded.users.get(row.user_id), now)
        counts.applied += 1
    return counts


def _load(session: Session, statuses: Sequence[StatusUpdate]) -> _Loaded:
    ids = sorted({s.ledger_id for s in statuses if s.ledger_id is not None})
    message_ids = sorted({s.message_id for s in statuses if s.ledger_id is None and s.message_id})
    rows = status_updates.rows_named(session, ids, message_ids)
    by_message_id: dict[str, Any] = {}
    for row in rows:  # in id order: the first row with a message id wins, as one lookup did
        if row.whatsapp_message_id:
            by_message_id.setdefault(row.whatsapp_message_id, row)
    users = status_updates.subscribers_by_id(session, sorted({row.user_id for row in rows}))
    return _Loaded({row.id: row for row in rows}, by_message_id, users)


def _apply(
    session: Session,
    row,
    status: StatusUpdate,
    state: LedgerStatus,
    user,
    now: datetime,
) -> None:
    if row.whatsapp_message_id is None and status.message_id:
        row.whatsapp_message_id = status.message_id
    if state is LedgerStatus.FAILED:
        _apply_failed(session, row, status, user, now)
    elif row.status != state and may_move(LedgerStatus(row.status), state):
        _move_forward(row, state, user, now)


def _move_forward(row, state: LedgerStatus, user, now: datetime) -> None:
    row.status = state
    row.sent_at = row.sent_at or now
    if state in (LedgerStatus.DELIVERED, LedgerStatus.READ):
        row.delivered_at = row.delivered_at or now
        if user is not None:
            user.undeliverable_days = 0  # the count is of *consecutive* undeliverable days
    if state == LedgerStatus.READ:
        row.read_at = row.read_at or now


def _apply_failed(
    session: Session,
    row,
    status: StatusUpdate,
    user,
    now: datetime,
) -> None:
    code = status.error_code
    counted_today = row.status == LedgerStatus.FAILED and row.error_code == code  # a repeat
    days = user.undeliverable_days or 0 if user is not None else 0
    action = adapter(status.channel).failed_status_action(code, days, counted_today)
    target = LedgerStatus.BLOCKED if action.blocked else LedgerStatus.FAILED
    if not may_move(LedgerStatus(row.status), target):
        return  # delivered to one device already; a late failure from another does not undo it
    row.status, row.failed_at, row.error_code = target, now, code
    row.error_detail = status.error_detail
    if user is None:
        return
    user.undeliverable_days = action.undeliverable_days
    if action.disable and user.is_active(now):
        deactivate(session, user, now, "disabled", action.reason or "")


def deactivate(session: Session, user, now: datetime, kind: str, reason: str) -> None:
    """End ``user``'s subscription now (``kind`` ``disabled`` keeps the reason) and record it."""
    user.obsoleted_on, user.updated_on = now, now
    user.disabled_reason = reason[:200] if kind == "disabled" else None
    subscriber_history.record_event(session, user.id, kind, now, reason[:500])
    log.info("subscriber.deactivated", user_id=user.id, kind=kind, reason=reason)
