"""What the pipeline does with a batch's results besides recording them: its result hooks,
run around every batch of every kind of send (dramatiq's middleware, around one pipeline).

A hook is called twice for each batch: ``recorded`` inside the transaction that writes the
outcomes (through a database outage, ``broadcast.holding``), and ``after`` once they are
written. Each gets the batch's outcomes as (row id, subscriber id, message, result); a hook
for some channels only looks at the messages of those (``message.channel``), as their
adapters say (``delivery.adapters``):

- ``DisableUnreachable``: a subscriber the channel says cannot receive messages (``DISABLE``:
  a WhatsApp opt-out, a blocked bot, an e-mail hard bounce) gets no more, the reason kept;
- ``TellBlocked``: on a channel with a service window, a subscriber whose message its policy
  blocked is told once, inside their window (``broadcast.notices``, itself a kind of send
  through the pipeline: a notice's own outcomes tell nobody).
"""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

import structlog

from lokpanchang.broadcast import notices
from lokpanchang.delivery.adapters import names_with
from lokpanchang.delivery.base import Outcome, OutgoingMessage, SendResult
from lokpanchang.storage import ledger

log = structlog.get_logger(__name__)

Outcomes = list[tuple[int, int, OutgoingMessage | None, SendResult]]


class ResultHook(Protocol):
    def recorded(self, session, model: ledger.Ledger, outcomes: Outcomes, now: datetime) -> None:
        """Inside the transaction that records ``outcomes``."""
        ...

    def after(self, ctx, model: ledger.Ledger, outcomes: Outcomes, now: datetime) -> None:
        """Once ``outcomes`` (rows of ``model``) are recorded."""
        ...


class DisableUnreachable:
    """Subscribers the channel says cannot receive messages get no more (reason kept)."""

    def recorded(self, session, model: ledger.Ledger, outcomes: Outcomes, now: datetime) -> None:
        disabled = [(row_id, r) for row_id, _, _, r in outcomes if r.outcome is Outcome.DISABLE]
        if not disabled:
            return
        users = ledger.subscribers_of(session, model, [row_id for row_id, _ in disabled])
        for row_id, result in disabled:
            user = users[row_id]
            user.obsoleted_on = now
            reason = f"channel error {result.error_code}: {result.error_detail or ''}"
            user.disabled_reason = reason.strip()[:200]
            log.warning("subscriber.disabled", user_id=user.id, error_code=result.error_code)

    def after(self, ctx, model: ledger.Ledger, outcomes: Outcomes, now: datetime) -> None:
        return None


class TellBlocked:
    """On the channels with a service window, the subscribers whose message was blocked by
    policy are told once (``broadcast.notices``)."""

    channels = names_with("service_window")

    def recorded(self, session, model: ledger.Ledger, outcomes: Outcomes, now: datetime) -> None:
        return None

    def after(self, ctx, model: ledger.Ledger, outcomes: Outcomes, now: datetime) -> None:
        if model is notices.LEDGER:  # a notice blocked in turn is not told of itself
            return
        blocked = [
            user_id
            for _, user_id, message, result in outcomes
            if result.outcome is Outcome.BLOCK
            and message is not None
            and message.channel in self.channels
        ]
        if blocked:
            notices.tell_blocked(ctx, blocked, now)


RESULT_HOOKS: tuple[ResultHook, ...] = (DisableUnreachable(), TellBlocked())
"""The hooks around every batch, in order."""
