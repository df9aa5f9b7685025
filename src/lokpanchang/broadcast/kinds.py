"""What every kind of send of the daily panchangam shares: rows of ``message_log``, rendered
by the broadcast's content for the row's local date, from the subscriber's number.

A kind is a ``LedgerSelection`` that says which rows it claims (and, for a run, whether it
may still send and what a halt does); ``pipeline.deliver`` does the rest. Every kind's
message carries the day's card (issue 27) on the channels that show one, unless its
subscriber said ``card off``; a card that cannot be had leaves the message without it.
"""

from __future__ import annotations

from datetime import datetime

import structlog

from lokpanchang.broadcast.cards import CardSource
from lokpanchang.broadcast.content import Content, Recipient, subscriber_recipient
from lokpanchang.broadcast.context import SendContext
from lokpanchang.delivery.base import Card, OutgoingMessage, SendResult
from lokpanchang.delivery.channels import shows_cards
from lokpanchang.storage import ledger
from lokpanchang.storage.ledger import Ledger

log = structlog.get_logger(__name__)


def to_recipient(row, user) -> Recipient:
    """What the content needs to know of a ledger row and its subscriber."""
    return subscriber_recipient(user, row.local_date, row.id)


def prepare_content(content: Content, rows: list[tuple]) -> None:
    """Let the content load or compute a batch's panchangams at once (one store query)."""
    prepare = getattr(content, "prepare", None)
    if prepare is not None and rows:
        prepare([to_recipient(row, user) for row, user in rows])


def daily_message(
    content: Content,
    row,
    user,
    via: str = "",
    cards: CardSource | None = None,
) -> OutgoingMessage:
    """The daily panchangam of ``row``'s local date for ``user``, as the broadcast sends it;
    with its card from ``cards`` (a ``CardSource``) when given one and ``user`` wants it."""
    recipient = to_recipient(row, user)
    parameters, text = content(recipient)
    return OutgoingMessage(
        row.id,
        user.address,
        user.language,
        tuple(parameters),
        text,
        via=via,
        channel=user.channel,
        card=_card(cards, recipient, text) if cards is not None and not user.card_off else None,
    )


def _card(cards: CardSource, recipient: Recipient, text: str) -> Card | None:
    found = cards.card(recipient)
    if found is None:
        return None
    key, png = found
    heading = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return Card(key, png, alt=heading[:200])


class LedgerSelection:
    """Rows of ``message_log`` carrying the daily panchangam; subclasses say which."""

    model: Ledger = ledger.DAILY
    name = "send"

    def claim(self, session, now: datetime, stale_before: datetime) -> list[int]:
        return ledger.claim(session, self.model, self.rows(), now, stale_before)

    def rows(self):
        """The WHERE clause of the rows this selection owns."""
        raise NotImplementedError

    def prepare(self, ctx: SendContext, rows: list[tuple]) -> None:
        prepare_content(ctx.content, rows)

    def render(self, ctx: SendContext, row, user, via: str) -> OutgoingMessage:
        cards = ctx.cards if shows_cards(ctx.sender, user.channel) else None
        return daily_message(ctx.content, row, user, via, cards)

    def may_send(self, session) -> bool:
        return True

    def halt(self, session, result: SendResult, now: datetime) -> None:
        log.error(f"{self.name}.halted", error_code=result.error_code, error=result.error_detail)
