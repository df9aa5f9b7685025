"""Thin tasks over ``lokpanchang.broadcast``: ids in, idempotent, transient errors retried.

- ``tasks.jit_planner``: one planner pass (beat runs it every ``PLANNER_PERIOD`` seconds).
- ``tasks.prepare_run(run_id)``: queued when a run is planned; computes its panchangams into
  the shared store before the instant.
- ``tasks.send_for_timezone(run_id)``: claims the run's subscribers and fans out a chord of
  ``tasks.send_batch(run_id, [first_id, last_id])`` with ``tasks.summarize_run(run_id)``.
- ``tasks.send_retries``: queued by the planner when rows outside a run (backfills,
  announcements, welcomes, operators' sends) wait to be sent again after a back-off.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import structlog
from celery import chord

from lokpanchang import broadcast, clock
from lokpanchang.broadcast import groups, retries
from lokpanchang.broadcast.locks import make_lock
from lokpanchang.storage.db import UNREACHABLE
from lokpanchang.tasks import app
from lokpanchang.tasks.app import services_of

log = structlog.get_logger(__name__)

TRANSIENT = (*UNREACHABLE, ConnectionError, TimeoutError, OSError)
RETRY: dict[str, Any] = {
    "autoretry_for": TRANSIENT,
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 8,
}


def enqueue_send(run_id: int, eta: datetime | None) -> None:
    """Queue ``send_for_timezone(run_id)`` to run at ``eta`` (None: now).

    Sent as a countdown measured on our clock (the seed's way), so every process agrees.
    """
    countdown = max(0.0, (eta - clock.now()).total_seconds()) if eta else None
    send_for_timezone.apply_async(args=[run_id], countdown=countdown)


def enqueue_prepare(run_id: int) -> None:
    """Queue ``prepare_run(run_id)`` now (default queue)."""
    prepare_run.apply_async(args=[run_id])


def enqueue_retries() -> None:
    """Queue ``send_retries`` now (default queue)."""
    send_retries.apply_async()


@app.task(name="tasks.jit_planner", bind=True, **RETRY)
def jit_planner(self) -> dict:
    settings = services_of(self).settings
    report = broadcast.planner_pass(
        settings,
        clock.now(),
        enqueue_send,
        make_lock(settings),
        prepare=enqueue_prepare,
        retry=enqueue_retries,
    )
    return report.to_dict()


@app.task(name="tasks.prepare_run", bind=True, **RETRY)
def prepare_run(self, run_id: int) -> dict:
    places = broadcast.prepare_run(services_of(self).send_context(), run_id, clock.now())
    return {"run_id": run_id, "places": places}


@app.task(name="tasks.send_for_timezone", bind=True, **RETRY)
def send_for_timezone(self, run_id: int) -> dict:
    settings = services_of(self).settings
    bounds = broadcast.start_run(settings, run_id, clock.now())
    if not bounds:
        broadcast.finish_run(settings, run_id, clock.now())
        return {"run_id": run_id, "batches": 0}
    header = [send_batch.s(run_id, list(b)) for b in bounds]
    chord(header)(summarize_run.si(run_id))
    return {"run_id": run_id, "batches": len(bounds)}


@app.task(name="tasks.send_batch", bind=True, **{**RETRY, "max_retries": None})
def send_batch(self, run_id: int, bounds: list[int]) -> dict:
    ctx = services_of(self).send_context()
    if groups.applies(ctx.settings):
        # A worker group sends the rows on its numbers and hands the batch on (issue 23 item 4).
        tally, then = groups.send_batch(ctx, run_id, (bounds[0], bounds[1]), clock.now())
        if then is None:
            return tally.to_dict()
        raise self.retry(countdown=then.countdown, queue=then.queue)
    result = broadcast.send_batch(ctx, run_id, (bounds[0], bounds[1]), clock.now())
    if result.retry_after is None:
        return result.to_dict()
    # Some rows wait in 'retry' until their back-off ends (the pipeline's one rule, which also
    # gives a row up after SEND_MAX_RETRIES): come back for them then.
    raise self.retry(countdown=result.retry_after)


@app.task(name="tasks.send_retries", bind=True, **RETRY)
def send_retries(self) -> dict:
    return retries.send_due(services_of(self).send_context(), clock.now())


@app.task(name="tasks.summarize_run", bind=True, **RETRY)
def summarize_run(self, run_id: int) -> bool:
    return broadcast.finish_run(services_of(self).settings, run_id, clock.now())
