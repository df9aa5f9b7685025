"""How the almanac computes: whose published times it follows and which sunrise it uses."""

from __future__ import annotations

from typing import Literal


class Almanac:
    """The almanac's convention, sunrise and ephemeris files (docs/almanac.md)."""

    # Almanac.
    # drik: drikpanchang.com's published times; astronomical: Swiss Ephemeris' own (docs/almanac.md).
    almanac_convention: Literal["drik", "astronomical"] = "drik"
    # Empty: the almanac convention's own sunrise (drik: drikpanchang.com's; astronomical:
    # upper_limb).
    sunrise_convention: Literal["", "drik", "upper_limb", "disc_centre", "hindu"] = ""
    ephemeris_path: str = ""
