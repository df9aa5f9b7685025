"""Sunrise delivery (issue 14, item 3): a subscriber at sunrise is a daily subscriber whose
send time is their place's next sunrise (plus their offset), kept current by the planner.

Each planner pass, before it plans, moves on the subscribers whose sunrise slot has been
served (its run has owed its rows, or the slot is older than the catch-up look-back). They are
taken in groups of zone, place (rounded as the message's panchangam is, ``content.PLACE_DECIMALS``,
so the send time is the minute of sunrise that message prints) and offset, one sunrise computed and one UPDATE per group, never a task per
subscriber. The planner, the runs, the catch-up and the ledger (one row per subscriber and
local date) are the daily ones, so a moved send time never sends a day twice.

Polar rule: a date with no sunrise at the place gets ``POLAR_SEND_TIME`` (06:30 local), and
that day's message says why there is no sunrise (``almanac.sunrise_times``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from datetime import date, datetime, time, timedelta

import structlog

from lokpanchang import planning
from lokpanchang.almanac import Convention
from lokpanchang.almanac.sunrise_times import POLAR_SEND_TIME, sunrise_send_time
from lokpanchang.broadcast.content import PLACE_DECIMALS
from lokpanchang.storage import audience, runs
from lokpanchang.storage.db import Session

log = structlog.get_logger(__name__)

SEARCH_DAYS = 3  # the next sunrise slot is on one of the next three local dates


def place_of(latitude: float, longitude: float) -> tuple[float, float]:
    """The place a sunrise is computed for: the subscriber's, rounded as for their message's
    panchangam (``content.PLACE_DECIMALS``; a coarser place moved the send time up to a
    minute from the sunrise the message prints)."""
    return round(latitude, PLACE_DECIMALS), round(longitude, PLACE_DECIMALS)


def next_sunrise_slot(
    zone: str,
    latitude: float,
    longitude: float,
    offset: int,
    after: datetime,
    convention: Convention,
    served: Collection[date] = (),
) -> tuple[time, datetime, bool]:
    """The first sunrise slot at the place due strictly after ``after`` on a local date not
    in ``served`` (dates whose message the subscriber has had or is owed: a slot on one of
    them sends nothing): its local send time, its UTC instant, and whether the polar rule
    chose it (no sunrise that date)."""
    first = planning.local_date_at(zone, after)
    days = (first + timedelta(days=n) for n in range(SEARCH_DAYS + len(served)))
    for day in (day for day in days if day not in served):
        rises = sunrise_send_time(latitude, longitude, zone, day, convention, offset)
        due = planning.occurrence(zone, day, rises or POLAR_SEND_TIME)
        if due is not None and due > after:
            return rises or POLAR_SEND_TIME, due, rises is None
    raise LookupError(f"no sunrise slot in {zone} within {SEARCH_DAYS} days of {after}")


def move_on(session: Session, now: datetime, lookback: timedelta, convention: Convention) -> int:
    """Give every subscriber at sunrise whose slot was served their next one (sunrise by
    ``convention``); how many moved."""
    waiting = audience.sunrise_subscribers_due(session, now)
    if not waiting:
        return 0
    served = runs.served_slots_since(session, now - lookback - timedelta(days=1))
    groups: dict[tuple, list[int]] = defaultdict(list)
    for user_id, zone, latitude, longitude, offset, send_time, due_at in waiting:
        if due_at is None or _served(zone, send_time, due_at, served, now - lookback):
            groups[(zone, *place_of(latitude, longitude), offset)].append(user_id)
    for (zone, latitude, longitude, offset), user_ids in groups.items():
        if planning.is_valid_zone(zone):
            send_time, due_at, _ = next_sunrise_slot(
                zone, latitude, longitude, offset, now, convention
            )
            audience.set_sunrise_slot(session, user_ids, send_time, due_at)
    moved = sum(len(user_ids) for user_ids in groups.values())
    log.info("sunrise.moved_on", groups=len(groups), subscribers=moved)
    return moved


def _served(zone: str, send_time: time, due_at: datetime, served: set, oldest: datetime) -> bool:
    """Whether the slot this send time stands for has owed its rows (or is past catching up)."""
    if not planning.is_valid_zone(zone):
        return False
    return (zone, send_time, planning.local_date_at(zone, due_at)) in served or due_at < oldest
