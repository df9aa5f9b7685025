"""The calendars a day can be read in, and which one a subscriber gets by default.

``Calendar`` values are stored (``user_detail.calendar``), typed in chat (``calendar tamil``)
and given on the command line and the public page: keep them. ``default_calendar`` chooses
from the subscriber's language and the region (state) of their place: a language with a
calendar of its own (Tamil, Malayalam, Bengali) keeps it anywhere; otherwise the place's
state decides (Tamil Nadu -> Tamil, Kerala -> Malayalam, West Bengal and Tripura -> Bengali,
Odisha -> Odia, Gujarat, Maharashtra, Goa and the South -> amanta); elsewhere in India and
abroad the language does (Gujarati, Marathi, Kannada, Telugu -> amanta, others ->
purnimanta, the North's reckoning).
"""

from __future__ import annotations

from enum import StrEnum


class Calendar(StrEnum):
    """A calendar to read the day in: two lunar reckonings and four regional solar ones."""

    AMANTA = "amanta"
    PURNIMANTA = "purnimanta"
    TAMIL = "tamil"
    MALAYALAM = "malayalam"
    BENGALI = "bengali"
    ODIA = "odia"


SOLAR: tuple[Calendar, ...] = (Calendar.TAMIL, Calendar.MALAYALAM, Calendar.BENGALI, Calendar.ODIA)
CHOICES: tuple[str, ...] = tuple(str(kind) for kind in Calendar)


def calendar(value: object) -> Calendar:
    """``value`` as a ``Calendar``; ValueError naming it and the choices otherwise."""
    text = value.strip().casefold() if isinstance(value, str) else ""
    try:
        return Calendar(text)
    except ValueError:
        raise ValueError(
            f"unknown calendar {value!r}; choose one of {', '.join(CHOICES)}"
        ) from None


_BY_LANGUAGE = {"ta": Calendar.TAMIL, "ml": Calendar.MALAYALAM, "bn": Calendar.BENGALI}
_AMANTA_LANGUAGES = frozenset(("gu", "mr", "kn", "te"))
# GeoNames' first-level names of Indian states (places/data/admin1_names.json).
_BY_STATE = {
    "Tamil Nadu": Calendar.TAMIL,
    "Puducherry": Calendar.TAMIL,
    "Kerala": Calendar.MALAYALAM,
    "Laccadives": Calendar.MALAYALAM,
    "West Bengal": Calendar.BENGALI,
    "Tripura": Calendar.BENGALI,
    "Odisha": Calendar.ODIA,
    "Gujarat": Calendar.AMANTA,
    "Dadra and Nagar Haveli and Daman and Diu": Calendar.AMANTA,
    "Maharashtra": Calendar.AMANTA,
    "Goa": Calendar.AMANTA,
    "Karnataka": Calendar.AMANTA,
    "Andhra Pradesh": Calendar.AMANTA,
    "Telangana": Calendar.AMANTA,
}


def default_calendar(language: str, country_code: str = "", state: str = "") -> Calendar:
    """The calendar a subscriber reading ``language`` at a place in ``state`` of country
    ``country_code`` (ISO 3166 alpha-2; "" when unknown) gets until they choose one."""
    if language in _BY_LANGUAGE:
        return _BY_LANGUAGE[language]
    if country_code.upper() == "IN" and state in _BY_STATE:
        return _BY_STATE[state]
    return Calendar.AMANTA if language in _AMANTA_LANGUAGES else Calendar.PURNIMANTA
