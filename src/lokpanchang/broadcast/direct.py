"""Direct sends: a message to an address, written when it was asked for, sent once per cause.

Three sends go to someone who may be no subscriber: the conversation's replies to whoever
just wrote (``broadcast.replies``), an operator's test message to a phone number, and the
e-mail sign-up's confirmation link. Each is a row of ``reply_log`` keyed by its cause
(``storage.reply_log``): owed and admitted by the messaging limit where Meta applies it
(``broadcast.owing.owe_direct``), then claimed, marked, sent and recorded by the pipeline
with its result hooks, like every other send. So a cause owed twice (a task run again, a
form posted twice) is sent once; a row the channel asked to retry is sent again after its
back-off (``broadcast.retries``); one still owed ``FRESH`` after it was written is never
sent ('missed'): a reply that late answers nothing.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import structlog

from lokpanchang.broadcast import pipeline
from lokpanchang.broadcast.context import SendContext
from lokpanchang.broadcast.owing import owe_direct
from lokpanchang.delivery.base import MessageKind, Outcome, OutgoingMessage, SendResult
from lokpanchang.storage import ledger, reply_log
from lokpanchang.storage.db import Session, transaction
from lokpanchang.storage.states import DirectKind, LedgerStatus

log = structlog.get_logger(__name__)

LEDGER: ledger.Ledger = ledger.REPLIES
FRESH = timedelta(hours=1)
"""How long a direct send may wait to be sent (a crash, a back-off) before it is given up."""
L = LedgerStatus
OUTCOME_OF = {
    **{status: outcome for outcome, status in pipeline.STATUS_OF.items()},
    L.DELIVERED: Outcome.SENT,
    L.READ: Outcome.SENT,
    L.DEFERRED: Outcome.SKIP,  # the messaging limit held it back
    L.MISSED: Outcome.SKIP,  # too late to send
}
"""A row's state as the outcome its asker is shown (anything else: not known yet)."""

Keyed = list[tuple[str, OutgoingMessage]]
ERASED = SendResult(0, Outcome.SKIP, None, None, "its recipient was erased before it was sent")


class Direct:
    """The direct sends among ``ids`` between two ids (written in the last ``FRESH``)."""

    model = LEDGER
    name = "direct"

    def __init__(self, ids: list[int], bounds: tuple[int, int]) -> None:
        self.ids, self.bounds = ids, bounds

    def claim(self, session, now: datetime, stale_before: datetime) -> list[int]:
        where = reply_log.among(self.ids, self.bounds, now - FRESH)
        return ledger.claim(session, LEDGER, where, now, stale_before)

    def prepare(self, ctx: SendContext, rows: list[tuple]) -> None:
        return None

    def render(self, ctx: SendContext, row, user, via: str) -> OutgoingMessage:
        return message_of(row, via)

    def may_send(self, session) -> bool:
        return True

    def halt(self, session, result: SendResult, now: datetime) -> None:
        log.error("direct.halted", error_code=result.error_code, error=result.error_detail)


def message_of(row, via: str) -> OutgoingMessage:
    """A stored row's message, from the identity it names (else ``via``). Its ledger id is
    0: status webhooks name ``message_log`` rows only."""
    return OutgoingMessage(
        0,
        row.address,
        row.language,
        tuple(row.parameters),
        row.text,
        row.template,
        MessageKind(row.message_kind),
        row.via or via,
        row.channel,
    )


def owe(session: Session, settings, kind: DirectKind, keyed: Keyed, now: datetime) -> None:
    """Owe each (key, message) of ``keyed`` as a row of ``kind`` (in ``session``)."""
    rows = []
    for channel in sorted({message.channel for _, message in keyed}):
        addresses = [m.to for _, m in keyed if m.channel == channel]
        users = reply_log.subscribers_at(session, channel, addresses)
        rows += [
            reply_log.owed_row(kind, key, m, users.get(m.to), now)
            for key, m in keyed
            if m.channel == channel
        ]
    owe_direct(session, settings, rows, now)


def send(ctx: SendContext, kind: DirectKind, keyed: Keyed, now: datetime) -> list[SendResult]:
    """Owe ``keyed`` and send what is owed of it through the pipeline; each key's outcome,
    in order (a key sent before gives that send's outcome: nothing goes twice)."""
    with transaction(ctx.url) as session:
        owe(session, ctx.settings, kind, keyed, now)
    return send_owed_keys(ctx, kind, [key for key, _ in keyed], now)


def send_owed_keys(
    ctx: SendContext, kind: DirectKind, keys: list[str], now: datetime
) -> list[SendResult]:
    """Send what is owed of the rows of ``kind`` under ``keys`` (owed before); each key's
    outcome, in order. A key with no row was erased with its recipient since: not sent."""
    with transaction(ctx.url) as session:
        ids = reply_log.ids_of_keys(session, kind, keys)
    deliver(ctx, sorted(ids.values()), now)
    with transaction(ctx.url) as session:
        rows = reply_log.rows_by_id(session, list(ids.values()))
    return [result_of(rows[ids[key]]) if key in ids else ERASED for key in keys]


def deliver(ctx: SendContext, ids: list[int], now: datetime) -> pipeline.Tally:
    """Send the rows ``ids`` that are owed now, in batches."""
    return pipeline.deliver_in_batches(ctx, lambda bounds: Direct(ids, bounds), ids, now)


def result_of(row) -> SendResult:
    """What became of a row, as a channel's result (its message id when it was sent)."""
    outcome = OUTCOME_OF.get(LedgerStatus(row.status), Outcome.AMBIGUOUS)
    detail = row.error_detail
    if outcome is Outcome.AMBIGUOUS and row.status != L.AMBIGUOUS:
        detail = "being sent by another request"
    return SendResult(
        0, outcome, row.whatsapp_message_id, row.error_code, detail, via=row.via or ""
    )


def due(session: Session, stale_before: datetime, now: datetime) -> bool:
    """Whether a direct send is owed an attempt now (after a back-off, a crash)."""
    where = reply_log.fresh(now - FRESH)
    return bool(ledger.sendable_ids(session, LEDGER, where, stale_before, now)[:1])


def send_owed(ctx: SendContext, now: datetime) -> pipeline.Tally:
    """Give up the direct sends owed for longer than ``FRESH``; send the others owed now."""
    stale = now - timedelta(seconds=ctx.settings.claim_stale_after)
    with transaction(ctx.url) as session:
        missed = reply_log.expire(session, now - FRESH)
        ids = ledger.sendable_ids(session, LEDGER, reply_log.fresh(now - FRESH), stale, now)
    if missed:
        log.warning("direct.missed", rows=missed)
    return deliver(ctx, ids, now)


def forget(ctx: SendContext, addresses: list[str]) -> None:
    """Blank the rows to ``addresses`` (someone erased, sent their last reply)."""
    with transaction(ctx.url) as session:
        reply_log.forget(session, addresses)
