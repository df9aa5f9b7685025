"""Successive planner passes, simulated: what a beat running every ``every`` would plan."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from datetime import datetime, time, timedelta

from lokpanchang.planning.slots import PlanResult, Slot, due_slots
from lokpanchang.planning.walltime import require_aware

ZonesAt = Callable[[datetime], Iterable[tuple[str, time]]]


def pass_instants(start: datetime, end: datetime, every: timedelta) -> Iterator[datetime]:
    """``start``, ``start + every``, ... up to and including ``end`` (aware instants)."""
    require_aware(start, "start")
    require_aware(end, "end")
    if end < start:
        raise ValueError(f"end={end.isoformat()} is before start={start.isoformat()}")
    if every <= timedelta(0):
        raise ValueError(f"every={every!r} must be a positive timedelta")
    instant = start
    while instant <= end:
        yield instant
        instant += every


def simulate_passes(
    start: datetime, end: datetime, every: timedelta, zones_at: ZonesAt, lookahead: timedelta
) -> PlanResult:
    """Every slot that passes from ``start`` to ``end`` would plan, each listed once.

    ``zones_at(instant)`` gives the (zone, send time) pairs a pass at ``instant``
    sees (active subscribers change over time). Slots are sorted by due_at.
    """
    slots: set[Slot] = set()
    invalid: set[str] = set()
    for instant in pass_instants(start, end, every):
        result = due_slots(instant, zones_at(instant), lookahead)
        slots.update(result.slots)
        invalid.update(result.invalid_zones)
    return PlanResult(tuple(sorted(slots)), tuple(sorted(invalid)))
