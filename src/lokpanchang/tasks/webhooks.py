"""The stored webhooks' tasks (``storage.inbound``): they take row ids, never bodies.

- ``tasks.handle_inbound(inbound_id)``: one channel's stored webhook (people's messages), on
  the ``priority`` queue, for every channel. A forged or repeated task names a row that is
  not there (or a verified one, handled once): it does nothing.
- ``tasks.recover_inbound``: beat runs it every ``INBOUND_RECOVER_AFTER / 2`` seconds; it
  queues again what waited longer than ``INBOUND_RECOVER_AFTER`` (a task the broker lost with
  its data), and drops a row queued ``MAX_ATTEMPTS`` times (logged, without its contents);
  and it queues an erasure's compaction once it is due (``tasks.erasure``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import structlog

from lokpanchang import clock
from lokpanchang.conversation import process_inbound
from lokpanchang.storage import inbound
from lokpanchang.storage.db import DUPLICATE, UNREACHABLE, transaction
from lokpanchang.tasks import app
from lokpanchang.tasks.app import services_of
from lokpanchang.tasks.erasure import ask_for_compaction, queue_due_compaction

log = structlog.get_logger(__name__)

# DUPLICATE: another worker handled the same inbound message id at the same moment;
# the retry finds it recorded and does nothing.
TRANSIENT = (*UNREACHABLE, *DUPLICATE, ConnectionError, TimeoutError)
# How every channel's inbound task runs: first on the priority queue, retried with back-off.
INBOUND_TASK: dict[str, Any] = {
    "queue": "priority",
    "autoretry_for": TRANSIENT,
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 8,
}
MAX_ATTEMPTS = 5  # times recovery queues one stored webhook before giving it up
RECOVER_LIMIT = 1000  # rows one recovery pass queues again at most


@app.task(name="tasks.handle_inbound", bind=True, **INBOUND_TASK)
def handle_inbound(self, inbound_id: int) -> dict:
    services = services_of(self)
    handled = process_inbound(inbound_id, services.send_context(), clock.now())
    if handled.get("erased"):  # their values are still in PostgreSQL's pages: ask it away
        ask_for_compaction(services.settings, clock.now())
    return handled


@app.task(name="tasks.recover_inbound", bind=True, **{**INBOUND_TASK, "queue": "default"})
def recover_inbound(self) -> dict:
    settings = services_of(self).settings
    before = clock.now() - timedelta(seconds=settings.inbound_recover_after)
    with transaction(settings.effective_database_url) as session:
        found = inbound.overdue(session, before, MAX_ATTEMPTS, RECOVER_LIMIT)
    for inbound_id in found.conversation_ids:
        handle_inbound.apply_async(args=[inbound_id])
    if found.statuses_waiting:
        app.send_task("tasks.apply_statuses", queue="statuses")
    if found.given_up_ids:
        log.error("inbound.given_up", ids=found.given_up_ids, attempts=MAX_ATTEMPTS)
    return {
        "queued": len(found.conversation_ids),
        "statuses": found.statuses_waiting,
        "given_up": len(found.given_up_ids),
        "compaction": queue_due_compaction(settings, clock.now()),
    }
