"""Names of the panchangam's elements in English and nine Indian languages.

``label(kind, number, lang)`` is the one entry point. Kinds and their numbers:
vara 1..7 (1 = Sunday), paksha 1..2 (Shukla, Krishna), tithi 1..30 (with paksha, e.g.
"Krishna Pratipada"; 15 Purnima, 30 Amavasya), nakshatra 1..27, yoga 1..27, karana 1..60,
masa 1..12 (1 = Chaitra), ritu 1..6, samvatsara 1..60, ayana 1..2 (Uttarayana,
Dakshinayana), adhika 1.
"""

from __future__ import annotations

from functools import cache

from lokpanchang import languages
from lokpanchang.almanac.names import scripts
from lokpanchang.almanac.names.tables import (
    ENGLISH,
    NATIVE,
    SANSKRIT,
    VARA,
    karana_name_index,
    tithi_name_index,
)

SUPPORTED_LANGUAGES = languages.CODES
KINDS = (
    "vara",
    "paksha",
    "tithi",
    "nakshatra",
    "yoga",
    "karana",
    "masa",
    "ritu",
    "samvatsara",
    "ayana",
    "adhika",
)
_COUNTS = {
    "vara": 7,
    "paksha": 2,
    "tithi": 30,
    "nakshatra": 27,
    "yoga": 27,
    "karana": 60,
    "masa": 12,
    "ritu": 6,
    "samvatsara": 60,
    "ayana": 2,
    "adhika": 1,
}


def check_language(lang: str) -> str:
    """Return ``lang`` if supported, else raise ValueError naming it and the supported codes."""
    return languages.language(lang).code


@cache
def table(kind: str, lang: str) -> tuple[str, ...]:
    """All names of ``kind`` in ``lang`` (the raw table; tithi names without paksha)."""
    check_language(lang)
    if kind not in ENGLISH:
        raise ValueError(f"unknown kind {kind!r}; known: {', '.join(KINDS)}")
    if lang == "en":
        return ENGLISH[kind]
    if kind == "vara" and lang in VARA:
        return VARA[lang]
    if kind in NATIVE.get(lang, {}):
        return NATIVE[lang][kind]
    sanskrit = SANSKRIT[kind]
    if lang == "sa":
        return sanskrit
    if lang == "ml":
        sanskrit = tuple(scripts.with_malayalam_anusvara(name) for name in sanskrit)
    elif lang not in ("bn", "ta"):  # modern spelling writes a nasal before a consonant as anusvara
        sanskrit = tuple(scripts.with_anusvara(name) for name in sanskrit)
    if lang in ("hi", "mr"):
        return sanskrit
    return tuple(scripts.to_script(name, lang) for name in sanskrit)


def label(kind: str, number: int, lang: str = "en") -> str:
    """The name of element ``number`` of ``kind`` in language ``lang`` (see module doc)."""
    check_language(lang)
    count = _COUNTS.get(kind)
    if count is None:
        raise ValueError(f"unknown kind {kind!r}; known: {', '.join(KINDS)}")
    if not 1 <= number <= count:
        raise ValueError(f"{kind} number {number} out of range 1..{count}")
    if kind == "tithi":
        return _tithi_label(number, lang)
    if kind == "karana":
        return table(kind, lang)[karana_name_index(number)]
    return table(kind, lang)[number - 1]


def _tithi_label(number: int, lang: str) -> str:
    name = table("tithi", lang)[tithi_name_index(number)]
    if number in (15, 30):
        return name
    paksha = table("paksha", lang)[0 if number < 15 else 1]
    return f"{paksha} {name}"


class Names:
    """Bound ``label`` for one language: ``names("hi").label("tithi", 5)``."""

    def __init__(self, lang: str) -> None:
        self.lang = check_language(lang)

    def label(self, kind: str, number: int) -> str:
        """The name of element ``number`` of ``kind`` in this language."""
        return label(kind, number, self.lang)


def names(lang: str) -> Names:
    """Names in ``lang``; raises ValueError for an unsupported language code."""
    return Names(lang)
