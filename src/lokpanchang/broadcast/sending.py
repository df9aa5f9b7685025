"""A run's send: claim the zone's subscribers into the ledger, send in batches, record outcomes.

Every step is a short transaction and safe to repeat: the ledger row (subscriber, local date)
is inserted once; a batch claims its rows by a conditional update (pending/retry, or a stale
claim that never reached a channel); a row marked 'sending' is never sent again.
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import structlog

from lokpanchang.broadcast.content import Content, Recipient, subscriber_recipient
from lokpanchang.config import Settings
from lokpanchang.delivery.base import Outcome, OutgoingMessage, Sender, SendResult
from lokpanchang.storage import queries
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import BroadcastRun, UserDetail

log = structlog.get_logger(__name__)

SENDABLE_RUN_STATES = ("planned", "enqueued", "running")
FINAL_RUN_STATES = ("done", "halted", "missed")
OPEN_LEDGER_STATES = (*queries.UNFINISHED_LEDGER, "sending")


@dataclass
class SendContext:
    """What a send needs besides ids: settings, the channel and the content function."""

    settings: Settings
    sender: Sender
    content: Content

    @property
    def url(self) -> str:
        return self.settings.effective_database_url


@dataclass
class BatchResult:
    claimed: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    retry_after: float | None = None  # seconds; set when some rows asked to be retried

    def to_dict(self) -> dict:
        return {"claimed": self.claimed, "counts": self.counts, "retry_after": self.retry_after}


# The run -------------------------------------------------------------------------


def start_run(settings: Settings, run_id: int, now: datetime) -> list[tuple[int, int]]:
    """Mark the run running, claim its subscribers, and return batch bounds (first, last id).

    Returns no batches for a finished run, so a duplicate ``send_for_timezone`` is harmless.
    """
    with transaction(settings.effective_database_url) as session:
        run = session.get(BroadcastRun, run_id)
        if run is None or run.status not in SENDABLE_RUN_STATES:
            return []
        _mark_running(settings, run, now)
        queries.claim_subscribers(session, run, now)
        if _past_grace(settings, run, now):
            _give_up_late_run(session, run)
            return []
        stale = now - timedelta(seconds=settings.claim_stale_after)
        ids = queries.sendable_ledger_ids(session, run_id, stale, now)
        bounds = batch_bounds(ids, settings.batch_size)
        run.batches = max(run.batches, len(bounds))
    log.info("run.started", run_id=run_id, batches=len(bounds), rows=len(ids))
    return bounds


def _mark_running(settings: Settings, run: BroadcastRun, now: datetime) -> None:
    if run.status != "running":
        run.status, run.started_at = "running", run.started_at or now
    if now - run.due_at > timedelta(seconds=settings.run_stall_after):
        run.late = True


def _past_grace(settings: Settings, run: BroadcastRun, now: datetime) -> bool:
    return now - run.due_at > timedelta(seconds=settings.late_grace)


def _give_up_late_run(session, run: BroadcastRun) -> None:
    """Past the grace period nothing more is sent: what is left is recorded as missed."""
    open_ids = queries.ledger_ids_in(session, run.id, queries.UNFINISHED_LEDGER)
    queries.set_ledger_status(session, open_ids, "missed", late=True)
    counts = queries.ledger_counts(session, run.id)
    if not counts.get("sent") and not counts.get("sending"):
        _write_counts(run, counts)
        run.status, run.late = "missed", True
    log.warning("run.missed_after_grace", run_id=run.id, rows=len(open_ids))


def batch_bounds(ids: list[int], size: int) -> list[tuple[int, int]]:
    """Consecutive chunks of ``ids`` (sorted) as inclusive (first, last) bounds."""
    return [(ids[i], ids[min(i + size, len(ids)) - 1]) for i in range(0, len(ids), size)]


def finish_run(settings: Settings, run_id: int, now: datetime) -> bool:
    """Write the ledger's counts into the run and mark it done once no row is open.

    The chord's summary callback calls this; so does the planner when that callback was lost.
    """
    with transaction(settings.effective_database_url) as session:
        counts = queries.ledger_counts(session, run_id)
        run = session.get(BroadcastRun, run_id)
        if run is None or any(counts.get(state) for state in OPEN_LEDGER_STATES):
            return False
        _write_counts(run, counts)
        if run.status != "running":
            return False
        run.status, run.finished_at = "done", now
    log.info("run.done", run_id=run_id, **counts)
    return True


def _write_counts(run: BroadcastRun, counts: dict[str, int]) -> None:
    run.total = sum(counts.values())
    run.sent = counts.get("sent", 0)
    run.skipped = counts.get("skipped", 0) + counts.get("missed", 0)
    run.failed = run.total - run.sent - run.skipped


# A batch -------------------------------------------------------------------------


def send_batch(
    ctx: SendContext, run_id: int, bounds: tuple[int, int], now: datetime
) -> BatchResult:
    """Claim, render, send and record one batch of a run."""
    with transaction(ctx.url) as session:
        run = session.get(BroadcastRun, run_id)
        if run is None or run.status != "running":
            return BatchResult()
        if _past_grace(ctx.settings, run, now):
            _give_up_late_run(session, run)
            return BatchResult()
        stale = now - timedelta(seconds=ctx.settings.claim_stale_after)
        claimed = queries.claim_batch(session, run_id, (bounds[0], bounds[1]), now, stale)
        rows = queries.recipients(session, claimed)
    prepare_content(ctx.content, rows)
    messages, failures = render_messages(ctx.content, rows)
    result = BatchResult(claimed=len(claimed))
    with transaction(ctx.url) as session:
        _record_failures(session, failures, now)
        if not _still_running(session, run_id, [m.ledger_id for m in messages]):
            return result
        queries.set_ledger_status(
            session, [m.ledger_id for m in messages], "sending", claimed_at=now
        )
    results = run_async(_send(ctx.sender, messages))
    return _apply(ctx.url, run_id, results, now, result, failures)


def _still_running(session, run_id: int, ledger_ids: list[int]) -> bool:
    """A halted run sends nothing more: its claimed rows go back to pending."""
    if session.get(BroadcastRun, run_id).status == "running":
        return True
    queries.set_ledger_status(session, ledger_ids, "pending")
    return False


_loops = threading.local()


def run_async(coroutine):
    """Run ``coroutine`` on this thread's own long-lived event loop.

    A channel may keep a connection pool bound to its loop (aiohttp), so every batch a worker
    process sends uses the same loop rather than a new one per ``asyncio.run``.
    """
    loop = getattr(_loops, "loop", None)
    if loop is None or loop.is_closed():
        loop = _loops.loop = asyncio.new_event_loop()
    return loop.run_until_complete(coroutine)


async def _send(sender: Sender, messages: list[OutgoingMessage]) -> list[SendResult]:
    return await sender.send_batch(messages) if messages else []


def to_recipient(ledger, user: UserDetail) -> Recipient:
    return subscriber_recipient(user, ledger.local_date, ledger.id)


def prepare_content(content: Content, rows) -> None:
    """Let the content load or compute a batch's panchangams at once (one store query)."""
    prepare = getattr(content, "prepare", None)
    if prepare is not None and rows:
        prepare([to_recipient(ledger, user) for ledger, user in rows])


