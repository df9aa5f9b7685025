"""The one rounding of every time a person reads or is promised (base layer: the pure core
shares it): to the minute, half-up, as drikpanchang.com prints (the message, the public page,
the CLI, the calendar feed, and the sunrise send time, so a reply's "Next: 06:56" is the
sunrise the message prints)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


def nearest_minute(instant: datetime) -> datetime:
    """``instant`` on its own zone's wall clock rounded half-up to the whole minute (xx:xx:30
    goes up), as drikpanchang.com prints times: the one rounding every displayed time uses.

    The wall clock's seconds decide, which differs from UTC's in zones with a seconds
    offset (Asia/Kolkata before 1906: +05:21:10); the result keeps ``instant``'s zone.
    """
    seconds = instant.second + instant.microsecond / 1e6
    shift = 60.0 - seconds if seconds >= 30.0 else -seconds
    return (instant.astimezone(UTC) + timedelta(seconds=shift)).astimezone(instant.tzinfo)
