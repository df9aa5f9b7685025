"""Telling a subscriber, once, that the channel's policy blocked their message.

On a channel with a service window (WhatsApp: ``Adapter.service_window``) a free-text
message reaches a person only in the 24 h after they wrote to us. So a subscriber whose
message was blocked is told at once if they wrote lately; otherwise the notice waits and goes
with our reply to the next thing they write (``broadcast.replies``).
``user_detail.blocked_notice_at`` records that they were told.

When another channel can take the subscription over by a link (``Adapter.link_url``:
Telegram's ``t.me/<bot>?start=<code>`` once its bot is configured), the notice also says how
to get the same message there; opening it links that chat (``subscribers.linking``).
"""

from __future__ import annotations

from datetime import datetime

import structlog
from sqlalchemy import select

from lokpanchang.broadcast.context import SendContext, transmit
from lokpanchang.delivery.adapters import ADAPTERS
from lokpanchang.delivery.base import MessageKind, Outcome, OutgoingMessage
from lokpanchang.messages import reply
from lokpanchang.storage import audience
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import UserDetail
from lokpanchang.storage.quota import WINDOW
from lokpanchang.subscribers.linking import link_code_for

log = structlog.get_logger(__name__)

NOTICE = "blocked"  # the reply in ``messages.replies``


def notice_for(user: UserDetail, link: tuple[str, str] | None = None) -> OutgoingMessage:
    """The notice to ``user``, as a text from the number they are pinned to; with ``link``
    (a channel's name and its link), the way to the same message there."""
    text = reply(NOTICE, user.language)
    if link is not None:
        channel, url = link
        text += "\n\n" + reply(f"on_{channel}", user.language, link=url)
    via = user.number_id or ""
    kind = MessageKind.TEXT
    return OutgoingMessage(
        0, user.address, user.language, text=text, kind=kind, via=via, channel=user.channel
    )


def tell_blocked(ctx: SendContext, user_ids: list[int], now: datetime) -> int:
    """Tell those of ``user_ids`` never told and inside a service window; how many were."""
    with transaction(ctx.url) as session:
        open_window = audience.wrote_since(session, user_ids, now - WINDOW)
        owed = audience.owing_blocked_notice(session, UserDetail.id.in_(open_window))
    return send_notices(ctx, owed, now)


def send_notices(ctx: SendContext, users: list[UserDetail], now: datetime) -> int:
    """Send the notice to each of ``users``; those it reached are never told again."""
    if not users:
        return 0
    links = crossing_links(ctx, [user.id for user in users])
    notices = [notice_for(user, links.get(user.id)) for user in users]
    results = transmit(ctx, notices)
    told = [user.id for user, r in zip(users, results) if r.outcome is Outcome.SENT]
    with transaction(ctx.url) as session:
        audience.note_blocked_notice(session, told, now)
    log.info("notice.blocked_sent", told=len(told), owed=len(users))
    return len(told)


def crossing_links(ctx: SendContext, user_ids: list[int]) -> dict[int, tuple[str, str]]:
    """Each subscriber's link to the first other channel that makes one (made and kept now),
    as (channel, link)."""
    offers = [name for name, a in ADAPTERS.items() if a.link_url(ctx.settings, "code")]
    if not (offers and user_ids):
        return {}
    with transaction(ctx.url) as session:
        users = session.scalars(select(UserDetail).where(UserDetail.id.in_(user_ids)))
        links = {}
        for user in users:
            channel = next((name for name in offers if name != user.channel), None)
            if channel is not None:
                url = ADAPTERS[channel].link_url(ctx.settings, link_code_for(user))
                links[user.id] = (channel, url)
        return links
