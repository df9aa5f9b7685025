"""Rows outside a daily run that wait in 'retry' are sent again once their back-off ends.

A run's batch retries its own rows (``tasks.send_batch``); a backfill, an announcement, a
welcome, an operator's send or a direct send (``broadcast.direct``) has no task left to do that, so the planner's pass queues
``tasks.send_retries`` whenever such rows are due (``due``), and this sends them with the
pipeline like any other selection. A claim of theirs left stale by a dead worker (never
handed to a channel) is taken again the same way.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import structlog

from lokpanchang.broadcast import direct
from lokpanchang.broadcast.adhoc import DEFAULT_ANNOUNCEMENT_TEMPLATE, Announcement
from lokpanchang.broadcast.context import SendContext
from lokpanchang.broadcast.kinds import LedgerSelection
from lokpanchang.broadcast.pipeline import deliver_in_batches
from lokpanchang.config import Settings
from lokpanchang.storage import ledger, selections
from lokpanchang.storage.db import transaction

log = structlog.get_logger(__name__)


class Orphans(LedgerSelection):
    """``message_log`` rows of no run, waiting to be sent again, between two ids."""

    name = "retry"

    def __init__(self, bounds: tuple[int, int]) -> None:
        self.bounds = bounds

    def rows(self):
        return selections.orphans(ledger.DAILY, self.bounds)


def due(settings: Settings, now: datetime) -> bool:
    """Whether any row outside a run may be sent again now."""
    stale = now - timedelta(seconds=settings.claim_stale_after)
    with transaction(settings.effective_database_url) as session:
        return selections.orphans_due(session, stale, now) or direct.due(session, stale, now)


def send_due(ctx: SendContext, now: datetime) -> dict:
    """Send every row outside a run whose back-off has ended; counts by ledger status."""
    stale = now - timedelta(seconds=ctx.settings.claim_stale_after)
    with transaction(ctx.url) as session:
        ids = ledger.sendable_ids(
            session, ledger.DAILY, selections.orphans(ledger.DAILY), stale, now
        )
        announcements = _announcements_due(session, stale, now)
    tally = deliver_in_batches(ctx, Orphans, ids, now)
    for job_run_id, (text, template, row_ids) in announcements.items():

        def selection(bounds, job_run_id=job_run_id, text=text, template=template):
            return Announcement(job_run_id, text, template, bounds)

        tally.merge(deliver_in_batches(ctx, selection, row_ids, now))
    tally.merge(direct.send_owed(ctx, now))
    log.info("retries.sent", **tally.counts)
    return tally.counts


def _announcements_due(session, stale: datetime, now: datetime) -> dict[int, tuple]:
    """Per job run with announcement rows due again: its text, template and those rows."""
    found: dict[int, tuple] = {}
    for row_id, job_run_id, payload in selections.announcements_due(session, stale, now):
        template = payload.get("template") or DEFAULT_ANNOUNCEMENT_TEMPLATE
        found.setdefault(job_run_id, (payload.get("text", ""), template, []))[2].append(row_id)
    return found
