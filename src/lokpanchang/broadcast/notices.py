"""Telling a subscriber, once, that the channel's policy blocked their message.

On a channel with a service window (WhatsApp: ``Adapter.service_window``) a free-text
message reaches a person only in the 24 h after they wrote to us. So a subscriber whose
message was blocked is told at once if they wrote lately; otherwise the notice waits and goes
with our reply to the next thing they write (``broadcast.replies``).
``user_detail.blocked_notice_at`` records that they were told.

A notice is one more kind of send (``Notices``): a row of ``notice_log`` owed and admitted by
the messaging limit like every other (``broadcast.owing``), then claimed, rendered, marked,
sent and recorded by the pipeline, with its result hooks. So a notice owed twice at once (its
task run twice) is sent once, and one the messaging limit holds back is 'deferred' and owed
again the next time (``storage.notice_log``). Its recipients wrote to us lately, so the limit
lets it through (a message inside a service window is outside it) and it counts for nobody's
tier afterwards.

When another channel can take the subscription over by a link (``Adapter.link_url``:
Telegram's ``t.me/<bot>?start=<code>`` once its bot is configured), the notice also says how
to get the same message there; opening it links that chat (``subscribers.linking``).
"""

from __future__ import annotations

from datetime import datetime, timedelta

import structlog

from lokpanchang.broadcast import pipeline
from lokpanchang.broadcast.context import SendContext
from lokpanchang.broadcast.owing import owe
from lokpanchang.delivery.adapters import ADAPTERS
from lokpanchang.delivery.base import MessageKind, OutgoingMessage, SendResult
from lokpanchang.messages import reply
from lokpanchang.storage import audience, directory, ledger, notice_log, selections
from lokpanchang.storage.db import transaction
from lokpanchang.storage.quota import WINDOW
from lokpanchang.storage.states import NoticeKind
from lokpanchang.subscribers.linking import link_code_for

log = structlog.get_logger(__name__)

NOTICE = "blocked"  # the reply in ``messages.replies``
LEDGER: ledger.Ledger = ledger.NOTICES
"""The ledger notices are rows of."""


def notice_for(user, via: str, link: tuple[str, str] | None = None) -> OutgoingMessage:
    """The notice to ``user``, as a text from our identity ``via``; with ``link`` (a
    channel's name and its link), the way to the same message there."""
    text = reply(NOTICE, user.language)
    if link is not None:
        channel, url = link
        text += "\n\n" + reply(f"on_{channel}", user.language, link=url)
    kind = MessageKind.TEXT
    return OutgoingMessage(
        0, user.address, user.language, text=text, kind=kind, via=via, channel=user.channel
    )


class Notices:
    """The blocked notices of some subscribers, rows of ``notice_log`` between two ids."""

    model = LEDGER
    name = "notice"

    def __init__(self, user_ids: list[int], bounds: tuple[int, int]) -> None:
        self.user_ids, self.bounds = user_ids, bounds
        self.links: dict[int, tuple[str, str]] = {}

    def claim(self, session, now: datetime, stale_before: datetime) -> list[int]:
        where = selections.notices(self.user_ids, NoticeKind.BLOCKED, self.bounds)
        return ledger.claim(session, LEDGER, where, now, stale_before)

    def prepare(self, ctx: SendContext, rows: list[tuple]) -> None:
        self.links = crossing_links(ctx, [user.id for _, user in rows])

    def render(self, ctx: SendContext, row, user, via: str) -> OutgoingMessage:
        return notice_for(user, via, self.links.get(user.id))

    def may_send(self, session) -> bool:
        return True

    def halt(self, session, result: SendResult, now: datetime) -> None:
        log.error("notice.halted", error_code=result.error_code, error=result.error_detail)


def tell_blocked(ctx: SendContext, user_ids: list[int], now: datetime) -> int:
    """Tell those of ``user_ids`` never told and inside a service window; how many were."""
    with transaction(ctx.url) as session:
        open_window = audience.wrote_since(session, user_ids, now - WINDOW)
        owed = audience.owing_blocked_notice(session, audience.subscribers_with_ids(open_window))
    return send_notices(ctx, owed, now)


def send_notices(ctx: SendContext, users: list, now: datetime) -> int:
    """Owe each of ``users`` the notice and send it through the pipeline; those it reached
    are never told again. How many were told now."""
    if not users:
        return 0
    user_ids = [user.id for user in users]
    ids = _owe(ctx, user_ids, now)
    tally = pipeline.deliver_in_batches(ctx, lambda bounds: Notices(user_ids, bounds), ids, now)
    with transaction(ctx.url) as session:
        told = notice_log.reached(session, user_ids, NoticeKind.BLOCKED)
        audience.note_blocked_notice(session, told, now)
    log.info("notice.blocked_sent", told=len(told), owed=len(users), **tally.counts)
    return len(told)


def _owe(ctx: SendContext, user_ids: list[int], now: datetime) -> list[int]:
    """Rows owed for those of ``user_ids`` with none in hand (admitted by the messaging
    limit); the ids of their rows that may be sent now."""
    stale = now - timedelta(seconds=ctx.settings.claim_stale_after)
    with transaction(ctx.url) as session:
        rows = notice_log.owed_rows(session, user_ids, NoticeKind.BLOCKED, now)
        owe(session, ctx.settings, LEDGER, rows, notice_log.UNIQUE, now)
        mine = notice_log.of_users(user_ids, NoticeKind.BLOCKED)
        return ledger.sendable_ids(session, LEDGER, mine, stale, now)


def crossing_links(ctx: SendContext, user_ids: list[int]) -> dict[int, tuple[str, str]]:
    """Each subscriber's link to the first other channel that makes one (made and kept now),
    as (channel, link)."""
    offers = [name for name, a in ADAPTERS.items() if a.link_url(ctx.settings, "code")]
    if not (offers and user_ids):
        return {}
    with transaction(ctx.url) as session:
        users = directory.subscribers_by_id(session, user_ids)
        links = {}
        for user in users:
            channel = next((name for name in offers if name != user.channel), None)
            if channel is not None:
                url = ADAPTERS[channel].link_url(ctx.settings, link_code_for(user))
                links[user.id] = (channel, url)
        return links
