"""The WHERE clauses of the ledger rows each kind of send owns (a run's and a backfill's are
``storage.ledger``'s ``run_rows`` and ``backfill_rows``), and the rows outside a daily run
waiting to be sent again.

A kind of send (``broadcast.kinds.LedgerSelection``) names its rows with one of these and
hands the clause back to ``storage.ledger``'s claims; the layers above build no query.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ColumnElement, and_, exists, select
from sqlalchemy.orm import Session

from lokpanchang.storage import ledger, notice_log
from lokpanchang.storage.ledger import Ledger
from lokpanchang.storage.models import (
    AnnouncementLog,
    MessageLog,
    NoticeLog,
    ScheduledJob,
    ScheduledJobRun,
)
from lokpanchang.storage.states import LedgerKind, LedgerStatus, NoticeKind

WAITING = (LedgerStatus.RETRY, LedgerStatus.CLAIMED)
"""The states of a row outside a run that waits to be sent (again)."""


def announcement(job_run_id: int, bounds: tuple[int, int] | None = None) -> ColumnElement[bool]:
    """A job run's ``announcement_log`` rows (between two ids when given)."""
    where = AnnouncementLog.job_run_id == job_run_id
    return and_(where, AnnouncementLog.id.between(*bounds)) if bounds else where


def notices(user_ids: list[int], notice: NoticeKind, bounds: tuple[int, int]) -> ColumnElement:
    """The ``notice`` rows of ``user_ids`` between two ids."""
    return notice_log.of_users(user_ids, notice) & NoticeLog.id.between(*bounds)


def chosen(row_ids: list[int]) -> ColumnElement[bool]:
    """Chosen ``message_log`` rows of no run, by id."""
    return and_(MessageLog.id.in_(row_ids), MessageLog.run_id.is_(None))


def welcome(row_id: int) -> ColumnElement[bool]:
    """The one ``welcome`` row a sign-up took."""
    return and_(MessageLog.id == row_id, MessageLog.kind == LedgerKind.WELCOME)


def orphans(model: Ledger, bounds: tuple[int, int] | None = None) -> ColumnElement[bool]:
    """Rows of ``model`` outside a run waiting to be sent again (between two ids when given)."""
    waiting = model.status.in_(WAITING)
    where = and_(MessageLog.run_id.is_(None), waiting) if model is MessageLog else waiting
    return and_(where, model.id.between(*bounds)) if bounds else where


def orphans_due(session: Session, stale: datetime, now: datetime) -> bool:
    """Whether any row outside a run may be sent again now."""
    return any(
        session.scalar(select(exists().where(orphans(model), ledger.sendable(model, stale, now))))
        for model in (MessageLog, AnnouncementLog)
    )


def announcements_due(
    session: Session, stale: datetime, now: datetime
) -> list[tuple[int, int, dict]]:
    """(row id, job run id, the job's payload) of announcement rows due again, in id order."""
    query = (
        select(AnnouncementLog.id, AnnouncementLog.job_run_id, ScheduledJob.payload)
        .join(ScheduledJobRun, ScheduledJobRun.id == AnnouncementLog.job_run_id)
        .join(ScheduledJob, ScheduledJob.id == ScheduledJobRun.job_id)
        .where(orphans(AnnouncementLog), ledger.sendable(AnnouncementLog, stale, now))
        .order_by(AnnouncementLog.id)
    )
    return [(row_id, job_run_id, payload) for row_id, job_run_id, payload in session.execute(query)]
