"""Slots: one daily send for a (zone, local send time, local date), and the windows that find them.

All instants are aware datetimes; slots carry UTC. Nothing here reads the clock:
every function takes the instant it plans for.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from lokpanchang.planning.walltime import (
    occurrence,
    require_aware,
    require_date,
    require_send_time,
    wall_time_instant,
)
from lokpanchang.planning.zones import InvalidZoneError, load_zone

DEFAULT_SEND_TIME = time(6, 30)
"""The seed's send time; the lock key omits the time only for this one."""

# Every UTC offset tzdb has ever used lies within +-16 h (the extreme is Asia/Manila's
# LMT, -15:56:08). A slot for wall time L is due at L minus the offset before any gap,
# so only local dates whose wall time L (read as UTC) lies within 16 h of a window can
# hold a slot in it: that keeps a 15-minute window to two or three dates to try.
_MAX_OFFSET_S = 16 * 3600
_DAY_S = 86400
_EPOCH_ORDINAL = date(1970, 1, 1).toordinal()
_NEXT_SEARCH_DAYS = 10


@dataclass(frozen=True, order=True)
class Slot:
    """One send: ``send_time`` on ``local_date`` in ``timezone``, due at the UTC instant ``due_at``.

    Slots order by ``due_at`` first. ``due_at`` is stored in UTC whatever offset it is given in.
    """

    due_at: datetime
    timezone: str
    local_date: date
    send_time: time

    def __post_init__(self) -> None:
        utc = require_aware(self.due_at, "due_at").astimezone(UTC)
        object.__setattr__(self, "due_at", utc)
        require_date(self.local_date)
        require_send_time(self.send_time)
        load_zone(self.timezone)

    def lock_key(self) -> str:
        """``lock:{timezone}:{local_date}``, with ``:{HH:MM}`` appended unless the time is 06:30."""
        key = f"lock:{self.timezone}:{self.local_date.isoformat()}"
        if self.send_time != DEFAULT_SEND_TIME:
            key += f":{self.send_time:%H:%M}"
        return key

    def to_dict(self) -> dict[str, str]:
        """JSON-ready: local_date ISO, send_time HH:MM, due_at ISO 8601 UTC ending in Z."""
        return {
            "timezone": self.timezone,
            "local_date": self.local_date.isoformat(),
            "send_time": f"{self.send_time:%H:%M}",
            "due_at": self.due_at.isoformat().replace("+00:00", "Z"),
        }

    @classmethod
    def from_dict(cls, data: dict[str, str]) -> Slot:
        """The slot ``to_dict`` described (e.g. a Celery task argument)."""
        return cls(
            due_at=datetime.fromisoformat(data["due_at"]),
            timezone=data["timezone"],
            local_date=date.fromisoformat(data["local_date"]),
            send_time=time.fromisoformat(data["send_time"]),
        )


@dataclass(frozen=True)
class PlanResult:
    """The slots a planner pass found, sorted by due_at, and the zone names it could not use."""

    slots: tuple[Slot, ...] = ()
    invalid_zones: tuple[str, ...] = field(default=())


def slot_for(timezone: str, local_date: date, send_time: time) -> Slot | None:
    """The slot for ``send_time`` on ``local_date``, or None when the zone skipped that day."""
    due_at = occurrence(timezone, local_date, send_time)
    if due_at is None:
        return None
    return Slot(due_at, timezone, local_date, send_time)


def slots_between(timezone: str, send_time: time, start: datetime, end: datetime) -> list[Slot]:
    """Slots of one (zone, send time) with ``start <= due_at < end`` (aware instants), sorted by due_at."""
    window = _Window.of(require_aware(start, "start"), require_aware(end, "end"))
    return sorted(
        _window_slots(window, timezone, load_zone(timezone), require_send_time(send_time))
    )


@dataclass(frozen=True)
class _Window:
    """``[start, end)``, with both ends also in POSIX seconds (computed once per pass)."""

    start: datetime
    end: datetime
    start_s: float
    end_s: float

    @classmethod
    def of(cls, start: datetime, end: datetime) -> _Window:
        return cls(start, end, start.timestamp(), end.timestamp())


def _window_slots(window: _Window, timezone: str, zone: ZoneInfo, send_time: time) -> list[Slot]:
    found = []
    for local_date in _candidate_dates(window, send_time):
        due_at = wall_time_instant(zone, local_date, send_time)
        if due_at is not None and window.start <= due_at < window.end:
            found.append(Slot(due_at, timezone, local_date, send_time))
    return found


def _candidate_dates(window: _Window, send_time: time) -> list[date]:
    """Local dates whose ``send_time`` could fall in the window in some zone, in order."""
    at_send_time = send_time.hour * 3600 + send_time.minute * 60
    first = _utc_day_number(window.start_s - _MAX_OFFSET_S - at_send_time)
    last = _utc_day_number(window.end_s + _MAX_OFFSET_S - at_send_time)
    return [date.fromordinal(day) for day in range(first, last + 1)]


def _utc_day_number(posix_s: float) -> int:
    """The proleptic Gregorian ordinal of the UTC date at ``posix_s`` seconds."""
    return _EPOCH_ORDINAL + int(posix_s // _DAY_S)


def next_occurrence(timezone: str, send_time: time, after: datetime) -> Slot:
    """The first slot of (zone, send time) due strictly after the aware instant ``after``."""
    require_aware(after, "after")
    horizon = after + timedelta(days=_NEXT_SEARCH_DAYS)
    for slot in slots_between(timezone, send_time, after, horizon):
        if slot.due_at > after:
            return slot
    raise LookupError(
        f"{timezone} has no {send_time:%H:%M} within {_NEXT_SEARCH_DAYS} days of {after}"
    )


def due_slots(
    now: datetime, zones_and_times: Iterable[tuple[str, time]], lookahead: timedelta
) -> PlanResult:
    """The forward rule of one planner pass at ``now``: slots with ``now <= due_at < now + lookahead``.

    ``zones_and_times`` holds (IANA zone, local send time) pairs; repeats are
    planned once. Invalid zone names do not stop the pass: they are returned in
    ``invalid_zones``. Slots are sorted by due_at.
    """
    window = _Window.of(require_aware(now, "now"), now + _positive(lookahead, "lookahead"))
    slots: list[Slot] = []
    invalid: set[str] = set()
    for timezone, send_time in set(zones_and_times):
        try:
            zone = load_zone(timezone)
        except InvalidZoneError:
            invalid.add(str(timezone))
            continue
        slots.extend(_window_slots(window, timezone, zone, require_send_time(send_time)))
    return PlanResult(tuple(sorted(slots)), tuple(sorted(invalid)))


def recent_slots(now: datetime, timezone: str, send_time: time, lookback: timedelta) -> list[Slot]:
    """Slots of one (zone, send time) with ``now - lookback <= due_at < now`` (for catch-up).

    Together with due_slots at the same ``now`` this covers the timeline without
    overlap: a slot due exactly at ``now`` belongs to the forward window.
    """
    require_aware(now, "now")
    return slots_between(timezone, send_time, now - _positive(lookback, "lookback"), now)


def _positive(span: timedelta, name: str) -> timedelta:
    if not isinstance(span, timedelta) or span <= timedelta(0):
        raise ValueError(
            f"{name}={span!r} must be a positive timedelta, e.g. timedelta(minutes=15)"
        )
    return span
