"""Sending the conversation's replies and the welcome panchangam, after the webhook commits."""

from __future__ import annotations

from datetime import datetime

from lokpanchang.broadcast import default_context, welcome_send
from lokpanchang.broadcast.replies import send_replies
from lokpanchang.config import Settings
from lokpanchang.conversation.handling import WebhookReport, handle_webhook
from lokpanchang.delivery.adapters import DEFAULT
from lokpanchang.storage import erasure
from lokpanchang.storage.db import transaction


def process_inbound(channel: str, body: dict, settings: Settings, now: datetime) -> dict:
    """Apply one verified inbound ``body`` of ``channel`` (parsed by its adapter) in one
    transaction, then send the replies and welcomes.

    Sent with the worker's own channel and content (``broadcast.default_context``).
    """
    with transaction(settings.effective_database_url) as session:
        report = handle_webhook(session, body, now, channel)
    return _answer(report, now)


def process_webhook(body: dict, settings: Settings, now: datetime) -> dict:
    """``process_inbound`` of a WhatsApp webhook body."""
    return process_inbound(DEFAULT, body, settings, now)


def _answer(report: WebhookReport, now: datetime) -> dict:
    """Send the report's replies and welcome panchangams (after its transaction committed)."""
    ctx = default_context()
    if report.erased:  # someone's number and place were erased: none left in the file either
        erasure.checkpoint(ctx.url)
    if report.replies:
        send_replies(ctx, report.replies, now)
    for user_id in report.welcome_user_ids:
        welcome_send(user_id, now, ctx)
    return _summary(report)


def _summary(report: WebhookReport) -> dict:
    return {
        "replies": len(report.replies),
        "welcome": len(report.welcome_user_ids),
        "statuses": report.statuses_applied,
        "ignored": report.statuses_ignored,
        "duplicates": report.duplicates,
    }
