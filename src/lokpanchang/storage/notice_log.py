"""SQL for ``notice_log``, the ledger of notices (``broadcast.notices``).

A subscriber owed a notice gets a row for the next occasion unless one of theirs is still in
hand (owed, claimed, being sent) or reached them (sent, delivered, read, ambiguous): two
tasks owing the same notice at once write one row (the unique key), and a notice that reached
someone is never owed again. One that did not reach them (deferred by the messaging limit,
blocked, failed) leaves them owed, as the next occasion.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session

from lokpanchang.storage.models import NoticeLog
from lokpanchang.storage.states import OPEN_LEDGER, SENT_LEDGER, LedgerStatus, NoticeKind

UNIQUE = ["user_id", "notice", "occasion"]
"""``notice_log``'s key: one row per subscriber, notice and occasion."""

IN_HAND_OR_REACHED = (*OPEN_LEDGER, *SENT_LEDGER, LedgerStatus.AMBIGUOUS)
"""A notice row in one of these states stands for the notice: no other is owed."""


def of_users(user_ids: list[int], notice: NoticeKind):
    """The WHERE clause of the ``notice`` rows of ``user_ids``."""
    return and_(NoticeLog.user_id.in_(user_ids), NoticeLog.notice == notice)


def owed_rows(
    session: Session, user_ids: list[int], notice: NoticeKind, now: datetime
) -> list[dict]:
    """A pending row of ``notice`` for each of ``user_ids`` with none in hand or reached
    (their next occasion)."""
    query = (
        select(
            NoticeLog.user_id,
            func.max(NoticeLog.occasion),
            func.count().filter(NoticeLog.status.in_(IN_HAND_OR_REACHED)),
        )
        .where(of_users(user_ids, notice))
        .group_by(NoticeLog.user_id)
    )
    earlier = {user_id: (last, standing) for user_id, last, standing in session.execute(query)}
    return [
        _row(user_id, notice, earlier.get(user_id, (0, 0))[0] + 1, now)
        for user_id in user_ids
        if not earlier.get(user_id, (0, 0))[1]
    ]


def _row(user_id: int, notice: NoticeKind, occasion: int, now: datetime) -> dict:
    return {
        "user_id": user_id,
        "notice": notice,
        "occasion": occasion,
        "status": LedgerStatus.PENDING,
        "created_at": now,
        "attempts": 0,
    }


def reached(session: Session, user_ids: list[int], notice: NoticeKind) -> list[int]:
    """Those of ``user_ids`` whom a ``notice`` reached (the channel accepted it)."""
    query = select(NoticeLog.user_id).where(
        of_users(user_ids, notice), NoticeLog.status.in_(SENT_LEDGER)
    )
    return sorted(set(session.execute(query).scalars()))
