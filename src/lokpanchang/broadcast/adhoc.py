"""Sends an operator asks for outside the daily runs: a backfill and an announcement.

- ``backfill(ctx, zone, day, now)``: the day's panchangam for ``day`` to every active
  subscriber of ``zone`` with no ledger row for that local date (a past date, or today: the
  portal's "send today's panchangam" to a zone runs this in the worker). Their rows (kind
  ``backfill``, no run, owed when asked and never late: lateness is the schedule's) are
  inserted or ignored, admitted by the messaging limit, then sent in batches by the
  pipeline: a row is never sent twice, whoever else (the daily run, another backfill, a
  re-run) touches that subscriber's date.
- ``announce(ctx, job_run_id, user_ids, text, template, now)``: a text to each subscriber,
  recorded in ``announcement_log`` (unique per job run and subscriber), so re-executing one
  job run messages nobody twice. Announcements go out with ledger id 0: they are not
  ``message_log`` rows, and a status webhook naming ``message_log:0`` finds no row.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

import structlog

from lokpanchang.broadcast import pipeline
from lokpanchang.broadcast.context import SendContext
from lokpanchang.broadcast.kinds import LedgerSelection
from lokpanchang.broadcast.owing import DAILY_UNIQUE, message_row, owe
from lokpanchang.delivery.base import OutgoingMessage
from lokpanchang.storage import audience, ledger, selections
from lokpanchang.storage.db import transaction
from lokpanchang.storage.ledger import backfill_rows
from lokpanchang.storage.states import LedgerKind, LedgerStatus

log = structlog.get_logger(__name__)

DEFAULT_ANNOUNCEMENT_TEMPLATE = "announcement"
"""The WhatsApp template (one body parameter: the text) an announcement uses by default."""


# Backfill ------------------------------------------------------------------------


class Backfill(LedgerSelection):
    name = "backfill"

    def __init__(self, zone: str, day: date, bounds: tuple[int, int]) -> None:
        self.zone, self.day, self.bounds = zone, day, bounds

    def rows(self):
        return backfill_rows(self.zone, self.day, self.bounds)


def backfill(ctx: SendContext, zone: str, day: date, now: datetime) -> dict:
    """Send ``day``'s panchangam to the zone's subscribers who have no ledger row for it."""
    with transaction(ctx.url) as session:
        rows = _backfill_rows(session, zone, day, now)
        new = owe(session, ctx.settings, ledger.DAILY, rows, DAILY_UNIQUE, now).new
        stale = now - timedelta(seconds=ctx.settings.claim_stale_after)
        ids = ledger.sendable_ids(session, ledger.DAILY, backfill_rows(zone, day), stale, now)
    tally = pipeline.deliver_in_batches(ctx, lambda bounds: Backfill(zone, day, bounds), ids, now)
    counts = tally.counts
    log.info("backfill.sent", timezone=zone, local_date=day.isoformat(), queued=len(new), **counts)
    return {"queued": len(new), "counts": counts}


def _backfill_rows(session, zone: str, day: date, now: datetime) -> list[dict]:
    """A ``backfill`` row of ``day`` for each active subscriber of ``zone`` with a place."""
    return [
        message_row(
            user_id,
            day,
            zone,
            LedgerKind.BACKFILL,
            now,  # owed when the operator asked: lateness is the schedule's, never theirs
            late=False,
        )
        for user_id in audience.located_in_zone(session, zone, now)
    ]


# Announcements -------------------------------------------------------------------


class Announcement(LedgerSelection):
    """An announcement's rows (``announcement_log``) of one job run, between two ids."""

    model = ledger.ANNOUNCEMENTS
    name = "announcement"

    def __init__(self, job_run_id: int, text: str, template: str, bounds: tuple[int, int]):
        self.job_run_id, self.text, self.template, self.bounds = job_run_id, text, template, bounds

    def rows(self):
        return selections.announcement(self.job_run_id, self.bounds)

    def prepare(self, ctx: SendContext, rows: list[tuple]) -> None:
        return None

    def render(self, ctx: SendContext, row, user, via: str) -> OutgoingMessage:
        text = self.text
        return OutgoingMessage(
            0,
            user.address,
            user.language,
            (text,),
            text,
            self.template,
            via=via,
            channel=user.channel,
        )


def announce(
    ctx: SendContext, job_run_id: int, user_ids: list[int], text: str, template: str, now: datetime
) -> dict:
    """Send ``text`` to ``user_ids`` once per job run; returns counts by ledger status.

    Rows still owed (or in retry past their back-off) from an earlier execution of the same
    job run are sent now; rows already sent, or handed to the channel, are not sent again.
    """
    with transaction(ctx.url) as session:
        rows = _announcement_rows(job_run_id, user_ids, now)
        owe(session, ctx.settings, ledger.ANNOUNCEMENTS, rows, ["job_run_id", "user_id"], now)
        stale = now - timedelta(seconds=ctx.settings.claim_stale_after)
        mine = selections.announcement(job_run_id)
        ids = ledger.sendable_ids(session, ledger.ANNOUNCEMENTS, mine, stale, now)
    tally = pipeline.deliver_in_batches(
        ctx, lambda bounds: Announcement(job_run_id, text, template, bounds), ids, now
    )
    log.info("announcement.sent", job_run_id=job_run_id, **tally.counts)
    return tally.counts


def _announcement_rows(job_run_id: int, user_ids: list[int], now: datetime) -> list[dict]:
    return [
        {
            "job_run_id": job_run_id,
            "user_id": user_id,
            "status": LedgerStatus.PENDING,
            "created_at": now,
            "attempts": 0,
        }
        for user_id in user_ids
    ]
