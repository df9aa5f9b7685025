"""One ``jit_planner`` pass: plan the slots ahead, catch up on slots behind, recover stalled runs.

Forward: each (zone, send time) of active subscribers whose next instant falls within the
look-ahead gets a run row (unique per slot) and, behind the lock, a ``send_for_timezone``
with ``eta`` = the instant. Catch-up: a slot of the last day with no run row is sent late
within ``late_grace`` and recorded as missed after it. Recovery: a due run without progress
for ``run_stall_after`` is enqueued again; a running run whose ledger is complete is finished.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta

import structlog

from lokpanchang import planning
from lokpanchang.almanac import convention_named
from lokpanchang.broadcast import retries, sunrise
from lokpanchang.broadcast.daily import finish_run
from lokpanchang.broadcast.locks import Lock
from lokpanchang.config import Settings
from lokpanchang.storage import audience, run_ledger, runs
from lokpanchang.storage.db import transaction
from lokpanchang.storage.states import LedgerStatus, RunStatus

log = structlog.get_logger(__name__)

Enqueue = Callable[[int, datetime | None], None]
"""``enqueue(run_id, eta)``: queue ``send_for_timezone(run_id)`` for ``eta`` (None: now)."""

Prepare = Callable[[int], None]
"""``prepare(run_id)``: queue ``prepare_run(run_id)`` now (the run's panchangams, ahead)."""

Retry = Callable[[], None]
"""``retry()``: queue ``send_retries`` now (rows outside a run whose back-off has ended)."""

CATCH_UP_LOOKBACK = timedelta(hours=24)


@dataclass
class PassReport:
    """What one pass did, for the task's result and the logs."""

    planned: list[int] = field(default_factory=list)
    enqueued: list[int] = field(default_factory=list)
    late: list[int] = field(default_factory=list)
    missed: list[int] = field(default_factory=list)
    recovered: list[int] = field(default_factory=list)
    finished: list[int] = field(default_factory=list)
    invalid_zones: list[str] = field(default_factory=list)
    retries_queued: bool = False

    def to_dict(self) -> dict:
        return {
            name: list(value) if isinstance(value, list) else value
            for name, value in self.__dict__.items()
        }


def planner_pass(
    settings: Settings,
    now: datetime,
    enqueue: Enqueue,
    lock: Lock,
    prepare: Prepare | None = None,
    retry: Retry | None = None,
) -> PassReport:
    """Plan, catch up and recover once, as of ``now``. Safe to run twice or concurrently.

    ``prepare`` is called once for each run this pass plans ahead of its instant; ``retry``
    once when rows outside a run wait to be sent again.
    """
    url = settings.effective_database_url
    with transaction(url) as session:
        # Subscribers at sunrise whose slot was served get their next one, before planning.
        convention = convention_named(settings.almanac_convention)
        sunrise.move_on(session, now, _catch_up_lookback(settings), convention)
        # Two index seeks per distinct (zone, send time), none per subscriber.
        groups, report = _valid_groups(sorted(audience.active_zone_send_times(session, now)))
    plan = planning.due_slots(now, groups, timedelta(seconds=settings.planner_lookahead))
    for slot in plan.slots:
        _plan_slot(settings, slot, now, enqueue, lock, report, prepare)
    _catch_up(settings, groups, now, enqueue, report)
    _recover(settings, now, enqueue, report)
    if retry is not None and retries.due(settings, now):
        retry()
        report.retries_queued = True
    log.info("planner.pass", **_sizes(report))
    return report


def _sizes(report: PassReport) -> dict:
    return {k: len(v) if isinstance(v, list) else v for k, v in report.to_dict().items()}


def _valid_groups(groups: list[tuple[str, time]]) -> tuple[list[tuple[str, time]], PassReport]:
    """Drop (and report) zones that are not IANA names: a stored zone is never guessed."""
    report, valid = PassReport(), []
    for zone, send_time in groups:
        if planning.is_valid_zone(zone):
            valid.append((zone, send_time))
        elif zone not in report.invalid_zones:
            report.invalid_zones.append(zone)
            log.error("planner.invalid_zone", timezone=zone)
    return valid, report


def _run_values(slot, now: datetime, **extra) -> dict:
    return {
        "timezone": slot.timezone,
        "send_time": slot.send_time,
        "local_date": slot.local_date,
        "due_at": slot.due_at,
        "planned_at": now,
        "status": RunStatus.PLANNED,
        **extra,
    }


def _plan_slot(
    settings, slot, now, enqueue: Enqueue, lock: Lock, report: PassReport, prepare: Prepare | None
) -> None:
    with transaction(settings.effective_database_url) as session:
        run_id = runs.insert_run(session, _run_values(slot, now))
        if run_id is None:
            run = runs.run_for_slot(session, slot.timezone, slot.send_time, slot.local_date)
            run_id, status = run.id, run.status
        else:
            report.planned.append(run_id)
            status = RunStatus.PLANNED
    if status != RunStatus.PLANNED:
        return
    if prepare is not None and run_id in report.planned:
        _prepare(prepare, run_id)
    if lock.acquire(slot.lock_key(), now, timedelta(seconds=settings.lock_ttl)):
        _enqueue(settings, run_id, slot.due_at, now, enqueue)
        report.enqueued.append(run_id)


def _prepare(prepare: Prepare, run_id: int) -> None:
    try:
        prepare(run_id)
    except Exception as exc:  # noqa: BLE001 -- preparing only saves work: never block a send
        log.warning("planner.prepare_failed", run_id=run_id, error=str(exc))


def _enqueue(
    settings: Settings, run_id: int, eta: datetime | None, now: datetime, enqueue: Enqueue
) -> None:
    enqueue(run_id, eta)
    with transaction(settings.effective_database_url) as session:
        runs.note_enqueued(session, run_id, now)


# Catch-up -----------------------------------------------------------------------


def _catch_up(
    settings: Settings, groups, now: datetime, enqueue: Enqueue, report: PassReport
) -> None:
    grace = timedelta(seconds=settings.late_grace)
    url = settings.effective_database_url
    lookback = _catch_up_lookback(settings)
    with transaction(url) as session:
        known = runs.run_slots_since(session, now - lookback - timedelta(days=1))
    unknown = [
        slot
        for zone, send_time in groups
        for slot in planning.recent_slots(now, zone, send_time, lookback)
        if (slot.timezone, slot.send_time, slot.local_date) not in known
    ]
    if not unknown:
        return
    # A slot before anyone in the group joined owes nobody a message.
    with transaction(url) as session:
        owed = audience.owed_slots(session, [_slot_key(slot) for slot in unknown], now)
    for slot in unknown:
        if _slot_key(slot) in owed:
            _catch_up_slot(settings, slot, now, grace, enqueue, report)


def _slot_key(slot) -> tuple[str, time, datetime]:
    return slot.timezone, slot.send_time, slot.due_at


def _catch_up_lookback(settings: Settings) -> timedelta:
    return max(CATCH_UP_LOOKBACK, timedelta(seconds=settings.late_grace))


def _catch_up_slot(settings, slot, now, grace, enqueue: Enqueue, report: PassReport) -> None:
    verdict = planning.catch_up_verdict(slot, now, grace)
    url = settings.effective_database_url
    with transaction(url) as session:
        if verdict == "late":
            run_id = runs.insert_run(session, _run_values(slot, now, late=True))
        else:
            run_id = runs.insert_run(
                session, _run_values(slot, now, status=RunStatus.MISSED, late=True, finished_at=now)
            )
            if run_id is not None:
                _record_missed(session, run_id, now)
    if run_id is None:
        return
    log.warning(
        f"planner.{verdict}",
        run_id=run_id,
        timezone=slot.timezone,
        local_date=slot.local_date.isoformat(),
        due_at=slot.due_at.isoformat(),
    )
    if verdict == "late":
        report.late.append(run_id)
        _enqueue(settings, run_id, None, now, enqueue)
    else:
        report.missed.append(run_id)


def _record_missed(session, run_id: int, now: datetime) -> None:
    """Ledger rows saying 'missed' for the slot's subscribers, so metrics can count them."""
    run = runs.existing_run(session, run_id)
    run.total = run_ledger.insert_run_rows(session, run, now, status=LedgerStatus.MISSED)
    run.skipped = run.total


# Recovery -----------------------------------------------------------------------


def _recover(settings: Settings, now: datetime, enqueue: Enqueue, report: PassReport) -> None:
    url = settings.effective_database_url
    stall = timedelta(seconds=settings.run_stall_after)
    with transaction(url) as session:
        due = runs.unfinished_runs_due(session, now)
        # A live worker may hold a row 'sending' through an outage: see broadcast.holding.
        stale_sending = now - timedelta(seconds=settings.sending_stale_after)
        progress = {run.id: _last_progress(session, run, stale_sending) for run in due}
    for run in due:
        if run.status == RunStatus.RUNNING and finish_run(settings, run.id, now):
            report.finished.append(run.id)
        elif progress[run.id] <= now - stall:
            log.warning(
                "planner.recover", run_id=run.id, status=run.status, due_at=run.due_at.isoformat()
            )
            _enqueue(settings, run.id, None, now, enqueue)
            report.recovered.append(run.id)


def _last_progress(session, run, stale_sending: datetime) -> datetime:
    """The latest sign of life of a run: due, enqueued, started, or a ledger claim or send."""
    if run.status == RunStatus.RUNNING:
        run_ledger.expire_stale_sending(session, run.id, stale_sending)
    instants = [
        run.due_at,
        run.enqueued_at,
        run.started_at,
        run_ledger.last_activity(session, run.id),
    ]
    return max(instant for instant in instants if instant is not None)
