"""Sending the conversation's replies and the welcome panchangam, after the webhook commits."""

from __future__ import annotations

from datetime import datetime

from lokpanchang.broadcast import SendContext, direct, welcome_send
from lokpanchang.broadcast.replies import send_replies
from lokpanchang.config import Settings
from lokpanchang.conversation.handling import WebhookReport
from lokpanchang.delivery import outbox
from lokpanchang.delivery.factory import outbox_path
from lokpanchang.storage import erasure
from lokpanchang.storage.erasure import Erased


def answer(report: WebhookReport, now: datetime, ctx: SendContext) -> dict:
    """Send the report's replies and welcome panchangams through ``ctx`` (after its
    transaction committed)."""
    if report.replies:
        send_replies(ctx, report.replies, now)
    for user_id in report.welcome_user_ids:
        welcome_send(user_id, now, ctx)
    for erased in report.erased:  # after the last reply to them ("deleted")
        forget_erased(ctx, erased)
    return _summary(report)


def forget_erased(ctx: SendContext, erased: Erased) -> None:
    """Once the sends to them on their way have ended (``storage.erasure.settle``): the
    ledger's rows to their addresses (the last reply) and the files forget them."""
    erasure.settle(ctx.url, erased, ctx.settings.claim_stale_after)
    addresses = list(erased.addresses)
    direct.forget(ctx, addresses)  # the outbox hold too
    forget_in_files(ctx.settings, addresses)


def send_owed(ctx: SendContext, now: datetime) -> None:
    """Send the replies owed and not sent (their worker died after the commit)."""
    direct.send_owed(ctx, now)


def forget_in_files(settings: Settings, addresses: list[str]) -> None:
    """What erasure cannot do in its transaction: the outbox's lines to ``addresses`` are
    overwritten (whichever channel sends now: an outbox kept from the demo counts too), and
    SQLite's files are compacted (``storage.erasure.compact``); PostgreSQL's tables are
    rewritten later, by a task (``summary["erased"]``: ``tasks.erasure``)."""
    outbox.forget(outbox_path(settings), addresses)
    if not erasure.rewrites_later(settings.effective_database_url):
        erasure.compact(settings.effective_database_url)


def _summary(report: WebhookReport) -> dict:
    return {
        "replies": len(report.replies),
        "welcome": len(report.welcome_user_ids),
        "statuses": report.statuses_applied,
        "ignored": report.statuses_ignored,
        "duplicates": report.duplicates,
        "erased": len(report.erased),
    }
