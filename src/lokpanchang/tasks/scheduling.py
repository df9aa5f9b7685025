"""Thin tasks over ``lokpanchang.broadcast``: ids in, idempotent, transient errors retried.

- ``tasks.jit_planner``: one planner pass (beat runs it every ``PLANNER_PERIOD`` seconds).
- ``tasks.prepare_run(run_id)``: queued when a run is planned; computes its panchangams into
  the shared store before the instant.
- ``tasks.send_for_timezone(run_id)``: claims the run's subscribers and fans out a chord of
  ``tasks.send_batch(run_id, [first_id, last_id])`` with ``tasks.summarize_run(run_id)``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import structlog
from celery import chord
from sqlalchemy.exc import OperationalError

from lokpanchang import broadcast, clock
from lokpanchang.broadcast.locks import make_lock
from lokpanchang.config import get_settings
from lokpanchang.tasks import app

log = structlog.get_logger(__name__)

TRANSIENT = (OperationalError, ConnectionError, TimeoutError, OSError)
RETRY: dict[str, Any] = {
    "autoretry_for": TRANSIENT,
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 8,
}
BATCH_BACKOFF_MAX = 300.0


def enqueue_send(run_id: int, eta: datetime | None) -> None:
    """Queue ``send_for_timezone(run_id)`` to run at ``eta`` (None: now).

    Sent as a countdown measured on our clock (the seed's way), so every process agrees.
    """
    countdown = max(0.0, (eta - clock.now()).total_seconds()) if eta else None
    send_for_timezone.apply_async(args=[run_id], countdown=countdown)


def enqueue_prepare(run_id: int) -> None:
    """Queue ``prepare_run(run_id)`` now (default queue)."""
    prepare_run.apply_async(args=[run_id])


@app.task(name="tasks.jit_planner", **RETRY)
def jit_planner() -> dict:
    settings = get_settings()
    report = broadcast.planner_pass(
        settings, clock.now(), enqueue_send, make_lock(settings), prepare=enqueue_prepare
    )
    return report.to_dict()


@app.task(name="tasks.prepare_run", **RETRY)
def prepare_run(run_id: int) -> dict:
    places = broadcast.prepare_run(broadcast.default_context(), run_id, clock.now())
    return {"run_id": run_id, "places": places}


@app.task(name="tasks.send_for_timezone", **RETRY)
def send_for_timezone(run_id: int) -> dict:
    settings = get_settings()
    bounds = broadcast.start_run(settings, run_id, clock.now())
    if not bounds:
        broadcast.finish_run(settings, run_id, clock.now())
        return {"run_id": run_id, "batches": 0}
    header = [send_batch.s(run_id, list(b)) for b in bounds]
    chord(header)(summarize_run.si(run_id))
    return {"run_id": run_id, "batches": len(bounds)}


@app.task(name="tasks.send_batch", bind=True, **{**RETRY, "max_retries": None})
def send_batch(self, run_id: int, bounds: list[int]) -> dict:
    settings = get_settings()
    result = broadcast.send_batch(
        broadcast.default_context(), run_id, (bounds[0], bounds[1]), clock.now()
    )
    if result.retry_after is None:
        return result.to_dict()
    if self.request.retries >= settings.send_max_retries:
        broadcast.give_up_retries(settings, run_id, (bounds[0], bounds[1]), clock.now())
        return result.to_dict()
    countdown = batch_backoff(self.request.retries, result.retry_after)
    # Recorded on the rows first, so a recovery pass during the back-off leaves them alone;
    # a second short of the countdown so this task's own retry never finds them still held.
    until = clock.now() + timedelta(seconds=max(0.0, countdown - 1.0))
    broadcast.defer_retries(settings, run_id, (bounds[0], bounds[1]), until)
    raise self.retry(countdown=countdown)


def batch_backoff(retries: int, asked: float) -> float:
    """Seconds before a batch's next try: what the channel asked, or doubling from 2 s."""
    return min(max(asked, 2.0 * 2**retries), BATCH_BACKOFF_MAX)


@app.task(name="tasks.summarize_run", **RETRY)
def summarize_run(run_id: int) -> bool:
    return broadcast.finish_run(get_settings(), run_id, clock.now())
