"""A daily run's send: owe its subscribers a row each, send them in batches, finish the run.

Every step is a short transaction and safe to repeat: the ledger row (subscriber, local date)
is inserted once; a batch is a ``DailyBatch`` selection of the run's rows between two ids,
sent by ``pipeline.deliver``; a run halted by the channel sends nothing more.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import structlog

from lokpanchang.broadcast import pipeline
from lokpanchang.broadcast.context import SendContext
from lokpanchang.broadcast.kinds import LedgerSelection
from lokpanchang.broadcast.owing import owe_run
from lokpanchang.config import Settings
from lokpanchang.delivery.base import SendResult
from lokpanchang.storage import ledger, run_ledger, runs
from lokpanchang.storage.db import transaction
from lokpanchang.storage.states import (
    FAILED_LEDGER,
    NOT_TODAY_LEDGER,
    OPEN_LEDGER,
    OPEN_RUNS,
    OWED_LEDGER,
    SENT_LEDGER,
    LedgerStatus,
    RunStatus,
    check_move,
)

log = structlog.get_logger(__name__)
L = LedgerStatus


def start_run(settings: Settings, run_id: int, now: datetime) -> list[tuple[int, int]]:
    """Mark the run running and return batch bounds over its rows.

    Rows owed ahead (``prepare.owe_ahead``) are sent at once: owing the rest of the slot
    (who joined, moved in or resumed since) means asking about every subscriber, seconds
    at a million, so it is left to a last batch, ``latecomers``, which owes them first. A
    run owed nothing ahead is owed here. Returns no batches for a finished run, so a
    duplicate ``send_for_timezone`` is harmless.
    """
    with transaction(settings.effective_database_url) as session:
        run = runs.run(session, run_id)
        if run is None or run.status not in OPEN_RUNS:
            return []
        _mark_running(settings, run, now)
        owed_ahead = run_ledger.last_run_row(session, run_id)
        if owed_ahead is None:
            owe_run(session, settings, run, now)
        if run.late:  # rows prepared ahead were owed before the run was known to be late
            run_ledger.late_run_rows(session, run_id)
        if past_grace(settings, run, now):
            give_up_late_run(session, run)
            return []
        stale = now - timedelta(seconds=settings.claim_stale_after)
        bounds = ledger.sendable_bounds(
            session, ledger.DAILY, ledger.run_rows(run_id), stale, now, settings.batch_size
        )
        if owed_ahead is not None:
            bounds.append(latecomers(owed_ahead))
        run.batches = max(run.batches, len(bounds))
    log.info("run.started", run_id=run_id, batches=len(bounds))
    return bounds


def latecomers(owed_ahead: int) -> tuple[int, int]:
    """The bounds of the batch that owes, then sends, the rows of those who became due
    after the run's rows were owed ahead (ids after ``owed_ahead``)."""
    return (owed_ahead + 1, run_ledger.OPEN_END)


def _mark_running(settings: Settings, run, now: datetime) -> None:
    if run.status != RunStatus.RUNNING:
        run.status = check_move(run.status, RunStatus.RUNNING)
        run.started_at = run.started_at or now
    if now - run.due_at > timedelta(seconds=settings.run_stall_after):
        run.late = True


def past_grace(settings: Settings, run, now: datetime) -> bool:
    return now - run.due_at > timedelta(seconds=settings.late_grace)


def give_up_late_run(session, run) -> None:
    """Past the grace period nothing more is sent: what is left is recorded as missed."""
    owed = ledger.ids_in(session, ledger.DAILY, ledger.run_rows(run.id), OWED_LEDGER)
    ledger.move(session, ledger.DAILY, owed, L.MISSED, late=True)
    counts = ledger.counts(session, ledger.DAILY, ledger.run_rows(run.id))
    if not any(counts.get(state) for state in (*SENT_LEDGER, L.SENDING, L.AMBIGUOUS)):
        _write_counts(run, counts)
        run.status, run.late = check_move(run.status, RunStatus.MISSED), True
    log.warning("run.missed_after_grace", run_id=run.id, rows=len(owed))


def finish_run(settings: Settings, run_id: int, now: datetime) -> bool:
    """Write the ledger's counts into the run and mark it done once no row is open.

    The chord's summary callback calls this; so does the planner when that callback was lost.
    """
    with transaction(settings.effective_database_url) as session:
        counts = ledger.counts(session, ledger.DAILY, ledger.run_rows(run_id))
        run = runs.run(session, run_id)
        if run is None or any(counts.get(state) for state in OPEN_LEDGER):
            return False
        _write_counts(run, counts)
        if run.status != RunStatus.RUNNING:
            return False
        run.status, run.finished_at = check_move(run.status, RunStatus.DONE), now
    log.info("run.done", run_id=run_id, **counts)
    return True


def _write_counts(run, counts: dict[str, int]) -> None:
    run.total = sum(counts.values())
    run.sent = sum(counts.get(state, 0) for state in SENT_LEDGER)
    run.skipped = sum(counts.get(state, 0) for state in NOT_TODAY_LEDGER)
    run.failed = sum(counts.get(state, 0) for state in FAILED_LEDGER)


class DailyBatch(LedgerSelection):
    """The rows of one run between two ids (inclusive): a batch of ``send_for_timezone``."""

    name = "run"

    def __init__(self, settings: Settings, run_id: int, bounds: tuple[int, int]) -> None:
        self.settings, self.run_id, self.bounds = settings, run_id, (bounds[0], bounds[1])

    def rows(self):
        return ledger.run_rows(self.run_id, self.bounds)

    def claim(self, session, now: datetime, stale_before: datetime) -> list[int]:
        run = runs.run(session, self.run_id)
        if run is None or run.status != RunStatus.RUNNING:
            return []
        if self.bounds[1] == run_ledger.OPEN_END:  # the latecomers' batch (``start_run``)
            owe_run(session, self.settings, run, now)
        if past_grace(self.settings, run, now):
            give_up_late_run(session, run)
            return []
        # Rows are owed (and prepared) minutes ahead: who stopped or paused since gets nothing.
        return run_ledger.withdraw_unwanted(session, super().claim(session, now, stale_before), now)

    def may_send(self, session) -> bool:
        return runs.existing_run(session, self.run_id).status == RunStatus.RUNNING

    def halt(self, session, result: SendResult, now: datetime) -> None:
        error = f"halted by channel error {result.error_code}: {result.error_detail or ''}"
        running = (RunStatus.RUNNING,)
        if runs.move_run(
            session, self.run_id, RunStatus.HALTED, running, finished_at=now, error=error
        ):
            log.error("run.halted", run_id=self.run_id, error_code=result.error_code)


def send_batch(
    ctx: SendContext, run_id: int, bounds: tuple[int, int], now: datetime
) -> pipeline.Tally:
    """Claim, render, send and record one batch of a run."""
    return pipeline.deliver(ctx, DailyBatch(ctx.settings, run_id, bounds), now)
