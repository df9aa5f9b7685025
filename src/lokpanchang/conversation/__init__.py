"""The subscriber conversation over a channel's webhook: plain code, called by a task."""

from lokpanchang.conversation.handling import (
    Reply,
    WebhookReport,
    handle_events,
    handle_webhook,
)
from lokpanchang.conversation.sending import process_inbound, process_webhook

__all__ = [
    "Reply",
    "WebhookReport",
    "handle_events",
    "handle_webhook",
    "process_inbound",
    "process_webhook",
]
