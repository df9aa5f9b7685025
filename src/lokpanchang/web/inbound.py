"""A verified webhook, made durable before the channel gets its 200, then handed on by id.

``accept(channel, body, statuses)`` stores a channel's verified body (people's messages,
opt-outs) and its status updates in one transaction (``storage.inbound``), then queues
``tasks.handle_inbound(id)`` on ``priority`` and, for statuses, ``tasks.apply_statuses`` on
``statuses`` (once per burst with Redis: ``storage.draining``). Once stored, nothing is lost
to the broker: if queueing fails, or Redis loses the queued task, ``tasks.recover_inbound``
queues it again. Only a database that cannot store it refuses it (``StoreUnavailable``: the
channel is answered 503 and retries).
"""

from __future__ import annotations

from collections.abc import Sequence

import structlog

from lokpanchang import clock
from lokpanchang.delivery.events import StatusUpdate
from lokpanchang.storage import draining, inbound
from lokpanchang.storage.db import transaction
from lokpanchang.web import app_settings, taskqueue

log = structlog.get_logger(__name__)

# The row is safe already: one quick retry of the broker, then recovery's turn.
ENQUEUE_RETRY = {"max_retries": 1, "interval_start": 0.2, "interval_step": 0, "interval_max": 0.2}


class StoreUnavailable(Exception):
    """The database did not store the webhook: nothing was kept (answer 503)."""


def accept(channel: str, body: dict | None, statuses: Sequence[StatusUpdate] = ()) -> None:
    """Keep ``body`` (None: nothing but statuses) and ``statuses`` from ``channel``, then
    queue their tasks."""
    try:
        with transaction(app_settings().effective_database_url) as session:
            now = clock.now()
            inbound_id = inbound.store(session, channel, body, now) if body is not None else None
            if statuses:
                inbound.store_statuses(session, channel, list(statuses), now)
    except inbound.UNAVAILABLE as exc:
        raise StoreUnavailable(str(exc)) from exc
    try:
        if inbound_id is not None:
            _send("tasks.handle_inbound", [inbound_id], "priority")
        if statuses and _no_applier_draining():
            _send("tasks.apply_statuses", [], "statuses")
    except taskqueue.QUEUE_ERRORS as exc:
        log.warning("inbound.enqueue_failed", inbound_id=inbound_id, error=str(exc))


def _no_applier_draining() -> bool:
    broker = app_settings().effective_broker_url
    return not draining.available(broker) or draining.claim(broker)


def _send(task: str, args: list, queue: str) -> None:
    taskqueue.send_task(
        task, args, queue=queue, ignore_result=True, retry=True, retry_policy=ENQUEUE_RETRY
    )
