"""The messaging limit (``WHATSAPP_MESSAGING_LIMIT``): never more unique subscribers reached
by business-initiated messages in any rolling 24 h than the account's tier allows.

Every selection that creates rows owed a send admits them here, in the same transaction, under
one lock (``storage.quota``): a row is admitted (it counts from now, for 24 h) or, when the
tier is full, moved to 'deferred' with the reason. Subscribers already counted in the window,
those who wrote to us in it, and subscribers on a channel without a messaging limit
(``Adapter.messaging_tier``) cost nothing. Who waits is chosen fairly across days:
whoever was deferred most in the last week goes first.

A direct send (``reply_log``, ``admit_direct``) is limited where Meta limits it: the limit
counts business-initiated conversations, those a template opens, so a reply inside the
person's 24-hour service window is admitted whatever the tier's use, and an operator's test
message (the daily template, to a number that may be no subscriber's) takes a place like
any other recipient (counted by its address: ``quota.direct_reached``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

import structlog

from lokpanchang.delivery.adapters import names_with
from lokpanchang.storage import ledger, quota
from lokpanchang.storage.db import Session
from lokpanchang.storage.states import LedgerStatus

log = structlog.get_logger(__name__)

FAIRNESS_DAYS = 7
TIERED = names_with("messaging_tier")
"""The channels whose messages count against the limit."""


@dataclass(frozen=True)
class Use:
    """How much of the tier the last 24 h used (``limit`` None: unlimited)."""

    used: int
    limit: int | None

    @property
    def remaining(self) -> int | None:
        return None if self.limit is None else max(0, self.limit - self.used)


def use(session: Session, limit: int | None, now: datetime) -> Use:
    """Unique subscribers counting against the tier in the 24 h before ``now``."""
    return Use(quota.used(session, now, TIERED), limit)


def deferred_reason(limit: int) -> str:
    return f"messaging limit reached: {limit} unique subscribers in the last 24 h"


def admit(
    session: Session,
    model: ledger.Ledger,
    candidates: list[tuple[int, int]],
    limit: int | None,
    now: datetime,
) -> tuple[list[int], list[int]]:
    """Admit or defer new rows given as (row id, subscriber id); (admitted, deferred) ids.

    Rows must be 'pending' and not yet admitted, created in this transaction.
    """
    if not candidates:
        return [], []
    if limit is None:
        ids = [row_id for row_id, _ in candidates]
        ledger.move(session, model, ids, LedgerStatus.PENDING, admitted_at=now)
        return ids, []
    admitted, deferred = _choose(session, candidates, limit, now)
    ledger.move(session, model, admitted, LedgerStatus.PENDING, admitted_at=now)
    reason = deferred_reason(limit)
    ledger.move(session, model, deferred, LedgerStatus.DEFERRED, error_detail=reason)
    if deferred:
        log.warning("tier.deferred", limit=limit, admitted=len(admitted), deferred=len(deferred))
    return admitted, deferred


def admit_direct(
    session: Session, candidates: list[tuple[int, int | None, bool]], limit, now: datetime
) -> tuple[list[int], list[int]]:
    """Admit or defer new direct sends given as (row id, subscriber id or None, whether it
    is business-initiated on a channel with the limit); (admitted, deferred) ids."""
    free = [row_id for row_id, _, initiated in candidates if not initiated or limit is None]
    counted = [(row_id, user_id or 0) for row_id, user_id, initiated in candidates]
    tiered = [pair for pair in counted if pair[0] not in free]
    admitted, deferred = _choose(session, tiered, limit, now) if tiered else ([], [])
    ledger.move(session, ledger.REPLIES, free + admitted, LedgerStatus.PENDING, admitted_at=now)
    if deferred:
        reason = deferred_reason(limit)
        ledger.move(session, ledger.REPLIES, deferred, LedgerStatus.DEFERRED, error_detail=reason)
        log.warning("tier.deferred", limit=limit, admitted=len(admitted), deferred=len(deferred))
    return free + admitted, deferred


def _choose(session, candidates, limit: int, now: datetime) -> tuple[list[int], list[int]]:
    quota.lock(session)
    reached = quota.reached_users(session, now, TIERED)
    window = quota.users_in_window(session, now)
    used = len(reached - window) + quota.direct_reached(session, now, TIERED)
    remaining = max(0, limit - used)
    others = quota.off_tier(session, [user_id for _, user_id in candidates], TIERED)
    free = reached | window | others  # counted already, in a service window, on no tier
    admitted, deferred = [], []
    for row_id, user_id in _fair_order(session, candidates, now):
        if user_id in free:
            admitted.append(row_id)
        elif remaining > 0:
            admitted.append(row_id)
            free.add(user_id)
            remaining -= 1
        else:
            deferred.append(row_id)
    return admitted, deferred


def _fair_order(session, candidates: list[tuple[int, int]], now: datetime) -> list[tuple]:
    """Whoever has waited most days in a row (within a week) first, then in row order."""
    since = (now - timedelta(days=FAIRNESS_DAYS)).date()
    waited = quota.deferrals(session, [user_id for _, user_id in candidates], since)
    return sorted(candidates, key=lambda pair: (-waited.get(pair[1], 0), pair[0]))
