"""Panchangams prepared before a run's instant (issue 4, item 5).

The planner queues ``tasks.prepare_run(run_id)`` when it plans a run, a look-ahead (15 min)
before the instant. It computes each distinct (rounded place, zone, local date) of the slot's
subscribers once and writes it to the shared store, where every worker's batches find it.
Nothing waits for it: a batch computes (and stores) whatever is not there yet.
"""

from __future__ import annotations

from datetime import datetime

import structlog

from lokpanchang.broadcast.content import PLACE_DECIMALS, Recipient
from lokpanchang.broadcast.context import SendContext
from lokpanchang.storage import audience, runs
from lokpanchang.storage.db import transaction
from lokpanchang.storage.states import FINAL_RUNS

log = structlog.get_logger(__name__)


def prepare_run(ctx: SendContext, run_id: int, now: datetime) -> int:
    """Fill the store with the run's panchangams; returns how many distinct places it holds."""
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


def _one_per_place(places: list[tuple]) -> list[tuple]:
    """One (latitude, longitude, city) per rounded place (any of its subscribers' will do)."""
    seen: dict[tuple, tuple] = {}
    for latitude, longitude, city in places:
        key = (round(latitude, PLACE_DECIMALS), round(longitude, PLACE_DECIMALS))
        seen.setdefault(key, (latitude, longitude, city))
    return list(seen.values())
