"""The one way anything recorded in a ledger is sent: claim -> render -> mark -> send -> record.

Each kind of send (a run's batch, a backfill, an announcement, a welcome, an operator's send,
a retry, a notice) is a ``Selection``: the ledger rows it owns and what it does when the channel says
halt. Everything else is here, once:

- claim: a conditional UPDATE to 'claimed' (``storage.ledger.claim``): two workers never
  take one row, and a claim that never reached a channel may be taken again when stale;
- render: the row's message, from the number its subscriber is pinned to; a row that cannot
  be rendered never reached the channel, so it goes back to be sent ('retry');
- mark: 'sending', committed before anything leaves: such a row is never sent again;
- send: one batch through the channel, on the thread's long-lived loop (``transmit``);
- record: each result on its row in a few statements, held through a database outage
  (``broadcast.holding``), so an outage costs no accepted message its outcome.

One retry rule: a row the channel did not take goes to 'retry' until its back-off
(``retry_delay``) has passed, and is claimed again then, until ``SEND_MAX_RETRIES`` are spent
('failed'). One halt rule: the selection is told (``Selection.halt``) and sends no more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Protocol

import structlog

from lokpanchang.broadcast import context, holding
from lokpanchang.broadcast.context import SendContext
from lokpanchang.broadcast.hooks import RESULT_HOOKS
from lokpanchang.delivery.base import Outcome, OutgoingMessage, SendResult
from lokpanchang.delivery.channels import identities_for
from lokpanchang.storage import ledger, outcome_rows
from lokpanchang.storage.db import transaction
from lokpanchang.storage.states import LedgerStatus

log = structlog.get_logger(__name__)
L = LedgerStatus

STATUS_OF = {
    Outcome.SENT: L.SENT,
    Outcome.RETRY: L.RETRY,
    Outcome.SKIP: L.SKIPPED,
    Outcome.BLOCK: L.BLOCKED,
    Outcome.DISABLE: L.FAILED,
    Outcome.HALT: L.HALTED,
    Outcome.AMBIGUOUS: L.AMBIGUOUS,
}
"""The ledger status each channel outcome leaves a row in."""

RETRY_BACKOFF_MAX = 300.0


class Selection(Protocol):
    """The rows one kind of send owns (see ``broadcast.kinds.LedgerSelection``)."""

    @property
    def model(self) -> ledger.Ledger:
        """The ledger the rows are in."""
        ...

    def claim(self, session, now: datetime, stale_before: datetime) -> list[int]:
        """Claim the rows to send now (``storage.ledger.claim``); their ids."""
        ...

    def prepare(self, ctx: SendContext, rows: list[tuple]) -> None:
        """Load or compute what rendering the (row, subscriber) pairs will need, at once."""
        ...

    def render(self, ctx: SendContext, row, user, via: str) -> OutgoingMessage:
        """The message for ``row`` to ``user``, from our identity ``via``."""
        ...

    def may_send(self, session) -> bool:
        """False when what owns the rows has stopped (a halted run): they go back."""
        ...

    def halt(self, session, result: SendResult, now: datetime) -> None:
        """The channel said stop everything (``result`` says why)."""
        ...


@dataclass
class Tally:
    """What one pass of a selection did, by ledger status."""

    claimed: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    retry_after: float | None = None  # seconds until its rows in 'retry' may be sent again
    halted: bool = False

    def add(self, status: str, number: int = 1) -> None:
        self.counts[str(status)] = self.counts.get(str(status), 0) + number

    def merge(self, other: Tally) -> None:
        self.claimed += other.claimed
        for status, number in other.counts.items():
            self.add(status, number)
        self.retry_after = _later(self.retry_after, other.retry_after)
        self.halted = self.halted or other.halted

    def to_dict(self) -> dict:
        return {"claimed": self.claimed, "counts": self.counts, "retry_after": self.retry_after}


@dataclass
class Claimed:
    """A claimed row, whose subscriber it is, and the message it became (None: not rendered)."""

    row_id: int
    user_id: int
    attempts: int
    number_id: str | None  # the number the subscriber was pinned to before this send
    message: OutgoingMessage | None = None


def retry_delay(attempt: int, asked: float | None) -> float:
    """Seconds before a row's next attempt: what the channel asked, or doubling from 2 s."""
    return min(max(asked or 0.0, 2.0 * 2 ** (max(attempt, 1) - 1)), RETRY_BACKOFF_MAX)


def deliver(ctx: SendContext, selection: Selection, now: datetime) -> Tally:
    """Claim, render, mark, send and record one pass of ``selection``."""
    stale = now - timedelta(seconds=ctx.settings.claim_stale_after)
    with transaction(ctx.url) as session:
        rows = ledger.with_subscribers(
            session, selection.model, selection.claim(session, now, stale)
        )
    tally = Tally(claimed=len(rows))
    if not rows:
        return tally
    claimed = render(ctx, selection, rows)
    ready = [item for item in claimed if item.message is not None]
    with transaction(ctx.url) as session:
        _give_back(ctx, session, selection, [i for i in claimed if i.message is None], now, tally)
        if not selection.may_send(session):
            ledger.move(session, selection.model, [i.row_id for i in ready], L.PENDING)
            return tally
        ready = _marked_sending(session, selection.model, ready, now)
        ledger.pin_numbers(session, _new_pins(ready))
    results = transmit(ctx, [item.message for item in ready if item.message is not None])
    record(ctx, selection, ready, results, now, tally)
    return tally


def _marked_sending(session, model: ledger.Ledger, ready: list[Claimed], now) -> list[Claimed]:
    """Mark ``ready`` as being sent; those withdrawn since their claim (their subscriber
    erased: ``storage.erasure``) are left out."""
    ids = [item.row_id for item in ready]
    if ledger.move(session, model, ids, L.SENDING, claimed_at=now) == len(ids):
        return ready
    sending = set(ledger.ids_in(session, model, ledger.id_in(session, model.id, ids), [L.SENDING]))
    return [item for item in ready if item.row_id in sending]


