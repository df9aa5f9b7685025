"""``make_sender(settings)``: every channel's sender behind one (``Channels``).

Each adapter (``delivery.adapters``) with settings of its own sends its channel's messages
(WhatsApp: the Cloud API when ``DELIVERY_BACKEND`` chooses it, which ``auto`` does when
credentials are set; Telegram: the Bot API when ``TELEGRAM_BOT_TOKEN`` is set). On the
embedded outbox (or the memory sender) every other channel's messages are recorded there
too; beside a real channel, a channel without settings sends nothing (``Channels`` says
which setting is missing).
"""

from __future__ import annotations

from lokpanchang.config import Settings
from lokpanchang.delivery.adapters import ADAPTERS
from lokpanchang.delivery.base import Sender
from lokpanchang.delivery.channels import Channels


def outbox_path(settings: Settings):
    return settings.data_dir / "outbox.jsonl"


def make_sender(settings: Settings, *, keep_open: bool = False) -> Sender:
    """Every configured channel; with ``keep_open`` their connection pools outlive each
    batch (a worker process's channels, on its long-lived loop: ``delivery.pooled``)."""
    local = _local_sender(settings)
    senders: dict[str, Sender] = {}
    for name, adapter in ADAPTERS.items():
        if adapter.configured(settings):
            senders[name] = adapter.sender(settings, keep_open)
        elif local is not None:
            senders[name] = local
    return Channels(senders)


def _local_sender(settings: Settings) -> Sender | None:
    """The embedded outbox or the memory sender, when ``DELIVERY_BACKEND`` chooses one."""
    backend = settings.effective_delivery_backend
    if backend == "outbox":
        from lokpanchang.delivery.outbox import OutboxSender

        return OutboxSender(outbox_path(settings))
    if backend == "memory":
        from lokpanchang.delivery.memory import MemorySender

        return MemorySender()
    return None
