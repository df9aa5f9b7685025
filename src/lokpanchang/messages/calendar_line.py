"""The daily message's month line in the reader's own calendar (``almanac.calendars``).

From the panchangam's ``calendars`` object, named anew by number in the reader's language
(a broadcast computes a place's day once and renders it for every language):

- ``tamil``: month and day, and the year's name (the 60-year cycle name of its Shaka year,
  as Tamil calendars print it: "Chithirai 1, Vishvavasu year");
- ``malayalam``, ``bengali``, ``odia``: month and day, era and year ("Chingam 1, Kollam
  1201"; Bengali writes the year before its era: "বৈশাখ 1, 1432 বঙ্গাব্দ");
- ``amanta``: the amanta month, Shaka year and samvatsara ("Chaitra, Shaka Samvat 1947
  Vishvavasu"), as Maharashtra and the South count; a Gujarati reader gets Vikram Samvat
  counted from Kartika, as Gujarat does;
- ``purnimanta``: the purnimanta month, Vikram Samvat and samvatsara (the North).

The words here are ours (``docs/whatsapp.md``); the names come from the almanac's tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lokpanchang.languages import words
from lokpanchang.messages.languages import text_language

CALENDAR_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "year_named": "{name} year",
        "era_year": "{era} {year}",
        "calendar": "Calendar",
        "this_place": "{calendar} (this place's)",
        "bad_calendar": "calendar '{value}' is not one we reckon; choose one of {choices}",
    },
    "hi": {
        "year_named": "{name} संवत्सर",
        "era_year": "{era} {year}",
        "calendar": "कैलेंडर",
        "this_place": "{calendar} (यहाँ का)",
        "bad_calendar": "'{value}' कोई कैलेंडर नहीं है जिसकी हम गणना करते हैं; इनमें से चुनें: {choices}",
    },
    "sa": {
        "year_named": "{name} संवत्सरः",
        "era_year": "{era} {year}",
        "calendar": "दिनदर्शिका",
        "this_place": "{calendar} (अस्य स्थानस्य)",
        "bad_calendar": "'{value}' इति दिनदर्शिका अस्माभिः न गण्यते; एतासु एकां चिनोतु: {choices}",
    },
    "ta": {
        "year_named": "{name} ஆண்டு",
        "era_year": "{era} {year}",
        "calendar": "நாட்காட்டி",
        "this_place": "{calendar} (இந்த ஊருக்கானது)",
        "bad_calendar": "'{value}' நாங்கள் கணிக்கும் நாட்காட்டி அல்ல; இவற்றில் ஒன்றைத் தேர்ந்தெடுக்கவும்: {choices}",
    },
    "te": {
        "year_named": "{name} నామ సంవత్సరం",
        "era_year": "{era} {year}",
        "calendar": "క్యాలెండర్",
        "this_place": "{calendar} (ఈ ఊరిది)",
        "bad_calendar": "'{value}' మేము లెక్కించే క్యాలెండర్ కాదు; వీటిలో ఒకటి ఎంచుకోండి: {choices}",
    },
    "kn": {
        "year_named": "{name} ನಾಮ ಸಂವತ್ಸರ",
        "era_year": "{era} {year}",
        "calendar": "ಕ್ಯಾಲೆಂಡರ್",
        "this_place": "{calendar} (ಈ ಊರಿನದು)",
        "bad_calendar": "'{value}' ನಾವು ಲೆಕ್ಕಿಸುವ ಕ್ಯಾಲೆಂಡರ್ ಅಲ್ಲ; ಇವುಗಳಲ್ಲಿ ಒಂದನ್ನು ಆರಿಸಿ: {choices}",
    },
    "ml": {
        "year_named": "{name} വർഷം",
        "era_year": "{era} {year}",
        "calendar": "കലണ്ടർ",
        "this_place": "{calendar} (ഈ സ്ഥലത്തേത്)",
        "bad_calendar": "'{value}' ഞങ്ങൾ കണക്കാക്കുന്ന കലണ്ടറല്ല; ഇവയിലൊന്ന് തിരഞ്ഞെടുക്കുക: {choices}",
    },
    "mr": {
        "year_named": "{name} संवत्सर",
        "era_year": "{era} {year}",
        "calendar": "दिनदर्शिका",
        "this_place": "{calendar} (या ठिकाणची)",
        "bad_calendar": "'{value}' ही आम्ही गणना करतो ती दिनदर्शिका नाही; यापैकी एक निवडा: {choices}",
    },
    "gu": {
        "year_named": "{name} સંવત્સર",
        "era_year": "{era} {year}",
        "calendar": "કેલેન્ડર",
        "this_place": "{calendar} (આ સ્થળનું)",
        "bad_calendar": "'{value}' અમે ગણીએ છીએ તે કેલેન્ડર નથી; આમાંથી એક પસંદ કરો: {choices}",
    },
    "bn": {
        "year_named": "{name} সংবৎসর",
        "era_year": "{year} {era}",
        "calendar": "ক্যালেন্ডার",
        "this_place": "{calendar} (এই জায়গার)",
        "bad_calendar": "'{value}' আমাদের গণনার কোনো ক্যালেন্ডার নয়; এগুলির একটি বেছে নিন: {choices}",
    },
}
SOLAR_KINDS = ("tamil", "malayalam", "bengali", "odia")


def month_line(day: Mapping[str, Any], calendar: str, language: str) -> str | None:
    """The month line of ``day`` (the almanac's JSON shape) in ``calendar`` for a reader of
    ``language``; None when the day carries no ``calendars`` (a value stored before them)
    or ``calendar`` is none of the solar ones or ``amanta``."""
    calendars = day.get("calendars")
    if not isinstance(calendars, Mapping):
        return None
    from lokpanchang.almanac.calendars.kinds import Calendar  # the almanac's tables, on use

    if calendar in SOLAR_KINDS:
        return _solar(calendars, Calendar(calendar), language)
    if calendar == Calendar.AMANTA:
        return _amanta(calendars, language)
    return None


def _solar(calendars: Mapping[str, Any], kind: Any, language: str) -> str | None:
    from lokpanchang.almanac.calendars import eras, names
    from lokpanchang.almanac.names import label

    entry = calendars.get(str(kind))
    if not isinstance(entry, Mapping) or not _numbers(entry, "month_number", "day", "year"):
        return None
    said = CALENDAR_WORDS[text_language(language)]
    month = names.month_name(kind, entry["month_number"], language)
    if kind == "tamil":
        year_name = label("samvatsara", eras.samvatsara(entry["year"]), language)
        year = said["year_named"].format(name=year_name)
    else:
        era = names.era_name(eras.SOLAR_ERAS[kind].era, language)
        year = said["era_year"].format(era=era, year=entry["year"])
    return f"{month} {entry['day']}, {year}"


def _amanta(calendars: Mapping[str, Any], language: str) -> str | None:
    from lokpanchang.almanac.calendars import eras
    from lokpanchang.almanac.names import label

    month, vikram, shaka = (calendars.get(key) for key in ("amanta", "vikram_samvat", "shaka"))
    if not (
        isinstance(month, Mapping)
        and isinstance(vikram, Mapping)
        and isinstance(shaka, Mapping)
        and _numbers(month, "month_number")
        and _numbers(vikram, "kartikadi")
        and _numbers(shaka, "year")
    ):
        return None
    said = words(language)
    name = label("masa", month["month_number"], language)
    if month.get("adhika"):
        name = f"{label('adhika', 1, language)} {name}"
    if text_language(language) == "gu":
        return f"{name}, {said['samvat']} {vikram['kartikadi']}"
    samvatsara = label("samvatsara", eras.samvatsara(shaka["year"]), language)
    return f"{name}, {said['shaka']} {shaka['year']} {samvatsara}"


def _numbers(entry: Mapping[str, Any], *keys: str) -> bool:
    return all(
        isinstance(entry.get(key), int) and not isinstance(entry.get(key), bool) for key in keys
    )
