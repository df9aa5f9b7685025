"""Stored webhooks, handled: the work of the tasks that take an ``inbound_webhook`` id.

``process_inbound(inbound_id, ...)`` reads one stored conversation webhook (locked), turns it
into neutral events with its channel's parser, applies them and removes the row in one
transaction, with the replies owed in the same transaction (``broadcast.replies``), then
sends them (``conversation.sending``). A row already handled is gone, so a repeated or
forged task handles nothing again; a repeated task (a redelivery after its worker died)
sends the replies still owed. ``apply_stored_statuses`` does the same for
a batch of stored status updates.
"""

from __future__ import annotations

from datetime import datetime

from lokpanchang.almanac import convention_named
from lokpanchang.broadcast import SendContext
from lokpanchang.broadcast.replies import owe_replies
from lokpanchang.config import Settings
from lokpanchang.conversation.handling import handle_events
from lokpanchang.conversation.sending import answer, send_owed
from lokpanchang.conversation.statuses import apply_statuses
from lokpanchang.delivery.adapters import adapter
from lokpanchang.storage import inbound
from lokpanchang.storage.db import transaction


def process_inbound(inbound_id: int, ctx: SendContext, now: datetime) -> dict:
    """Handle the stored webhook ``inbound_id`` once; then send its replies and welcomes
    through ``ctx`` (the worker's send context)."""
    if isinstance(inbound_id, bool) or not isinstance(inbound_id, int):
        raise TypeError(f"an inbound webhook is named by its row id, not {inbound_id!r}")
    with transaction(ctx.url) as session:
        stored = inbound.claim(session, inbound_id)
        if stored is None:
            send_owed(ctx, now)
            return {"inbound_id": inbound_id, "handled": "before"}
        events = adapter(stored.channel).parse_inbound(stored.body)
        report = handle_events(
            session, events, now, convention_named(ctx.settings.almanac_convention)
        )
        owe_replies(session, ctx.settings, report.replies, now)
        inbound.remove(session, [stored.id])
    return {"inbound_id": inbound_id, **answer(report, now, ctx)}


def apply_stored_statuses(settings: Settings, limit: int, now: datetime) -> tuple[int, int]:
    """Apply up to ``limit`` stored status webhooks and remove them, in one transaction;
    (webhooks taken, statuses applied)."""
    with transaction(settings.effective_database_url) as session:
        ids, statuses = inbound.take_statuses(session, limit)
        applied = apply_statuses(session, statuses, now).applied if statuses else 0
        inbound.remove(session, ids)
    return len(ids), applied
