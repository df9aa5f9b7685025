"""The one rounding of every displayed time (``lokpanchang.minutes``): to the minute,
half-up, as drikpanchang.com prints (message, public page, CLI, calendar feed, sunrise send
time)."""

from __future__ import annotations

from datetime import datetime

from lokpanchang.minutes import nearest_minute

__all__ = ["minute_text", "nearest_minute"]


def minute_text(instant: datetime) -> str:
    """``HH:MM`` of ``instant`` rounded half-up (``nearest_minute``)."""
    return nearest_minute(instant).strftime("%H:%M")
