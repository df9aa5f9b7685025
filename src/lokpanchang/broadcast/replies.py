"""The conversation's replies: free text and location requests, direct sends of their own
ledger (``broadcast.direct``, kind ``reply``).

A reply answers someone who just wrote to us (inside their service window), from the number
they wrote to. Its row is keyed by the message it answers and its place among that message's
answers (``Reply.cause``), and owed in the transaction that handles the message
(``owe_replies``): a worker that dies after that commit loses no reply, and a task run twice
sends none twice. It is then sent by the pipeline (``send_replies``), and recorded with its
outcome and message id. A subscriber owed a notice that a message was blocked
(``broadcast.notices``) gets it with the reply.
"""

from __future__ import annotations

import uuid
from collections import Counter
from datetime import datetime

from lokpanchang.broadcast import direct, notices
from lokpanchang.broadcast.context import SendContext
from lokpanchang.delivery.adapters import names_with
from lokpanchang.delivery.base import MessageKind, OutgoingMessage, SendResult
from lokpanchang.storage import addresses, audience
from lokpanchang.storage.db import Session, transaction
from lokpanchang.storage.states import DirectKind

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


def cause_of(reply) -> str:
    """The inbound message ``reply`` answers ("": none, e.g. a test message)."""
    return getattr(reply, "cause", "")


def keyed(replies: list) -> direct.Keyed:
    """Each reply under its key: its cause (the message it answers) and its place among that
    message's answers; a reply of no cause gets a key of its own."""
    places: Counter[str] = Counter()
    found = []
    for reply in replies:
        cause = cause_of(reply) or f"none:{uuid.uuid4().hex}"
        places[cause] += 1
        found.append((f"{cause}:{places[cause]}", reply_message(reply)))
    return found


def owe_replies(session: Session, settings, replies: list, now: datetime) -> None:
    """Owe the replies that have a cause, in the transaction that handled their messages."""
    caused = keyed([reply for reply in replies if cause_of(reply)])
    if caused:
        direct.owe(session, settings, DirectKind.REPLY, caused, now)


def send_replies(ctx: SendContext, replies: list, now: datetime) -> list[SendResult]:
    """Send the conversation's ``replies`` (``conversation.Reply``: to whom, on which channel,
    from which of our identities, what, in which language, in answer to what), each once.
    Those with a cause were owed with their message (``owe_replies``): never owed again here,
    so one erased since (its key blanked) is not sent."""
    keys = keyed(replies)
    uncaused = [pair for pair, reply in zip(keys, replies) if not cause_of(reply)]
    if uncaused:
        with transaction(ctx.url) as session:
            direct.owe(session, ctx.settings, DirectKind.REPLY, uncaused, now)
    results = direct.send_owed_keys(ctx, DirectKind.REPLY, [key for key, _ in keys], now)
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
