"""``tasks.apply_statuses``: status webhooks applied in bulk, on their own ``statuses`` queue.

With a Redis broker the web appends statuses to ``storage.status_inbox`` and queues this task
when nobody is draining; the task applies up to ``BATCH_ENTRIES`` webhooks per transaction
until the inbox is empty (or ``DRAIN_SECONDS`` have passed: it then queues itself again, so
a worker is never held for long). With another broker the web passes a body's statuses as
the argument. Either way conversation messages, on ``priority``, never wait behind them.
"""

from __future__ import annotations

import time

import structlog
from sqlalchemy.exc import OperationalError

from lokpanchang import clock
from lokpanchang.config import get_settings
from lokpanchang.conversation.statuses import apply_statuses as apply_to_ledger
from lokpanchang.delivery.events import StatusUpdate
from lokpanchang.storage import status_inbox
from lokpanchang.storage.db import transaction
from lokpanchang.tasks import app

log = structlog.get_logger(__name__)

QUEUE = "statuses"
BATCH_ENTRIES = 1000  # webhooks per transaction (Meta's carry one status each, mostly)
DRAIN_SECONDS = 20.0
TRANSIENT = (OperationalError, ConnectionError, TimeoutError)


@app.task(
    name="tasks.apply_statuses",
    queue=QUEUE,
    autoretry_for=TRANSIENT,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=8,
)
def apply_statuses(statuses: list[dict] | None = None) -> dict:
    settings = get_settings()
    applied = _apply(settings, [StatusUpdate(**fields) for fields in statuses or []])
    if status_inbox.available(settings.effective_broker_url):
        applied += drain(settings)
    return {"statuses": applied}


def drain(settings) -> int:
    """Apply what the inbox holds until it is empty or the time is up; returns how many."""
    url, applied = settings.effective_broker_url, 0
    give_up_at = time.monotonic() + DRAIN_SECONDS
    while time.monotonic() < give_up_at:
        ids, statuses = _next_batch(url)
        if not ids:
            return applied
        applied += _apply(settings, statuses)
        status_inbox.done(url, ids)
    apply_statuses.apply_async(queue=QUEUE)  # more to do: let other work in between
    return applied


def _next_batch(url: str) -> tuple[list[bytes], list[StatusUpdate]]:
    """The next entries to apply; when there are none, the inbox is marked not drained, then
    looked at once more: an entry put just before that found it marked and queued nobody."""
    status_inbox.keep_draining(url)
    ids, statuses = status_inbox.take(url, BATCH_ENTRIES)
    if ids:
        return ids, statuses
    status_inbox.stop_draining(url)
    ids, statuses = status_inbox.take(url, BATCH_ENTRIES, new_only=True)
    if ids:
        status_inbox.keep_draining(url)
    return ids, statuses


def _apply(settings, statuses: list[StatusUpdate]) -> int:
    if not statuses:
        return 0
    with transaction(settings.effective_database_url) as session:
        counts = apply_to_ledger(session, statuses, clock.now())
    log.debug("statuses.applied", applied=counts.applied, ignored=counts.ignored)
    return counts.applied
