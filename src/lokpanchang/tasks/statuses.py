"""``tasks.apply_statuses``: stored status webhooks applied in bulk, on the ``statuses`` queue.

The web stores each webhook's status updates (``storage.inbound``) before its 200 and queues
this task when no applier is draining (``storage.draining``, with a Redis broker; with
another broker, every time). The task applies up to ``BATCH_ENTRIES`` webhooks per
transaction, removing them in it, until none is left (or ``DRAIN_SECONDS`` have passed: it
then queues itself again, so a worker is never held for long). Conversation messages, on
``priority``, never wait behind them.
"""

from __future__ import annotations

import time

import structlog
from redis.exceptions import RedisError

from lokpanchang import clock
from lokpanchang.conversation import apply_stored_statuses
from lokpanchang.storage import draining
from lokpanchang.storage.db import UNREACHABLE
from lokpanchang.tasks import app
from lokpanchang.tasks.app import services_of

log = structlog.get_logger(__name__)

QUEUE = "statuses"
BATCH_ENTRIES = 1000  # webhooks per transaction (Meta's carry one status each, mostly)
DRAIN_SECONDS = 20.0
TRANSIENT = (*UNREACHABLE, ConnectionError, TimeoutError)


@app.task(
    name="tasks.apply_statuses",
    queue=QUEUE,
    autoretry_for=TRANSIENT,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=8,
    bind=True,
)
def apply_statuses(self) -> dict:
    return {"statuses": drain(services_of(self).settings)}


def drain(settings) -> int:
    """Apply stored statuses until none is left or the time is up; returns how many."""
    mark = Mark(settings.effective_broker_url)
    applied, give_up_at = 0, time.monotonic() + DRAIN_SECONDS
    while time.monotonic() < give_up_at:
        mark.keep()
        taken, count = _apply(settings)
        if not taken:
            # Unmark, then look once more: a webhook stored just before found the mark and
            # queued nobody.
            mark.release()
            taken, count = _apply(settings)
            if not taken:
                return applied
        applied += count
    apply_statuses.apply_async(queue=QUEUE)  # more to do: let other work in between
    return applied


def _apply(settings) -> tuple[int, int]:
    taken, applied = apply_stored_statuses(settings, BATCH_ENTRIES, clock.now())
    if taken:
        log.debug("statuses.applied", webhooks=taken, applied=applied)
    return taken, applied


class Mark:
    """The draining mark of ``broker_url``, when it has one (``storage.draining``)."""

    def __init__(self, broker_url: str) -> None:
        self.url = broker_url if draining.available(broker_url) else ""

    def keep(self) -> None:
        self._tell(draining.keep)

    def release(self) -> None:
        self._tell(draining.release)

    def _tell(self, action) -> None:
        # Only a hint: without it an applier is queued once more than needed, or recovery
        # queues one; the statuses themselves are in the database.
        if not self.url:
            return
        try:
            action(self.url)
        except RedisError as exc:
            log.warning("statuses.mark_unavailable", error=str(exc))
