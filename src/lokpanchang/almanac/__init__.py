"""PURE almanac: (place, local date) -> Panchangam. Only ``ephemeris`` imports swisseph."""

from lokpanchang.almanac.ephemeris import MoonRisingMode, RisingMode
from lokpanchang.almanac.model import Panchangam
from lokpanchang.almanac.panchangam import generate_panchangam_with_timezone

__all__ = ["MoonRisingMode", "Panchangam", "RisingMode", "generate_panchangam_with_timezone"]
