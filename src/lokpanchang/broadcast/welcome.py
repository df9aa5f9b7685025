"""Sign-up policy: a subscriber whose send time has already passed today gets today's
panchangam once, at sign-up; the daily runs serve them from tomorrow.

The ledger row (subscriber, local date) taken here is the same one the daily run would take,
so a late or repeated run never sends that day a second time.
"""

from __future__ import annotations

import asyncio
from datetime import datetime

import structlog

from lokpanchang import planning
from lokpanchang.broadcast.sending import SendContext, apply_result, render_messages, run_async
from lokpanchang.storage import queries
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import MessageLog, UserDetail

log = structlog.get_logger(__name__)


def welcome_send(user_id: int, now: datetime, ctx: SendContext | None = None) -> str:
    """Send today's panchangam to a new subscriber if today's send time has passed.

    Returns what happened: ``"sent"`` (or another ledger status), ``"daily"`` (today's run
    will serve them), ``"already"`` (they have today's message), or ``"inactive"``.
    """
    owned = ctx is None  # called from a web request: a channel of its own, closed afterwards
    if ctx is None:
        from lokpanchang.broadcast import make_context
        from lokpanchang.config import get_settings

        ctx = make_context(get_settings())
    with transaction(ctx.url) as session:
        user = session.get(UserDetail, user_id)
        if user is None or not user.is_active(now) or not _locatable(user):
            return "inactive"
        zone = user.location()[2]
        local_date = planning.local_date_at(zone, now)
        due = planning.occurrence(zone, local_date, user.send_time)
        if due is not None and now < due:
            return "daily"
        ledger_id = _take_today(session, user, local_date, now)
        if ledger_id is None:
            return "already"
        rows = queries.recipients(session, [ledger_id])
    return _send_one(ctx, rows, now, close=owned)


def _locatable(user: UserDetail) -> bool:
    return bool(user.timezone) and user.latitude is not None and user.longitude is not None


def _take_today(session, user: UserDetail, local_date, now: datetime) -> int | None:
    statement = (
        queries.insert_ignoring_conflicts(session, MessageLog)
        .values(
            user_id=user.id,
            local_date=local_date,
            timezone=user.timezone,
            kind="welcome",
            status="sending",
            scheduled_at=now,
            claimed_at=now,
            attempts=1,
            late=False,
        )
        .on_conflict_do_nothing(index_elements=["user_id", "local_date"])
        .returning(MessageLog.id)
    )
    return session.execute(statement).scalar_one_or_none()


async def _deliver(sender, messages, close: bool):
    try:
        return await sender.send_batch(messages)
    finally:
        if close:
            await sender.close()


def _send_one(ctx: SendContext, rows, now: datetime, close: bool) -> str:
    messages, failures = render_messages(ctx.content, rows)
    if failures:
        with transaction(ctx.url) as session:
            ledger_id = next(iter(failures))
            queries.set_ledger_status(
                session, [ledger_id], "failed", error_detail=failures[ledger_id]
            )
        return "failed"
    # A context of our own: its own loop, closed with its channel. A shared one (a bulk
    # import's) keeps its channel on this thread's long-lived loop, like a worker's batches.
    delivery = _deliver(ctx.sender, messages, close)
    results = asyncio.run(delivery) if close else run_async(delivery)
    with transaction(ctx.url) as session:
        apply_result(session, results[0], now)
    log.info("welcome.sent", ledger_id=results[0].ledger_id, outcome=str(results[0].outcome))
    return str(results[0].outcome)
