"""Heartbeats of the worker and beat processes, for ``GET /healthz``.

Each writes ``heartbeat:<role>...`` with an expiry into ``scheduler_lock`` every few seconds, so
the web process (on any machine) sees who is alive. A fresh NullPool connection per beat keeps
this fork-safe in the prefork worker's parent process.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import cast

import structlog
from celery import bootsteps
from celery.beat import PersistentScheduler, SchedulingError
from celery.schedules import schedule
from sqlalchemy import create_engine
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from lokpanchang import clock
from lokpanchang.config import get_settings
from lokpanchang.ops.beat.schedule import RUN_AT_START
from lokpanchang.storage import heartbeats

log = structlog.get_logger(__name__)

INTERVAL_SECONDS = 5.0
ALIVE_FOR = timedelta(seconds=4 * INTERVAL_SECONDS)
WORKER_PREFIX = heartbeats.HEARTBEAT_WORKER_PREFIX
BEAT_KEY = heartbeats.HEARTBEAT_BEAT_KEY


def beat_heart(key: str) -> None:
    """Record that ``key``'s process is alive now; never raises (health must not kill work)."""
    _write(key, lambda session: heartbeats.record_heartbeat(session, key, clock.now() + ALIVE_FOR))


def _write(what: str, action) -> None:
    url = get_settings().effective_database_url
    try:
        engine = create_engine(url, poolclass=NullPool)
        with Session(engine) as session, session.begin():
            action(session)
        engine.dispose()
    except Exception as exc:  # noqa: BLE001
        log.warning("heartbeat.failed", key=what, error=str(exc))


class WorkerHeartbeat(bootsteps.StartStopStep):
    requires = ("celery.worker.components:Timer",)

    def start(self, worker) -> None:
        key = WORKER_PREFIX + worker.hostname
        beat_heart(key)
        self.tref = worker.timer.call_repeatedly(INTERVAL_SECONDS, beat_heart, (key,))

    def stop(self, worker) -> None:
        if getattr(self, "tref", None) is not None:
            self.tref.cancel()


class HeartbeatScheduler(PersistentScheduler):
    """Celery beat's persistent scheduler that also records its heartbeat as it ticks."""

    _last_heartbeat = 0.0

    def setup_schedule(self) -> None:
        # The schedule file lives under DATA_DIR, which may not exist yet on a first start.
        filename = self.schedule_filename  # type: ignore[attr-defined]  # set by PersistentScheduler
        Path(filename).parent.mkdir(parents=True, exist_ok=True)
        super().setup_schedule()
        self._run_at_start()
        # ``status`` judges entries against this start: nothing before it was this beat's to run.
        _write(
            heartbeats.BEAT_STARTED_KEY,
            lambda session: heartbeats.record_beat_start(session, clock.now()),
        )
        beat_heart(BEAT_KEY)
        self._last_heartbeat = clock.monotonic()

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
            beat_heart(BEAT_KEY)
            self._last_heartbeat = clock.monotonic()
        return min(super().tick(*args, **kwargs), INTERVAL_SECONDS)


def install(app) -> None:
    app.steps["worker"].add(WorkerHeartbeat)
