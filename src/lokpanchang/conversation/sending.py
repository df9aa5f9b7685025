"""Sending the conversation's replies and the welcome panchangam, after the webhook commits."""

from __future__ import annotations

from datetime import datetime

from lokpanchang.broadcast import default_context, welcome_send
from lokpanchang.broadcast.replies import send_replies
from lokpanchang.conversation.handling import WebhookReport
from lokpanchang.storage import erasure


def answer(report: WebhookReport, now: datetime) -> dict:
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
