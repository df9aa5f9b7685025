"""The send-time rules computed independently of the planner, for tests to compare against."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

# Every offset in use lies within +-14 h, so these probes see both sides of any nearby transition.
OFFSET_PROBES = [timedelta(hours=h) for h in (-16, 0, 16)]


def expected_instant(zone: ZoneInfo, day: date, send_time: time) -> datetime | None:
    """The send instant by the rules, found without the planner's fold=0 arithmetic.

    Candidates are the wall time minus each UTC offset the zone uses near that day. A
    candidate whose local reading is the wall time is a real occurrence; the earliest
    wins (first occurrence of an overlap). With none (a spring-forward gap), the wall
    time minus the smaller offset (the one before the gap) is the answer; its reading
    is the wall time plus the gap, which the test checks separately. A gap of a day or
    more means the zone skipped the date: None.
    """
    wall = datetime.combine(day, send_time)
    probes = [(wall + shift).replace(tzinfo=UTC) for shift in OFFSET_PROBES]
    offsets = {offset_at(probe.astimezone(zone)) for probe in probes}
    candidates = sorted((wall - offset).replace(tzinfo=UTC) for offset in offsets)
    real = [c for c in candidates if c.astimezone(zone).replace(tzinfo=None) == wall]
    if real:
        return real[0]
    if max(offsets) - min(offsets) >= timedelta(days=1):
        return None
    return (wall - min(offsets)).replace(tzinfo=UTC)


def offset_at(aware: datetime) -> timedelta:
    offset = aware.utcoffset()
    assert offset is not None, f"{aware} is not aware"
    return offset


def check_reading(zone: ZoneInfo, instant: datetime, day: date, send_time: time) -> None:
    """The instant read back in the zone is the send time, or the send time moved forward by the gap."""
    wall = datetime.combine(day, send_time)
    local = instant.astimezone(zone)
    if local.replace(tzinfo=None) == wall:
        return
    # A moved send happens at most one gap (never 3 h in 2026-2027) after its transition.
    gap = offset_at(local) - offset_at((instant - timedelta(hours=3)).astimezone(zone))
    assert gap > timedelta(0), f"{zone.key} {day}: due {instant} reads {local}, not in a gap"
    assert local.replace(tzinfo=None) == wall + gap, (
        f"{zone.key} {day}: {local} is not {wall} + {gap}"
    )
