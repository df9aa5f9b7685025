"""Erased values out of PostgreSQL's files, off the request path (issue 24, item 3).

- ``ask_for_compaction``: after an erasure committed (``tasks.handle_inbound``); asks for one
  compaction ``ERASURE_COMPACT_AFTER`` seconds on, unless one is pending (it has not started,
  so it covers this erasure too). The request is a row, not a task with a long countdown
  (which the Redis transport would deliver again every visibility timeout).
- ``queue_due_compaction``: from ``tasks.recover_inbound``, which beat runs every
  ``INBOUND_RECOVER_AFTER / 2`` seconds; queues ``tasks.compact_erased`` once the request is
  due, and again ``REQUEUE_AFTER`` later if that task was lost with the broker's data.
- ``tasks.compact_erased``: while a broadcast run is due within ``ERASURE_COMPACT_CLEAR``
  seconds or still sending, it moves the request to a minute after the run's instant;
  otherwise it takes the request and rewrites the personal tables
  (``storage.erasure.compact``); a table whose lock it did not get within the lock timeout
  (someone was using it), or a transaction older than it still open, asks for another.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import structlog

from lokpanchang import clock
from lokpanchang.config import Settings
from lokpanchang.storage import compaction, erasure
from lokpanchang.storage.db import transaction
from lokpanchang.tasks import app
from lokpanchang.tasks.app import services_of
from lokpanchang.tasks.scheduling import RETRY

log = structlog.get_logger(__name__)

REQUEUE_AFTER = timedelta(minutes=30)  # a queued compaction not started by then was lost
AFTER_A_SEND = timedelta(minutes=1)  # the wait after the instant of the last run due


def ask_for_compaction(settings: Settings, now: datetime) -> None:
    """One compaction for the erasures committed up to ``now`` (PostgreSQL only: SQLite's
    was done inline)."""
    url = settings.effective_database_url
    if erasure.rewrites_later(url):
        with transaction(url) as session:
            compaction.ask(session, now + timedelta(seconds=settings.erasure_compact_after))


def queue_due_compaction(settings: Settings, now: datetime) -> bool:
    """Queue ``tasks.compact_erased`` if the pending compaction is due (True when queued)."""
    url = settings.effective_database_url
    if not erasure.rewrites_later(url):
        return False
    with transaction(url) as session:
        due = compaction.move(session, now + REQUEUE_AFTER, due_by=now)
    if due:
        compact_erased.apply_async()
    return due


@app.task(name="tasks.compact_erased", bind=True, **RETRY)
def compact_erased(self) -> dict:
    settings, now = services_of(self).settings, clock.now()
    clear = now + timedelta(seconds=settings.erasure_compact_clear)
    with transaction(settings.effective_database_url) as session:
        sending = compaction.last_open_run_due_before(session, clear)
        after = None if sending is None else max(sending, now) + AFTER_A_SEND
        pending = compaction.take(session) if after is None else compaction.move(session, after)
    if not pending:
        return {"compacted": False, "pending": False}  # another task took it
    if after is not None:
        log.info("erasure.compaction_waits_for_a_send", until=after.isoformat())
        return {"compacted": False, "after": after.isoformat()}
    return _compact(settings)


def _compact(settings: Settings) -> dict:
    done = erasure.compact(settings.effective_database_url)
    rewritten, left = done.rewrites.rewritten, done.rewrites.gave_way
    log.info("erasure.compacted", rewritten=rewritten, left=left, older=done.older)
    if left or done.older:  # a table in use, or versions an older transaction still saw
        ask_for_compaction(settings, clock.now())
    return {"compacted": True, "rewritten": list(rewritten), "left": list(left)}