def transmit(ctx: SendContext, messages: list[OutgoingMessage]) -> list[SendResult]:
    """Send ``messages`` through the channel as one batch; one result each, in order."""
    return context.transmit(ctx, messages)


def batch_bounds(ids: list[int], size: int) -> list[tuple[int, int]]:
    """Consecutive chunks of ``ids`` (sorted) as inclusive (first, last) bounds."""
    return [(ids[i], ids[min(i + size, len(ids)) - 1]) for i in range(0, len(ids), size)]


def deliver_in_batches(
    ctx: SendContext, selection_for: Callable[[tuple[int, int]], Selection], ids: list[int], now
) -> Tally:
    """Deliver the rows ``ids`` in batches of ``BATCH_SIZE`` (``selection_for(bounds)`` each)
    until done or halted (the rest stay owed for a later pass)."""
    tally = Tally()
    for bounds in batch_bounds(ids, ctx.settings.batch_size):
        tally.merge(deliver(ctx, selection_for(bounds), now))
        if tally.halted:
            break
    return tally


def render(ctx: SendContext, selection: Selection, rows: list[tuple]) -> list[Claimed]:
    """Each (row, subscriber) as a message from the subscriber's number; a row whose
    content fails is logged and left without one."""
    selection.prepare(ctx, rows)
    claimed = []
    for row, user in rows:
        item = Claimed(row.id, user.id, row.attempts, user.number_id)
        identities = identities_for(ctx.sender, user.channel)
        try:
            item.message = selection.render(ctx, row, user, pinned_number(user, identities))
        except Exception:
            log.exception("content.failed", row_id=row.id, user_id=user.id)
        claimed.append(item)
    return claimed


def pinned_number(user, identities: tuple[str, ...]) -> str:
    """Our number ``user`` is on: the one stored if it is still ours, else one chosen by
    their id, so a zone's subscribers spread evenly over all numbers ("" on a channel
    where we have no numbers to choose from)."""
    if not identities:
        return ""
    if user.number_id in identities:
        return user.number_id
    return identities[user.id % len(identities)]


def _new_pins(items: list[Claimed]) -> dict[int, str]:
    """Subscribers sent from a number they were not pinned to: pinned to it now."""
    return {
        item.user_id: item.message.via
        for item in items
        if item.message is not None and item.message.via and item.message.via != item.number_id
    }


def _give_back(ctx, session, selection: Selection, items: list[Claimed], now, tally) -> None:
    """Rows that could not be rendered never left: they wait a back-off and go again."""
    values = [_not_sent(ctx, i.row_id, i.attempts, None, now, "content failed") for i in items]
    outcome_rows.record(session, selection.model, values)
    for row in values:
        tally.add(row["status"])
        if row["status"] == L.RETRY:
            tally.retry_after = _later(tally.retry_after, (row["retry_at"] - now).total_seconds())


def _not_sent(ctx, row_id: int, attempts: int, asked, now: datetime, detail) -> dict:
    """A row not sent: 'retry' after its back-off, or 'failed' once its attempts are spent."""
    if attempts > ctx.settings.send_max_retries:
        reason = f"gave up after {attempts} attempts: {detail or 'not sent'}"
        return {"id": row_id, "status": L.FAILED, "error_detail": reason[:500], "failed_at": now}
    until = now + timedelta(seconds=retry_delay(attempts, asked))
    return {"id": row_id, "status": L.RETRY, "error_detail": detail, "retry_at": until}


def outcome_values(ctx, item: Claimed, result: SendResult, now: datetime) -> dict:
    """The ledger columns one channel result writes on its row."""
    if result.outcome is Outcome.RETRY:
        values = _not_sent(
            ctx, item.row_id, item.attempts, result.retry_after, now, result.error_detail
        )
        return {**values, "error_code": result.error_code}
    values = {
        "id": item.row_id,
        "status": STATUS_OF[result.outcome],
        "error_code": result.error_code,
        "error_detail": result.error_detail,
    }
    if result.outcome is Outcome.SENT:
        return {**values, "whatsapp_message_id": result.message_id, "sent_at": now}
    return {**values, "failed_at": now}


def record(
    ctx: SendContext,
    selection: Selection,
    sent: list[Claimed],
    results: list[SendResult],
    now: datetime,
    tally: Tally,
) -> None:
    """Write every result on its row (through an outage, see ``holding``) and count them."""
    rows = [outcome_values(ctx, item, result, now) for item, result in zip(sent, results)]
    halt = next((r for r in results if r.outcome is Outcome.HALT), None)
    outcomes = [(item.row_id, item.user_id, item.message, r) for item, r in zip(sent, results)]

    def write(session) -> None:
        outcome_rows.record(session, selection.model, rows)
        for hook in RESULT_HOOKS:
            hook.recorded(session, selection.model, outcomes, now)
        if halt is not None:
            selection.halt(session, halt, now)

    holding.write(ctx, write, [row["id"] for row in rows], results)
    _count(tally, rows, now)
    tally.halted = tally.halted or halt is not None
    for hook in RESULT_HOOKS:
        hook.after(ctx, selection.model, outcomes, now)


def _count(tally: Tally, rows: list[dict], now: datetime) -> None:
    for row in rows:
        tally.add(row["status"])
        if row["status"] == L.RETRY:
            tally.retry_after = _later(tally.retry_after, (row["retry_at"] - now).total_seconds())


def _later(first: float | None, second: float | None) -> float | None:
    return second if first is None else first if second is None else max(first, second)
