"""An operator plans a run again: a halted run resumed, or a slot already due backfilled.

Either way the run goes back to ``planned`` for the planner's next pass (its recovery step),
flagged late when its instant has passed, and its rows that never reached anyone go back to
pending. The rules an operator is told about (only a halted run, not past the grace period)
are the portal's (``web.admin.actions``); these functions only refuse what changed meanwhile.
"""

from __future__ import annotations

from datetime import date, datetime, time

from sqlalchemy import and_, select
from sqlalchemy.orm import Session

from lokpanchang.storage import ledger
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import BroadcastRun, MessageLog
from lokpanchang.storage.records import RunRecord, record
from lokpanchang.storage.states import (
    OPEN_RUNS,
    UNSENT_LEDGER,
    LedgerStatus,
    RunStatus,
    check_move,
)


def resume(
    url: str, run_id: int, now: datetime, only_from: tuple[RunStatus, ...]
) -> RunRecord | None:
    """The run planned again, or None when it is gone or no longer in ``only_from``."""
    with transaction(url) as session:
        run = session.get(BroadcastRun, run_id)
        if run is None or run.status not in only_from:
            return None
        _replan(session, run, now)
        return record(RunRecord, run)


def backfill_slot(
    url: str, zone: str, send_time: time, day: date, due: datetime, now: datetime
) -> tuple[RunRecord, bool]:
    """The slot's run, created or planned again; False (and nothing changed) when the run is
    still open (planned, enqueued or running)."""
    with transaction(url) as session:
        run = session.scalar(
            select(BroadcastRun).where(
                BroadcastRun.timezone == zone,
                BroadcastRun.send_time == send_time,
                BroadcastRun.local_date == day,
            )
        )
        if run is None:
            run = BroadcastRun(
                timezone=zone, send_time=send_time, local_date=day, due_at=due, planned_at=now
            )
            session.add(run)
            session.flush()
        elif run.status in OPEN_RUNS:
            return record(RunRecord, run), False
        _replan(session, run, now)
        return record(RunRecord, run), True


def _replan(session: Session, run: BroadcastRun, now: datetime) -> None:
    run.status = check_move(run.status or RunStatus.PLANNED, RunStatus.PLANNED)
    run.error, run.finished_at = None, None
    run.late = run.due_at < now
    unsent = and_(MessageLog.run_id == run.id, MessageLog.status.in_(UNSENT_LEDGER))
    reset = {"claimed_at": None, "error_code": None, "error_detail": None, "failed_at": None}
    ledger.move_where(session, MessageLog, unsent, LedgerStatus.PENDING, **reset)
    session.flush()
