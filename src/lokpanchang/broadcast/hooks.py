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
  through the pipeline: a notice's own outcomes tell nobody, nor do a direct send's, whose
  recipient has just written or is no subscriber);
- ``CountDirect``: a direct send's outcomes are counted for ``/metrics``.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Protocol

import structlog

from lokpanchang.broadcast import notices
from lokpanchang.delivery.adapters import names_with
from lokpanchang.delivery.base import Outcome, OutgoingMessage, SendResult
from lokpanchang.storage import inbound_counts, ledger, reply_log
from lokpanchang.storage.states import DirectKind

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
            user = users.get(row_id)
            if user is None:  # a direct send to an address that is no subscriber's
                continue
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
        if model in (notices.LEDGER, ledger.REPLIES):  # a notice is not told of itself, and
            return  # a reply's recipient is in their window: the next reply tells them
        blocked = [
            user_id
            for _, user_id, message, result in outcomes
            if result.outcome is Outcome.BLOCK
            and message is not None
            and message.channel in self.channels
        ]
        if blocked:
            notices.tell_blocked(ctx, blocked, now)


class CountDirect:
    """Each attempt of a direct send (``broadcast.direct``) is counted by its kind, channel
    and outcome, in the transaction that records it: ``/metrics`` shows them as counters
    (``lokpanchang_replies``, ``lokpanchang_test_messages``, ``lokpanchang_confirmations``)."""

    def recorded(self, session, model: ledger.Ledger, outcomes: Outcomes, now: datetime) -> None:
        if model is not ledger.REPLIES or not outcomes:
            return
        kinds = reply_log.kinds_of(session, [row_id for row_id, _, _, _ in outcomes])
        counts: Counter[inbound_counts.Key] = Counter()
        for row_id, _, message, result in outcomes:
            channel = message.channel if message is not None else ""
            counts[
                inbound_counts.DIRECT[DirectKind(kinds[row_id])], channel, str(result.outcome)
            ] += 1
        inbound_counts.add(session, counts)

    def after(self, ctx, model: ledger.Ledger, outcomes: Outcomes, now: datetime) -> None:
        return None


RESULT_HOOKS: tuple[ResultHook, ...] = (DisableUnreachable(), TellBlocked(), CountDirect())
"""The hooks around every batch, in order."""
