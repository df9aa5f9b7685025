"""Sends an operator asks for outside the daily runs: a backfill and an announcement.

- ``backfill(ctx, zone, day, now)``: the day's panchangam for ``day`` to every active
  subscriber of ``zone`` with no ledger row for that local date (a past date, or today: the
  portal's "send today's panchangam" to a zone runs this in the worker). Their rows (kind
  ``backfill``, no run, flagged late unless their send time is still to come) are inserted or
  ignored, then claimed by a conditional update and sent in batches like a run's: a row is
  never sent twice, whoever else (the daily run, another backfill, a re-run) touches that
  subscriber's date.
- ``announce(ctx, job_run_id, user_ids, text, template, now)``: a text to each subscriber,
  recorded in ``announcement_log`` (unique per job run and subscriber), so re-executing one
  job run messages nobody twice. Announcements go out with ledger id 0: they are not
  ``message_log`` rows, and a status webhook naming ``message_log:0`` finds no row.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

import structlog
from sqlalchemy import and_, or_, select, update

from lokpanchang import planning
from lokpanchang.broadcast.sending import (
    LEDGER_STATUS,
    SendContext,
    apply_result,
    batch_bounds,
    render_messages,
    run_async,
)
from lokpanchang.delivery.base import Outcome, OutgoingMessage, SendResult
from lokpanchang.storage import queries
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import AnnouncementLog, MessageLog, UserDetail

log = structlog.get_logger(__name__)

DEFAULT_ANNOUNCEMENT_TEMPLATE = "announcement"
"""The WhatsApp template (one body parameter: the text) an announcement uses by default."""


def _deliver(ctx: SendContext, messages: list[OutgoingMessage]) -> list[SendResult]:
    return run_async(ctx.sender.send_batch(messages)) if messages else []


def _count(counts: dict[str, int], status: str, number: int = 1) -> None:
    counts[status] = counts.get(status, 0) + number


# Backfill ------------------------------------------------------------------------


def backfill(ctx: SendContext, zone: str, day: date, now: datetime) -> dict:
    """Send ``day``'s panchangam to the zone's subscribers who have no ledger row for it."""
    with transaction(ctx.url) as session:
        queued = _insert_backfill_rows(session, zone, day, now)
        stale = now - timedelta(seconds=ctx.settings.claim_stale_after)
        ids = list(
            session.scalars(
                select(MessageLog.id)
                .where(backfill_rows(zone, day), _sendable(stale))
                .order_by(MessageLog.id)
            )
        )
    counts: dict[str, int] = {}
    for first, last in batch_bounds(ids, ctx.settings.batch_size):
        halted = _send_backfill_batch(ctx, zone, day, (first, last), now, counts)
        if halted:
            break
    log.info("backfill.sent", timezone=zone, local_date=day.isoformat(), queued=queued, **counts)
    return {"queued": queued, "counts": counts}


def _insert_backfill_rows(session, zone: str, day: date, now: datetime) -> int:
    subscribers = select(UserDetail.id, UserDetail.send_time).where(
        UserDetail.timezone == zone,
        UserDetail.obsoleted_on > now,
        UserDetail.latitude.is_not(None),
        UserDetail.longitude.is_not(None),
    )
    rows = [
        {
            "user_id": user_id,
            "local_date": day,
            "timezone": zone,
            "kind": "backfill",
            "status": "pending",
            "attempts": 0,
            **_owed(planning.occurrence(zone, day, send_time), now),
        }
        for user_id, send_time in session.execute(subscribers.order_by(UserDetail.id))
    ]
    if not rows:
        return 0
    statement = (
        queries.insert_ignoring_conflicts(session, MessageLog)
        .values(rows)
        .on_conflict_do_nothing(index_elements=["user_id", "local_date"])
        .returning(MessageLog.id)
    )
    return len(session.execute(statement).all())


def _owed(slot: datetime | None, now: datetime) -> dict:
    """When a backfilled row was owed, and whether sending it now is late.

    A slot already passed is owed at the slot, so lateness metrics show how late this is; a
    slot still to come (today's panchangam sent now, before the daily run, at an operator's
    request) is owed now and is not late. A date with no slot (a skipped day) is late.
    """
    if slot is not None and slot > now:
        return {"scheduled_at": now, "late": False}
    return {"scheduled_at": slot or now, "late": True}


def backfill_rows(zone: str, day: date):
    """The ledger rows a backfill of ``zone`` for ``day`` owns (kind ``backfill``, no run)."""
    return and_(
        MessageLog.kind == "backfill",
        MessageLog.run_id.is_(None),
        MessageLog.timezone == zone,
        MessageLog.local_date == day,
    )


def _sendable(stale_before: datetime):
    # As a run's batch: 'claimed' never reached a channel, 'sending' may have (never resent).
    return or_(
        MessageLog.status.in_(("pending", "retry")),
        and_(MessageLog.status == "claimed", MessageLog.claimed_at < stale_before),
    )


def _send_backfill_batch(
    ctx: SendContext,
    zone: str,
    day: date,
    bounds: tuple[int, int],
    now: datetime,
    counts: dict[str, int],
) -> bool:
    """Claim, render, send and record one batch; True when the channel said halt."""
    stale = now - timedelta(seconds=ctx.settings.claim_stale_after)
    claim = (
        update(MessageLog)
        .where(backfill_rows(zone, day), MessageLog.id.between(*bounds), _sendable(stale))
        .values(status="claimed", claimed_at=now, attempts=MessageLog.attempts + 1)
        .returning(MessageLog.id)
    )
    with transaction(ctx.url) as session:
        rows = queries.recipients(session, sorted(session.scalars(claim)))
    messages, failures = render_messages(ctx.content, rows)
    with transaction(ctx.url) as session:
        for ledger_id, detail in failures.items():
            queries.set_ledger_status(
                session, [ledger_id], "failed", error_detail=detail, failed_at=now
            )
        queries.set_ledger_status(
            session, [m.ledger_id for m in messages], "sending", claimed_at=now
        )
    if failures:
        _count(counts, "failed", len(failures))
    results = _deliver(ctx, messages)
    with transaction(ctx.url) as session:
        for result in results:
            apply_result(session, result, now)
            _count(counts, LEDGER_STATUS[result.outcome])
    return any(result.outcome is Outcome.HALT for result in results)


# Announcements -------------------------------------------------------------------


def announce(
    ctx: SendContext, job_run_id: int, user_ids: list[int], text: str, template: str, now: datetime
) -> dict:
    """Send ``text`` to ``user_ids`` once per job run; returns counts by ledger status.

    Rows still pending (or asked to retry) from an earlier execution of the same job run are
    sent now; rows already sent, or handed to the channel, are not sent again.
    """
    with transaction(ctx.url) as session:
        _insert_announcement_rows(session, job_run_id, user_ids, now)
        ids = list(
            session.scalars(
                select(AnnouncementLog.id)
                .where(
                    AnnouncementLog.job_run_id == job_run_id,
                    AnnouncementLog.status.in_(("pending", "retry")),
                )
                .order_by(AnnouncementLog.id)
            )
        )
    counts: dict[str, int] = {}
    for bounds in batch_bounds(ids, ctx.settings.batch_size):
        if _send_announcement_batch(ctx, job_run_id, bounds, text, template, now, counts):
            break  # the channel said halt: the rest stay pending for a later execution
    log.info("announcement.sent", job_run_id=job_run_id, **counts)
    return counts


def _send_announcement_batch(
    ctx: SendContext,
    job_run_id: int,
    bounds: tuple[int, int],
    text: str,
    template: str,
    now: datetime,
    counts: dict[str, int],
) -> bool:
    claim = (
        update(AnnouncementLog)
        .where(
            AnnouncementLog.job_run_id == job_run_id,
            AnnouncementLog.id.between(*bounds),
            AnnouncementLog.status.in_(("pending", "retry")),
        )
        .values(status="sending", claimed_at=now)
        .returning(AnnouncementLog.id)
    )
    with transaction(ctx.url) as session:
        batch = _announcement_recipients(session, sorted(session.scalars(claim)))
    messages = [
        OutgoingMessage(0, phone, language, (text,), text, template)
        for _row_id, phone, language in batch
    ]
    results = _deliver(ctx, messages)
    _record_announcements(ctx.url, batch, results, now, counts)
    return any(result.outcome is Outcome.HALT for result in results)


def _insert_announcement_rows(session, job_run_id: int, user_ids: list[int], now: datetime) -> None:
    if not user_ids:
        return
    rows = [
        {"job_run_id": job_run_id, "user_id": user_id, "status": "pending", "created_at": now}
        for user_id in user_ids
    ]
    statement = (
        queries.insert_ignoring_conflicts(session, AnnouncementLog)
        .values(rows)
        .on_conflict_do_nothing(index_elements=["job_run_id", "user_id"])
    )
    session.execute(statement)


def _announcement_recipients(session, row_ids: list[int]) -> list[tuple[int, str, str]]:
    query = (
        select(AnnouncementLog.id, UserDetail.phone, UserDetail.language)
        .join(UserDetail, UserDetail.id == AnnouncementLog.user_id)
        .where(AnnouncementLog.id.in_(row_ids))
        .order_by(AnnouncementLog.id)
    )
    return [tuple(row) for row in session.execute(query)] if row_ids else []


def _record_announcements(
    url: str, batch: list[tuple], results: list[SendResult], now: datetime, counts: dict[str, int]
) -> None:
    # Results come back in the order of the messages (the Sender contract).
    with transaction(url) as session:
        for (row_id, _phone, _language), result in zip(batch, results, strict=True):
            status = LEDGER_STATUS[result.outcome]
            values: dict[str, object] = {
                "status": status,
                "error_code": result.error_code,
                "error_detail": result.error_detail,
            }
            if result.outcome is Outcome.SENT:
                values.update(whatsapp_message_id=result.message_id, sent_at=now)
            elif result.outcome is not Outcome.RETRY:
                values.update(failed_at=now)
            session.execute(
                update(AnnouncementLog).where(AnnouncementLog.id == row_id).values(**values)
            )
            _count(counts, status)
