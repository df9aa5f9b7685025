"""``tasks.handle_webhook``: the work behind ``POST /webhook``, on the ``priority`` queue."""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import IntegrityError, OperationalError

from lokpanchang import clock
from lokpanchang.config import get_settings
from lokpanchang.conversation import process_webhook
from lokpanchang.tasks import app

# IntegrityError: another worker handled the same inbound message id at the same moment;
# the retry finds it recorded and does nothing.
TRANSIENT = (OperationalError, IntegrityError, ConnectionError, TimeoutError)
# How every channel's inbound task runs: first on the priority queue, retried with back-off.
INBOUND_TASK: dict[str, Any] = {
    "queue": "priority",
    "autoretry_for": TRANSIENT,
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 8,
}


@app.task(name="tasks.handle_webhook", **INBOUND_TASK)
def handle_webhook(body: dict) -> dict:
    return process_webhook(body, get_settings(), clock.now())
