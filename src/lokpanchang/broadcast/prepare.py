"""A run made ready before its instant (issue 4 item 5, issue 23 item 1).

The planner queues ``tasks.prepare_run(run_id)`` when it plans a run, a look-ahead (15 min)
before the instant. It owes the slot's subscribers their ledger rows (admitted by the
messaging limit) and marks them 'prepared', so the instant's ``start_run`` only cuts batches;
then it computes each distinct (rounded place, zone, local date) of the slot's subscribers
once and writes it to the shared store, where every worker's batches find it.

Nothing waits for it: a batch owes, computes (and stores) whatever is not there yet. A
prepared row was never handed to a channel: at the instant a batch claims it like a pending
one; one whose subscriber stopped or paused since is 'withdrawn' (``DailyBatch.claim``); one
of a run that never starts is given up past the grace ('missed') or owed again when the run
is planned again; a worker that dies holding none loses nothing.
"""

from __future__ import annotations

from datetime import datetime

import structlog

from lokpanchang.broadcast.content import PLACE_DECIMALS, Recipient
from lokpanchang.broadcast.context import SendContext
from lokpanchang.broadcast.owing import owe_run
from lokpanchang.config import Settings
from lokpanchang.storage import audience, run_ledger, runs
from lokpanchang.storage.db import transaction
from lokpanchang.storage.states import FINAL_RUNS, NOT_STARTED_RUNS, LedgerStatus

log = structlog.get_logger(__name__)


def prepare_run(ctx: SendContext, run_id: int, now: datetime) -> int:
    """Owe the run's rows ahead, then fill the store with its panchangams; returns how many
    distinct places it holds."""
    owe_ahead(ctx.settings, run_id, now)
    prepare = getattr(ctx.content, "prepare", None)
    with transaction(ctx.url) as session:
        run = runs.run(session, run_id)
        if prepare is None or run is None or run.status in FINAL_RUNS:
            return 0
        places = audience.slot_places(session, run, now)
        zone, local_date = run.timezone, run.local_date
    recipients = [
        Recipient(0, 0, "", "en", latitude, longitude, zone, local_date, city or "")
        for latitude, longitude, city in _one_per_place(places)
    ]
    prepared = prepare(recipients)
    log.info("run.prepared", run_id=run_id, places=prepared)
    return prepared


def owe_ahead(settings: Settings, run_id: int, now: datetime) -> int:
    """Before a run's instant, owe its subscribers their rows and mark them prepared; how
    many rows are prepared (0 once the run has started or its instant has come)."""
    with transaction(settings.effective_database_url) as session:
        run = runs.run(session, run_id)
        if run is None or run.status not in NOT_STARTED_RUNS or now >= run.due_at:
            return 0
        prepared = owe_run(session, settings, run, now, ready=LedgerStatus.PREPARED)
        prepared += run_ledger.prepare_run_rows(session, run_id)  # the limit's, or owed before
    log.info("run.rows_prepared", run_id=run_id, rows=prepared)
    return prepared


def _one_per_place(places: list[tuple]) -> list[tuple]:
    """One (latitude, longitude, city) per rounded place (any of its subscribers' will do)."""
    seen: dict[tuple, tuple] = {}
    for latitude, longitude, city in places:
        key = (round(latitude, PLACE_DECIMALS), round(longitude, PLACE_DECIMALS))
        seen.setdefault(key, (latitude, longitude, city))
    return list(seen.values())
