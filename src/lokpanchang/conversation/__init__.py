"""The subscriber conversation over a channel's webhook: plain code, called by a task."""

from lokpanchang.conversation.handling import (
    Reply,
    WebhookReport,
    handle_events,
    handle_webhook,
)
from lokpanchang.conversation.inbound import apply_stored_statuses, process_inbound

__all__ = [
    "Reply",
    "WebhookReport",
    "apply_stored_statuses",
    "handle_events",
    "handle_webhook",
    "process_inbound",
]
