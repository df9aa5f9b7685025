"""Name tables, by subject: the weekdays (``weekdays``), the other limbs of the day
(``limbs``: paksha, tithi, nakshatra, yoga, karana) and the year's divisions (``year``:
masa, ritu, ayana, adhika, samvatsara).

``ENGLISH`` (drikpanchang.com spelling) and ``SANSKRIT`` (Devanagari) map each kind to its
names, indexed by number - 1; ``VARA`` holds the weekdays as each language writes them,
``TAMIL``, ``TELUGU`` (``dravidian``), ``KANNADA``, ``MALAYALAM`` (``kannada_malayalam``) and
``BENGALI``, ``HINDI``, ``MARATHI``, ``GUJARATI`` (``indo_aryan``), gathered in ``NATIVE``, the
names those almanacs write in their own form (the Telugu and Kannada years: ``samvatsaras``). The index functions map tithi and karana numbers onto their names
(see ``limbs``).
"""

from __future__ import annotations

from lokpanchang.almanac.names.tables import limbs, weekdays, year
from lokpanchang.almanac.names.tables.dravidian import TAMIL, TELUGU
from lokpanchang.almanac.names.tables.indo_aryan import BENGALI, GUJARATI, HINDI, MARATHI
from lokpanchang.almanac.names.tables.kannada_malayalam import KANNADA, MALAYALAM
from lokpanchang.almanac.names.tables.limbs import karana_name_index, tithi_name_index
from lokpanchang.almanac.names.tables.weekdays import VARA

__all__ = [
    "BENGALI",
    "ENGLISH",
    "GUJARATI",
    "HINDI",
    "KANNADA",
    "MALAYALAM",
    "MARATHI",
    "NATIVE",
    "SANSKRIT",
    "TAMIL",
    "TELUGU",
    "VARA",
    "karana_name_index",
    "tithi_name_index",
]

ENGLISH: dict[str, tuple[str, ...]] = {**weekdays.ENGLISH, **limbs.ENGLISH, **year.ENGLISH}
SANSKRIT: dict[str, tuple[str, ...]] = {**weekdays.SANSKRIT, **limbs.SANSKRIT, **year.SANSKRIT}
# Languages whose almanacs write some names in their own form: language -> kind -> names.
NATIVE: dict[str, dict[str, tuple[str, ...]]] = {
    "ta": TAMIL,
    "te": TELUGU,
    "kn": KANNADA,
    "ml": MALAYALAM,
    "bn": BENGALI,
    "hi": HINDI,
    "mr": MARATHI,
    "gu": GUJARATI,
}
