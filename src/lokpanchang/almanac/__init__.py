"""PURE almanac: (place, local date) -> Panchangam. Only ``ephemeris`` imports swisseph."""

from lokpanchang.almanac.convention import (
    ASTRONOMICAL,
    DRIK,
    Convention,
    convention_named,
)
from lokpanchang.almanac.ephemeris import MoonRisingMode, RisingMode
from lokpanchang.almanac.model import Panchangam
from lokpanchang.almanac.panchangam import generate_panchangam_with_timezone

__all__ = [
    "ASTRONOMICAL",
    "DRIK",
    "Convention",
    "MoonRisingMode",
    "Panchangam",
    "RisingMode",
    "convention_named",
    "generate_panchangam_with_timezone",
]
