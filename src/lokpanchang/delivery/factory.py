"""``make_sender(settings)``: the channel chosen by ``DELIVERY_BACKEND`` (auto: WhatsApp when
credentials are set, else the outbox file under the data directory)."""

from __future__ import annotations

import importlib

from lokpanchang.config import Settings
from lokpanchang.delivery.base import Sender


def outbox_path(settings: Settings):
    return settings.data_dir / "outbox.jsonl"


def make_sender(settings: Settings) -> Sender:
    backend = settings.effective_delivery_backend
    if backend == "outbox":
        from lokpanchang.delivery.outbox import OutboxSender

        return OutboxSender(outbox_path(settings))
    if backend == "memory":
        from lokpanchang.delivery.memory import MemorySender

        return MemorySender()
    # The WhatsApp channel is written by the delivery subject; it exposes ``from_settings``.
    whatsapp = importlib.import_module("lokpanchang.delivery.whatsapp")
    return whatsapp.from_settings(settings)
