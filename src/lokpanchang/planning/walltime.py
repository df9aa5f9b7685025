"""Local wall times -> UTC instants, with the DST gap and fold rules.

The rules (see docs/planning.md):

* A wall time that exists once is that instant.
* A wall time in an autumn overlap (it happens twice) is its first occurrence
  (``fold=0``, the offset before the transition).
* A wall time in a spring-forward gap (it never happens) is moved forward by
  the length of the gap: 02:30 in a one-hour gap is sent at 03:30 local. This is
  what ``fold=0`` means for a gap (the offset before the transition applies).
* A wall time in a gap of 24 hours or more has no occurrence: the zone skipped
  that calendar day (Pacific/Apia skipped 2011-12-30), and moving forward would
  land on the next day's own send.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from lokpanchang.planning.zones import load_zone

ONE_DAY = timedelta(days=1)


def require_aware(value: datetime, name: str = "instant") -> datetime:
    """Return ``value`` unchanged, refusing naive datetimes with a helpful error."""
    if not isinstance(value, datetime):
        raise TypeError(f"{name}={value!r} is not a datetime")
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(
            f"{name}={value.isoformat()} has no time zone; pass an aware datetime, "
            "e.g. datetime(2026, 3, 1, 1, 0, tzinfo=UTC)"
        )
    return value


def require_send_time(value: time) -> time:
    """Return ``value`` when it is a naive whole-minute wall time (HH:MM), else raise."""
    if not isinstance(value, time):
        raise TypeError(f"send_time={value!r} is not a datetime.time")
    if value.tzinfo is not None or value.second or value.microsecond:
        raise ValueError(
            f"send_time={value.isoformat()} must be a local wall time in whole minutes "
            "without a time zone, e.g. time(6, 30)"
        )
    return value


def require_date(value: date) -> date:
    """Return ``value`` when it is a calendar date (not a datetime), else raise TypeError."""
    if isinstance(value, datetime) or not isinstance(value, date):
        raise TypeError(f"local_date={value!r} must be a datetime.date, not a datetime")
    return value


def occurrence(timezone: str, local_date: date, send_time: time) -> datetime | None:
    """The UTC instant at which ``send_time`` happens on ``local_date`` in ``timezone``.

    Returns an aware UTC datetime, or None when the zone skipped that wall time
    together with a whole day (a gap of 24 h or more). Gap and overlap rules are
    in the module docstring. Raises InvalidZoneError for a bad zone name.
    """
    zone = load_zone(timezone)
    return wall_time_instant(zone, require_date(local_date), require_send_time(send_time))


def wall_time_instant(zone: ZoneInfo, local_date: date, send_time: time) -> datetime | None:
    """``occurrence`` for a loaded zone and already checked arguments (the planner's inner loop)."""
    wall = datetime.combine(local_date, send_time, tzinfo=zone)  # fold=0: the offset before
    instant = wall.astimezone(UTC)
    after, before = instant.astimezone(zone).utcoffset(), wall.utcoffset()
    assert after is not None and before is not None  # a ZoneInfo always has an offset
    return None if after - before >= ONE_DAY else instant


def local_date_at(timezone: str, instant: datetime) -> date:
    """The calendar date in ``timezone`` at the aware ``instant``."""
    zone = load_zone(timezone)
    return require_aware(instant).astimezone(zone).date()


def wall_clock_at(timezone: str, instant: datetime) -> datetime:
    """The aware local datetime in ``timezone`` at the aware ``instant``."""
    return require_aware(instant).astimezone(load_zone(timezone))
