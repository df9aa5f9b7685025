"""SQL for ``broadcast_run``: one row per (zone, send time, local date), moved by status.

The unique slot is what makes planning safe to run twice; every status change is a
conditional UPDATE from the states ``storage.states`` allows.
"""

from __future__ import annotations

from datetime import date, datetime, time

from sqlalchemy import case, or_, select, update
from sqlalchemy.orm import Session

from lokpanchang.storage.db import affected_rows, insert_ignoring_conflicts
from lokpanchang.storage.models import BroadcastRun
from lokpanchang.storage.states import OPEN_RUNS, RunStatus, check_move, sources


def insert_run(session: Session, values: dict) -> int | None:
    """Insert a run unless its slot has one; returns the new id, or None when it existed."""
    statement = (
        insert_ignoring_conflicts(session, BroadcastRun)
        .values(**values)
        .on_conflict_do_nothing(index_elements=["timezone", "send_time", "local_date"])
        .returning(BroadcastRun.id)
    )
    return session.execute(statement).scalar_one_or_none()


def run(session: Session, run_id: int) -> BroadcastRun | None:
    """Run ``run_id``'s stored row in ``session``, or None."""
    return session.get(BroadcastRun, run_id)


def existing_run(session: Session, run_id: int) -> BroadcastRun:
    """Run ``run_id``'s stored row in ``session``, which a caller knows is there."""
    return session.get_one(BroadcastRun, run_id)


def run_for_slot(session: Session, zone: str, send_time: time, local_date: date) -> BroadcastRun:
    query = select(BroadcastRun).where(
        BroadcastRun.timezone == zone,
        BroadcastRun.send_time == send_time,
        BroadcastRun.local_date == local_date,
    )
    return session.execute(query).scalar_one()


def run_slots_since(session: Session, since: datetime) -> set[tuple[str, time, date]]:
    """The (zone, send time, local date) of every run due at or after ``since``."""
    query = select(BroadcastRun.timezone, BroadcastRun.send_time, BroadcastRun.local_date).where(
        BroadcastRun.due_at >= since
    )
    return {(zone, send_time, day) for zone, send_time, day in session.execute(query)}


def served_slots_since(session: Session, since: datetime) -> set[tuple[str, time, date]]:
    """The (zone, send time, local date) of runs due at or after ``since`` that have owed
    their subscribers their rows (started, or finished as missed)."""
    query = select(BroadcastRun.timezone, BroadcastRun.send_time, BroadcastRun.local_date).where(
        BroadcastRun.due_at >= since,
        or_(BroadcastRun.started_at.is_not(None), BroadcastRun.finished_at.is_not(None)),
    )
    return {(zone, send_time, day) for zone, send_time, day in session.execute(query)}


def unfinished_runs_due(session: Session, now: datetime) -> list[BroadcastRun]:
    """Runs whose instant has passed and that are not done, halted or missed."""
    query = (
        select(BroadcastRun)
        .where(BroadcastRun.status.in_(OPEN_RUNS), BroadcastRun.due_at <= now)
        .order_by(BroadcastRun.due_at)
    )
    return list(session.execute(query).scalars())


def move_run(
    session: Session,
    run_id: int,
    target: RunStatus,
    only_from: tuple[RunStatus, ...] | None = None,
    **values,
) -> bool:
    """Move a run to ``target`` (with ``values``) if its state allows, and only from
    ``only_from`` when given; True when it moved."""
    allowed = sources(target)
    if only_from is not None:
        allowed = tuple(check_move(state, target) and state for state in only_from)
    statement = (
        update(BroadcastRun)
        .where(BroadcastRun.id == run_id, BroadcastRun.status.in_(allowed))
        .values(status=target, **values)
    )
    return affected_rows(session.execute(statement)) == 1


def note_enqueued(session: Session, run_id: int, now: datetime) -> None:
    """Count an enqueue of the run; a planned run becomes enqueued."""
    planned = BroadcastRun.status == RunStatus.PLANNED
    statement = (
        update(BroadcastRun)
        .where(BroadcastRun.id == run_id)
        .values(
            enqueued_at=now,
            enqueue_count=BroadcastRun.enqueue_count + 1,
            status=case((planned, RunStatus.ENQUEUED.value), else_=BroadcastRun.status),
        )
    )
    session.execute(statement)
