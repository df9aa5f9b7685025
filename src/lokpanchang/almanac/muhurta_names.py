"""Names of the day's muhurtas in every language: choghadiya, hora lords, signs.

Spellings as drikpanchang.com writes them (Amrita, Udvega, Labha; hora by planet).
"""

from __future__ import annotations

from enum import StrEnum

from lokpanchang.almanac.observances.naming import names_of


class Quality(StrEnum):
    """How a choghadiya is reckoned (drikpanchang.com's good / neutral / bad)."""

    GOOD = "good"
    NEUTRAL = "neutral"
    BAD = "bad"


# The seven choghadiyas in their running order within a day (Udvega, Chara, Labha, ...).
CHOGHADIYA = (
    (names_of("Udvega", "उद्वेग"), Quality.BAD),
    (names_of("Chara", "चर"), Quality.NEUTRAL),
    (names_of("Labha", "लाभ"), Quality.GOOD),
    (names_of("Amrita", "अमृत"), Quality.GOOD),
    (names_of("Kala", "काल"), Quality.BAD),
    (names_of("Shubha", "शुभ"), Quality.GOOD),
    (names_of("Roga", "रोग"), Quality.BAD),
)

# Planets in the hora order (each hora's lord is the next one): Sun, Venus, Mercury, Moon,
# Saturn, Jupiter, Mars.
HORA_LORDS = (
    names_of("Sun", "सूर्य"),
    names_of("Venus", "शुक्र"),
    names_of("Mercury", "बुध"),
    names_of("Moon", "चन्द्र"),
    names_of("Saturn", "शनि"),
    names_of("Jupiter", "गुरु"),
    names_of("Mars", "मङ्गल"),
)
