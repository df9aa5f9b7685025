"""The conversation's replies: free text and location requests, in no ledger.

A reply answers someone who just wrote to us (inside their service window), from the number
they wrote to. It goes through the same channel and event loop as every other send
(``pipeline.transmit``); its outcome is logged. A subscriber owed a notice that a message was
blocked (``broadcast.notices``) gets it with the reply.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

import structlog

from lokpanchang.broadcast import notices, pipeline
from lokpanchang.broadcast.context import SendContext
from lokpanchang.delivery.adapters import names_with
from lokpanchang.delivery.base import MessageKind, OutgoingMessage, SendResult
from lokpanchang.storage import addresses, audience, inbound_counts
from lokpanchang.storage.db import transaction

log = structlog.get_logger(__name__)

KINDS = {"text": MessageKind.TEXT, "location_request": MessageKind.LOCATION_REQUEST}


def reply_message(reply) -> OutgoingMessage:
    """The conversation's ``reply`` (``text`` or ``location_request``) as a message to send."""
    kind = KINDS[reply.kind]
    return OutgoingMessage(
        0,
        reply.to,
        reply.language,
        text=reply.text,
        kind=kind,
        via=reply.via,
        channel=reply.channel,
    )


def send_replies(ctx: SendContext, replies: list, now: datetime) -> list[SendResult]:
    """Send the conversation's ``replies`` (``conversation.Reply``: to whom, on which channel,
    from which of our identities, what, in which language)."""
    messages = [reply_message(r) for r in replies]
    results = pipeline.transmit(ctx, messages)
    outcomes: Counter[inbound_counts.Key] = Counter()
    for message, result in zip(messages, results):
        log.info(
            "reply.sent",
            kind=str(message.kind),
            outcome=str(result.outcome),
            error_code=result.error_code,
        )
        outcomes[inbound_counts.REPLIES, message.channel, str(result.outcome)] += 1
    inbound_counts.add_now(ctx.url, outcomes)
    for channel in names_with("service_window"):
        _notices_owed(ctx, channel, [r.to for r in replies if r.channel == channel], now)
    return results


def _notices_owed(ctx: SendContext, channel: str, to: list[str], now: datetime) -> None:
    """Subscribers on a channel with a service window are told of a blocked message when
    they next write (their window is open)."""
    if not to:
        return
    with transaction(ctx.url) as session:
        owed = audience.owing_blocked_notice(session, addresses.at_addresses(channel, to))
    notices.send_notices(ctx, owed, now)
