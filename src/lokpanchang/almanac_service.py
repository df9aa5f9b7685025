"""Thin impure wrapper over the pure almanac: fills in "today" from ``clock``."""

from __future__ import annotations

from datetime import date

from lokpanchang import clock
from lokpanchang.almanac import (
    Panchangam,
    generate_panchangam_with_timezone,
)


def panchangam_for(
    latitude: float,
    longitude: float,
    timezone: str | None = None,
    target_date: date | None = None,
    **options,
) -> Panchangam:
    """``generate_panchangam_with_timezone`` with the date defaulting to today in the zone."""
    return generate_panchangam_with_timezone(
        latitude, longitude, timezone, target_date, now=clock.now(), **options
    )
