"""``make_sender(settings)``: every configured channel behind one sender (``Channels``).

WhatsApp messages go to the channel chosen by ``DELIVERY_BACKEND`` (auto: the Cloud API
when credentials are set, else the outbox file under the data directory). Telegram messages
go to the Bot API when ``TELEGRAM_BOT_TOKEN`` is set; without it, the embedded outbox (or
the memory sender) records them too, and with the Cloud API they are not sent.
"""

from __future__ import annotations

from lokpanchang.config import Settings
from lokpanchang.delivery.base import Sender
from lokpanchang.delivery.channels import Channels


def outbox_path(settings: Settings):
    return settings.data_dir / "outbox.jsonl"


def make_sender(settings: Settings, *, keep_open: bool = False) -> Sender:
    """Every configured channel; with ``keep_open`` their connection pools outlive each
    batch (a worker process's channels, on its long-lived loop: ``delivery.pooled``)."""
    primary = _whatsapp_channel(settings, keep_open)
    senders: dict[str, Sender] = {"whatsapp": primary}
    if settings.telegram_bot_token:
        from lokpanchang.delivery import telegram

        senders["telegram"] = telegram.from_settings(settings, keep_open=keep_open)
    elif primary.name in ("outbox", "memory"):
        senders["telegram"] = primary
    return Channels(senders)


def _whatsapp_channel(settings: Settings, keep_open: bool) -> Sender:
    backend = settings.effective_delivery_backend
    if backend == "outbox":
        from lokpanchang.delivery.outbox import OutboxSender

        return OutboxSender(outbox_path(settings))
    if backend == "memory":
        from lokpanchang.delivery.memory import MemorySender

        return MemorySender()
    from lokpanchang.delivery import whatsapp

    return whatsapp.from_settings(settings, keep_open=keep_open)
