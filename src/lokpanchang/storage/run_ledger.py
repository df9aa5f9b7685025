"""SQL for a daily run's rows in ``message_log``: owed for the whole slot at once, marked
prepared before the instant, withdrawn or expired on the way, and the run's last activity.

The rows themselves move like every ledger's (``storage.ledger``); what is here knows the run.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import and_, func, literal, or_, select
from sqlalchemy.orm import Session

from lokpanchang.storage.db import affected_rows, bulk_update, insert_ignoring_conflicts
from lokpanchang.storage.ledger import id_in, move_where, run_rows, status_in
from lokpanchang.storage.models import BroadcastRun, MessageLog, UserDetail
from lokpanchang.storage.states import OWED_LEDGER, LedgerKind, LedgerStatus, sources

L = LedgerStatus


def insert_run_rows(
    session: Session,
    run: BroadcastRun,
    now: datetime,
    status: LedgerStatus = L.PENDING,
    admitted_at: datetime | None = None,
) -> int:
    """Give every subscriber of ``run``'s slot a ledger row for its local date, once.

    Subscribers who joined after the slot's instant are left out: sign-up sends them
    today's message (welcome); so are those who paused that date (``pause N``). A subscriber who already has a row for that local date
    (welcome, another zone, an earlier run, an operator's send) keeps it.
    """
    subscribers = select(
        UserDetail.id,
        literal(run.local_date),
        literal(run.id),
        literal(run.timezone),
        literal(LedgerKind.DAILY.value),
        literal(LedgerStatus(status).value),
        literal(run.due_at, type_=MessageLog.scheduled_at.type),
        literal(run.late),
        literal(0),
        literal(admitted_at, type_=MessageLog.admitted_at.type),
    ).where(
        UserDetail.timezone == run.timezone,
        UserDetail.send_time == run.send_time,
        UserDetail.obsoleted_on > now,
        UserDetail.created_on <= run.due_at,
        UserDetail.latitude.is_not(None),
        UserDetail.longitude.is_not(None),
        or_(UserDetail.paused_until.is_(None), UserDetail.paused_until < run.local_date),
    )
    columns = [
        "user_id",
        "local_date",
        "run_id",
        "timezone",
        "kind",
        "status",
        "scheduled_at",
        "late",
        "attempts",
        "admitted_at",
    ]
    statement = (
        insert_ignoring_conflicts(session, MessageLog)
        .from_select(columns, subscribers)
        .on_conflict_do_nothing(index_elements=["user_id", "local_date"])
    )
    return _inserted_count(session, statement)


def _inserted_count(session: Session, statement) -> int:
    """Run an INSERT .. ON CONFLICT DO NOTHING and count the rows it wrote, in the database:
    psycopg reports no rowcount for it, and fetching a million ids to count them held them
    all in the worker."""
    if session.get_bind().dialect.name != "postgresql":
        return affected_rows(session.execute(statement))
    inserted = statement.returning(MessageLog.id).cte("inserted")
    return session.execute(select(func.count()).select_from(inserted)).scalar_one()


OPEN_END = 2**63 - 1
"""The last bound of a batch open at its end: every row id after its first (ids are BIGINT)."""


def last_run_row(session: Session, run_id: int) -> int | None:
    """The id of the run's last row (None: it owes no row yet)."""
    return session.execute(select(func.max(MessageLog.id)).where(run_rows(run_id))).scalar()


def prepare_run_rows(session: Session, run_id: int) -> int:
    """Mark a run's pending rows prepared: owed and ready before its instant."""
    pending = and_(MessageLog.run_id == run_id, MessageLog.status == L.PENDING)
    return move_where(session, MessageLog, pending, L.PREPARED)


def late_run_rows(session: Session, run_id: int) -> int:
    """Mark a late run's rows still owed late (those owed ahead, before it was known late)."""
    owed = and_(
        MessageLog.run_id == run_id, MessageLog.status.in_(OWED_LEDGER), MessageLog.late.is_(False)
    )
    statement = bulk_update(MessageLog).where(owed).values(late=True)
    return affected_rows(session.execute(statement))


def withdraw_unwanted(session: Session, ids: list[int], now: datetime) -> list[int]:
    """Move the daily rows among ``ids`` whose subscriber has stopped, or paused their local
    date, since the row was owed to 'withdrawn'; the ids left to send, in order."""
    if not ids:
        return []
    paused = and_(
        UserDetail.paused_until.is_not(None), UserDetail.paused_until >= MessageLog.local_date
    )
    unwanted = (
        select(UserDetail.id)
        .where(UserDetail.id == MessageLog.user_id, or_(UserDetail.obsoleted_on <= now, paused))
        .exists()
    )
    statement = (
        bulk_update(MessageLog)
        .where(
            id_in(session, MessageLog.id, ids),
            status_in(MessageLog, sources(L.WITHDRAWN)),
            unwanted,
        )
        .values(status=L.WITHDRAWN, error_detail="stopped or paused before the send")
        .returning(MessageLog.id)
    )
    withdrawn = set(session.execute(statement).scalars())
    return [row_id for row_id in ids if row_id not in withdrawn]


def expire_stale_sending(session: Session, run_id: int, stale_before: datetime) -> int:
    """Rows left 'sending' by a dead worker may have reached the channel: never resend them."""
    where = and_(MessageLog.run_id == run_id, MessageLog.claimed_at < stale_before)
    where = and_(where, MessageLog.status == L.SENDING)
    return move_where(
        session, MessageLog, where, L.AMBIGUOUS, error_detail="worker lost during the send"
    )


def last_activity(session: Session, run_id: int) -> datetime | None:
    """The latest claim, send or back-off end among a run's rows (a sign of life)."""
    # A back-off ending in the future counts as progress: the batch's own retry is due then.
    query = select(
        func.max(MessageLog.claimed_at), func.max(MessageLog.sent_at), func.max(MessageLog.retry_at)
    ).where(MessageLog.run_id == run_id)
    instants = [value for value in session.execute(query).one() if value is not None]
    return max(instants, default=None)
