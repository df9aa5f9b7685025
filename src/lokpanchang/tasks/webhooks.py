"""``tasks.handle_inbound``: the work behind every channel's inbound route (``POST /webhook``,
``POST /telegram/webhook``, ...), one task for all of them, on the ``priority`` queue.

It takes the channel's name and the verified body; the channel's adapter parses it
(``conversation.process_inbound``). ``tasks.handle_webhook`` and ``tasks.handle_telegram_update``
are the names it had per channel: messages queued under them before an upgrade still run.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import IntegrityError, OperationalError

from lokpanchang import clock
from lokpanchang.config import get_settings
from lokpanchang.conversation import process_inbound
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


@app.task(name="tasks.handle_inbound", **INBOUND_TASK)
def handle_inbound(channel: str, body: dict) -> dict:
    return process_inbound(channel, body, get_settings(), clock.now())


@app.task(name="tasks.handle_webhook", **INBOUND_TASK)
def handle_webhook(body: dict) -> dict:
    """A WhatsApp body queued under the name of before ``tasks.handle_inbound``."""
    return process_inbound("whatsapp", body, get_settings(), clock.now())


@app.task(name="tasks.handle_telegram_update", **INBOUND_TASK)
def handle_telegram_update(body: dict) -> dict:
    """A Telegram update queued under the name of before ``tasks.handle_inbound``."""
    return process_inbound("telegram", body, get_settings(), clock.now())
