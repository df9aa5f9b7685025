"""Names of the day's muhurtas in every language: choghadiya, Gowri Panchangam, hora lords.

Choghadiya spellings as drikpanchang.com writes them (Amrita, Udvega, Labha; hora by
planet); Gowri Panchangam's as Tamil almanacs write them (Amirdha, Uthi, Laabam: அமிர்தம்,
உத்தி, லாபம்; astroved.com/tamil/daily-calendar/gowripanchangam lists the eight), its
Devanagari as hindu-blog.com's "What is Gauri Panchang?" names them (Udyogam, Amrutham).
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

# The eight Gowri Panchangam parts (Tamil's own table, not Choghadiya): Rogam, Soram and
# Visham are bad, the other five good (hindu-blog.com, "What is Gauri Panchang?").
GOWRI = (
    (names_of("Amirdha", "अमृत", ta="அமிர்தம்"), Quality.GOOD),
    (names_of("Uthi", "उद्योग", ta="உத்தி"), Quality.GOOD),
    (names_of("Rogam", "रोग", ta="ரோகம்"), Quality.BAD),
    (names_of("Laabam", "लाभ", ta="லாபம்"), Quality.GOOD),
    (names_of("Dhanam", "धन", ta="தனம்"), Quality.GOOD),
    (names_of("Sugam", "सुख", ta="சுகம்"), Quality.GOOD),
    (names_of("Soram", "चोर", ta="சோரம்"), Quality.BAD),
    (names_of("Visham", "विष", ta="விஷம்"), Quality.BAD),
)
