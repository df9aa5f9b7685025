"""The subscriber conversation over the WhatsApp webhook: plain code, called by a task."""

from lokpanchang.conversation.handling import Reply, WebhookReport, handle_webhook
from lokpanchang.conversation.sending import process_webhook, send_replies, send_welcome_panchangam

__all__ = [
    "Reply",
    "WebhookReport",
    "handle_webhook",
    "process_webhook",
    "send_replies",
    "send_welcome_panchangam",
]
