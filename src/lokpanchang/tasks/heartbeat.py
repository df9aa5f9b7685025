"""Heartbeats of the worker and beat processes, for ``GET /healthz``.

Each writes ``heartbeat:<role>...`` with an expiry into ``scheduler_lock`` every few seconds, so
the web process (on any machine) sees who is alive. A fresh NullPool connection per beat keeps
this fork-safe in the prefork worker's parent process.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import cast

import structlog
from celery import bootsteps
from celery.beat import PersistentScheduler, SchedulingError
from celery.schedules import schedule

from lokpanchang import clock
from lokpanchang.ops.beat.schedule import RUN_AT_START
from lokpanchang.storage import heartbeats
from lokpanchang.storage.db import unpooled_transaction
from lokpanchang.tasks.app import services_of

log = structlog.get_logger(__name__)

INTERVAL_SECONDS = 5.0
ALIVE_FOR = timedelta(seconds=4 * INTERVAL_SECONDS)
WORKER_PREFIX = heartbeats.HEARTBEAT_WORKER_PREFIX
BEAT_KEY = heartbeats.HEARTBEAT_BEAT_KEY


def beat_heart(url: str, key: str) -> None:
    """Record in ``url``'s database that ``key``'s process is alive now; never raises (health
    must not kill work)."""
    alive = clock.now() + ALIVE_FOR
    _write(url, key, lambda session: heartbeats.record_heartbeat(session, key, alive))


def _write(url: str, what: str, action) -> None:
    try:
        with unpooled_transaction(url) as session:
            action(session)
    except Exception as exc:  # noqa: BLE001
        log.warning("heartbeat.failed", key=what, error=str(exc))


class WorkerHeartbeat(bootsteps.StartStopStep):
    requires = ("celery.worker.components:Timer",)

    def start(self, worker) -> None:
        key, url = WORKER_PREFIX + worker.hostname, services_of(worker).database_url
        beat_heart(url, key)
        self.tref = worker.timer.call_repeatedly(INTERVAL_SECONDS, beat_heart, (url, key))

    def stop(self, worker) -> None:
        if getattr(self, "tref", None) is not None:
            self.tref.cancel()


class HeartbeatScheduler(PersistentScheduler):
    """Celery beat's persistent scheduler that also records its heartbeat as it ticks."""

    _last_heartbeat = 0.0
    _started_at: datetime  # set by setup_schedule, before any tick

    def setup_schedule(self) -> None:
        # The schedule file lives under DATA_DIR, which may not exist yet on a first start.
        filename = self.schedule_filename  # type: ignore[attr-defined]  # set by PersistentScheduler
        Path(filename).parent.mkdir(parents=True, exist_ok=True)
        super().setup_schedule()
        self._run_at_start()
        # ``status`` judges entries against this start: nothing before it was this beat's to run.
        self._started_at = clock.now()
        self._heartbeat()

    def _run_at_start(self) -> None:
        # Celery first runs an interval entry a whole period after beat starts, so slots due in
        # that gap would go out late. A planner pass is idempotent: make it due at start.
        for key in RUN_AT_START:
            entry = self.schedule.get(key)
            if entry is not None:
                entry.last_run_at = entry.default_now() - timedelta(
                    seconds=cast(schedule, entry.schedule).seconds
                )

    def apply_async(self, entry, producer=None, advance=True, **kwargs):
        """Publish ``entry``; if that fails, once more on a fresh connection.

        After a broker error kombu can leave Celery's cached producer on a closed channel, and
        beat would fail every later publish with "channel disconnected" (issue 4's CI run).
        """
        try:
            return super().apply_async(entry, producer=producer, advance=advance, **kwargs)
        except SchedulingError as error:
            log.warning("beat.publish_failed", entry=entry.name, error=str(error))
            self._drop_publisher()
            return super().apply_async(entry, producer=self.producer, advance=False, **kwargs)

    def _drop_publisher(self) -> None:
        """Forget the cached producer and connection; the next publish makes new ones."""
        self.__dict__.pop("producer", None)
        connection = self.__dict__.pop("connection", None)
        if connection is not None:
            try:
                connection.release()
            except Exception as exc:  # noqa: BLE001 -- a broken connection may not close cleanly
                log.warning("beat.connection_release_failed", error=str(exc))

    def tick(self, *args, **kwargs):
        if clock.monotonic() - self._last_heartbeat >= INTERVAL_SECONDS:
            self._heartbeat()
        return min(super().tick(*args, **kwargs), INTERVAL_SECONDS)

    def _heartbeat(self) -> None:
        """Beat's heartbeat and its start, in one transaction: a start whose first write failed
        (a busy database) is written by the next heartbeat, so alive always comes with a start."""
        started_at = self._started_at

        def record(session) -> None:
            heartbeats.record_beat_start(session, started_at)
            heartbeats.record_heartbeat(session, BEAT_KEY, clock.now() + ALIVE_FOR)

        _write(services_of(self).database_url, BEAT_KEY, record)
        self._last_heartbeat = clock.monotonic()


def install(app) -> None:
    app.steps["worker"].add(WorkerHeartbeat)
