"""Thin impure wrapper over the pure almanac: fills in "today" from ``clock``."""

from __future__ import annotations

from datetime import date

from lokpanchang import clock
from lokpanchang.almanac import (
    Convention,
    Panchangam,
    convention_named,
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


def configured_convention() -> Convention:
    """The almanac convention the settings name (``ALMANAC_CONVENTION``, drik by default)."""
    from lokpanchang.config import get_settings

    return convention_named(get_settings().almanac_convention)