def render_messages(content: Content, rows) -> tuple[list[OutgoingMessage], dict[int, str]]:
    """Messages for each row; a row whose content fails is reported, not fatal to the batch."""
    messages, failures = [], {}
    for ledger, user in rows:
        try:
            parameters, text = content(to_recipient(ledger, user))
        except Exception as exc:
            log.exception("content.failed", ledger_id=ledger.id, user_id=user.id)
            failures[ledger.id] = f"content failed: {exc}"
            continue
        messages.append(
            OutgoingMessage(ledger.id, user.phone, user.language, tuple(parameters), text)
        )
    return messages, failures


def _record_failures(session, failures: dict[int, str], now: datetime) -> None:
    for ledger_id, detail in failures.items():
        queries.set_ledger_status(
            session, [ledger_id], "failed", error_detail=detail, failed_at=now
        )


# Outcomes ------------------------------------------------------------------------

LEDGER_STATUS = {
    Outcome.SENT: "sent",
    Outcome.RETRY: "retry",
    Outcome.SKIP: "skipped",
    Outcome.DISABLE: "failed",
    Outcome.HALT: "halted",
    Outcome.AMBIGUOUS: "ambiguous",
}


def _apply(
    url: str,
    run_id: int | None,
    results: list[SendResult],
    now: datetime,
    batch: BatchResult,
    failures: dict[int, str],
) -> BatchResult:
    with transaction(url) as session:
        apply_results(session, results, now)
        halt = next((r for r in results if r.outcome is Outcome.HALT), None)
        if halt is not None and run_id is not None:
            _halt(session, run_id, halt, now)
    for result in results:
        status = LEDGER_STATUS[result.outcome]
        batch.counts[status] = batch.counts.get(status, 0) + 1
        if result.outcome is Outcome.RETRY:
            batch.retry_after = max(batch.retry_after or 0.0, result.retry_after or 0.0)
    if failures:
        batch.counts["failed"] = batch.counts.get("failed", 0) + len(failures)
    return batch


