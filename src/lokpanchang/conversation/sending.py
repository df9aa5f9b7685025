"""Sending the conversation's replies and the welcome panchangam, after the webhook commits."""

from __future__ import annotations

from datetime import datetime

from lokpanchang.broadcast import default_context, welcome_send
from lokpanchang.broadcast.replies import send_replies
from lokpanchang.config import Settings
from lokpanchang.conversation.handling import WebhookReport, handle_events, handle_webhook
from lokpanchang.delivery.telegram_inbound import parse_update
from lokpanchang.storage.db import transaction


def process_webhook(body: dict, settings: Settings, now: datetime) -> dict:
    """Apply a WhatsApp webhook ``body`` in one transaction, then send replies and welcomes.

    Sent with the worker's own channel and content (``broadcast.default_context``).
    """
    with transaction(settings.effective_database_url) as session:
        report = handle_webhook(session, body, now)
    return _answer(report, now)


def process_telegram_update(body: dict, settings: Settings, now: datetime) -> dict:
    """Apply one Telegram update like a WhatsApp webhook (``process_webhook``)."""
    with transaction(settings.effective_database_url) as session:
        report = handle_events(session, parse_update(body), now)
    return _answer(report, now)


def _answer(report: WebhookReport, now: datetime) -> dict:
    """Send the report's replies and welcome panchangams (after its transaction committed)."""
    ctx = default_context()
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
