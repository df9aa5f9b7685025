"""``tasks.handle_telegram_update``: the work behind ``POST /telegram/webhook``, on the
``priority`` queue, retried like WhatsApp's (``tasks.webhooks``)."""

from __future__ import annotations

from lokpanchang import clock
from lokpanchang.config import get_settings
from lokpanchang.conversation import process_telegram_update
from lokpanchang.tasks import app
from lokpanchang.tasks.webhooks import INBOUND_TASK


@app.task(name="tasks.handle_telegram_update", **INBOUND_TASK)
def handle_telegram_update(body: dict) -> dict:
    return process_telegram_update(body, get_settings(), clock.now())