def apply_result(session, result: SendResult, now: datetime) -> None:
    """Record one channel outcome on its ledger row (and on the subscriber when disabled)."""
    apply_results(session, [result], now)


def apply_results(session, results: list[SendResult], now: datetime) -> None:
    """Record a batch's channel outcomes in a few statements, whatever the batch size.

    One executemany UPDATE per set of columns written (sent; retry/skip; disable/halt/
    ambiguous), and the disabled subscribers loaded in one SELECT.
    """
    queries.update_ledger_rows(session, [_ledger_values(result, now) for result in results])
    disabled = [result for result in results if result.outcome is Outcome.DISABLE]
    if disabled:
        _disable_subscribers(session, disabled, now)


def _ledger_values(result: SendResult, now: datetime) -> dict:
    """The ledger columns one outcome writes (the row's id, for a bulk UPDATE by key)."""
    values = {
        "id": result.ledger_id,
        "status": LEDGER_STATUS[result.outcome],
        "error_code": result.error_code,
        "error_detail": result.error_detail,
    }
    if result.outcome is Outcome.SENT:
        values.update(whatsapp_message_id=result.message_id, sent_at=now)
    elif result.outcome in (Outcome.DISABLE, Outcome.HALT, Outcome.AMBIGUOUS):
        values.update(failed_at=now)
    return values


def _disable_subscribers(session, results: list[SendResult], now: datetime) -> None:
    users = queries.subscribers_of_ledger_rows(session, [result.ledger_id for result in results])
    for result in results:
        user = users[result.ledger_id]
        user.obsoleted_on = now
        user.disabled_reason = (
            f"channel error {result.error_code}: {result.error_detail or ''}".strip()[:200]
        )
        log.warning("subscriber.disabled", user_id=user.id, error_code=result.error_code)


def _halt(session, run_id: int, result: SendResult, now: datetime) -> None:
    run = session.get(BroadcastRun, run_id)
    if run.status == "running":
        run.status, run.finished_at = "halted", now
        run.error = f"halted by channel error {result.error_code}: {result.error_detail or ''}"
        log.error("run.halted", run_id=run_id, error_code=result.error_code)


def defer_retries(settings: Settings, run_id: int, bounds: tuple[int, int], until: datetime) -> int:
    """Hold the batch's 'retry' rows until ``until``: recovery must not send them earlier."""
    with transaction(settings.effective_database_url) as session:
        return queries.defer_retries(session, run_id, (bounds[0], bounds[1]), until)


def give_up_retries(settings: Settings, run_id: int, bounds: tuple[int, int], now: datetime) -> int:
    """After the last retry, rows still waiting are recorded as failed (never silently dropped)."""
    with transaction(settings.effective_database_url) as session:
        ids = queries.ledger_ids_in(session, run_id, ("retry",), (bounds[0], bounds[1]))
        queries.set_ledger_status(
            session, ids, "failed", failed_at=now, error_detail="gave up after the last retry"
        )
    return len(ids)
