"""Telling a subscriber, once, that the channel's policy blocked their message.

A free-text message reaches a WhatsApp user only inside a service window (they wrote to us
in the last 24 h). So a subscriber whose message was blocked is told at once if they wrote
lately; otherwise the notice waits and goes with our reply to the next thing they write
(``conversation.sending``). ``user_detail.blocked_notice_at`` records that they were told.

When a Telegram bot is configured (``TELEGRAM_BOT_TOKEN`` and ``TELEGRAM_BOT_USERNAME``), the
notice also says how to get the same message on Telegram: a ``t.me/<bot>?start=<code>``
link that links the Telegram chat to their subscription (``subscribers.linking``).
"""

from __future__ import annotations

from datetime import datetime

import structlog
from sqlalchemy import select

from lokpanchang.broadcast.context import SendContext, run_async
from lokpanchang.delivery.base import MessageKind, Outcome, OutgoingMessage
from lokpanchang.messages import reply
from lokpanchang.storage import audience
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import UserDetail
from lokpanchang.storage.quota import WINDOW
from lokpanchang.storage.states import Channel
from lokpanchang.subscribers.linking import link_code_for, telegram_link

log = structlog.get_logger(__name__)

NOTICE = "blocked"  # the reply in ``messages.replies``


def notice_for(user: UserDetail, link: str = "") -> OutgoingMessage:
    """The notice to ``user``, as a text from the number they are pinned to; with ``link``,
    the way to the same message on Telegram."""
    text = reply(NOTICE, user.language)
    if link:
        text += "\n\n" + reply("on_telegram", user.language, link=link)
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
    links = telegram_links(ctx, [user.id for user in users])
    notices = [notice_for(user, links.get(user.id, "")) for user in users]
    results = run_async(ctx.sender.send_batch(notices))
    told = [user.id for user, r in zip(users, results) if r.outcome is Outcome.SENT]
    with transaction(ctx.url) as session:
        audience.note_blocked_notice(session, told, now)
    log.info("notice.blocked_sent", told=len(told), owed=len(users))
    return len(told)


def telegram_links(ctx: SendContext, user_ids: list[int]) -> dict[int, str]:
    """Each WhatsApp subscriber's Telegram link (made and kept now), when a bot is set up."""
    bot = ctx.settings.telegram_bot_username
    if not (bot and ctx.settings.telegram_bot_token and user_ids):
        return {}
    with transaction(ctx.url) as session:
        users = session.scalars(
            select(UserDetail).where(
                UserDetail.id.in_(user_ids), UserDetail.channel == Channel.WHATSAPP
            )
        )
        return {user.id: telegram_link(bot, link_code_for(user)) for user in users}
