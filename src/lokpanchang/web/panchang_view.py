"""The public page's panchangam as labelled facts, every word in the reader's language.

``facts(day, language)`` turns the almanac's ``to_dict()`` into (label, value) pairs; the
labels and connecting words come from the language registry, the names from the almanac
(computed in the reader's language), so a Tamil page holds no English word.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from lokpanchang import languages
from lokpanchang.almanac.names import label
from lokpanchang.messages.minutes import nearest_minute
from lokpanchang.messages.places import zone_label

NONE = "—"
POLAR_WITHOUT_SUNRISE = ("polar_day", "polar_night")
KALAMS = ("rahu_kalam", "yamaganda", "gulika")
WEDNESDAY = 4  # vara numbers count from 1 = Sunday
ELEMENTS = ("tithi", "nakshatra", "yoga", "karana")


def hhmm(value: str | None, day: str = "") -> str:
    """``HH:MM`` (rounded half-up) of an ISO instant in its own offset, marked +1 when it
    falls on the next day."""
    if not value:
        return NONE
    instant = nearest_minute(datetime.fromisoformat(value))
    later = day and instant.date().isoformat() > day
    return instant.strftime("%H:%M") + (" (+1)" if later else "")


def facts(day: dict, language: str) -> list[tuple[str, str]]:
    """The day's panchangam as (label, value) pairs in ``language``, in the almanac's order."""
    words = languages.words(language)
    return [
        (words["vara"], _name(day.get("vara"))),
        (f"{words['sunrise']} / {words['sunset']}", _daylight(day, words)),
        (f"{words['moonrise']} / {words['moonset']}", _pair(day, "moonrise", "moonset")),
        *((words[kind], _sequence(day, kind, words)) for kind in ELEMENTS),
        *((words[kind], _kalam(day, day.get(kind), words)) for kind in KALAMS),
        (words["abhijit"], _abhijit(day, words)),
        (words["durmuhurta"], _durmuhurta(day, words)),
        (words["masa"], _masa(day.get("masa") or {}, words, language)),
        *_years(day.get("samvat") or {}, words),
        (
            f"{words['ritu']} / {words['ayana']}",
            f"{_name(day.get('ritu'))} / {day.get('ayana') or NONE}",
        ),
    ]


def polar_note(day: dict, language: str) -> str:
    """Why the day has no sunrise, sunset or next sunrise (the polar rule), or ""."""
    words, polar = languages.words(language), day.get("polar")
    if polar in POLAR_WITHOUT_SUNRISE:
        return f"{words['sunrise']} / {words['sunset']}: {words[polar]}"
    if polar == "no_sunset":
        return f"{words['sunset']}: {words['no_sunset']}"
    return words.get(str(polar), "") if polar else ""


def times_note(day: dict, language: str) -> str:
    """Which zone the times are in and when the day ends, in ``language``."""
    words, zone = languages.words(language), zone_label(day.get("timezone"))
    if day.get("polar") in POLAR_WITHOUT_SUNRISE:
        return words["times_note_polar"].format(zone=zone)
    # The next sunrise is tomorrow by definition: no (+1) mark inside the parentheses.
    return words["times_note"].format(zone=zone, time=hhmm(day.get("next_sunrise")))


def convention_note(day: dict, language: str) -> str:
    """How the day was reckoned (its almanac convention), in ``language``."""
    return languages.words(language)[f"convention_{day.get('convention', 'drik')}"]


def _name(named: object) -> str:
    return str(named.get("name") or NONE) if isinstance(named, dict) else NONE


def _pair(day: dict, first: str, second: str) -> str:
    return f"{hhmm(day.get(first), day['date'])} / {hhmm(day.get(second), day['date'])}"


def _daylight(day: dict, words: Mapping[str, str]) -> str:
    polar = day.get("polar")
    if polar in POLAR_WITHOUT_SUNRISE and not day.get("sunrise"):
        return words[polar]
    if polar == "no_sunset" and not day.get("sunset"):
        return f"{hhmm(day.get('sunrise'), day['date'])} / {words['no_sunset']}"
    return _pair(day, "sunrise", "sunset")


def _sequence(day: dict, kind: str, words: Mapping[str, str]) -> str:
    """``Name till HH:MM; then Next till HH:MM`` with the nakshatra's pada."""
    entries = []
    for entry in day.get(kind) or []:
        name = entry.get("name", "")
        if entry.get("pada"):
            name = f"{name} ({words['pada']} {entry['pada']})"
        entries.append(words["until"].format(name=name, time=hhmm(entry.get("end"), day["date"])))
    return f"; {words['then']} ".join(entries) or NONE


def _kalam(day: dict, span: object, words: Mapping[str, str]) -> str:
    if isinstance(span, dict):
        return f"{hhmm(span.get('start'), day['date'])}–{hhmm(span.get('end'), day['date'])}"
    return words["no_kalam"] if day.get("polar") else NONE


def _abhijit(day: dict, words: Mapping[str, str]) -> str:
    """Abhijit's span; on a Wednesday, that there is none (its durmuhurta is that muhurta)."""
    vara = day.get("vara")
    if day.get("abhijit") is None and isinstance(vara, dict) and vara.get("number") == WEDNESDAY:
        return words["no_abhijit"]
    return _kalam(day, day.get("abhijit"), words)


def _durmuhurta(day: dict, words: Mapping[str, str]) -> str:
    spans = [_kalam(day, span, words) for span in day.get("durmuhurta") or []]
    return ", ".join(spans) or _kalam(day, None, words)


def _masa(masa: dict, words: Mapping[str, str], language: str) -> str:
    if not masa:
        return NONE
    text = (
        f"{_name(masa.get('amanta'))} ({words['amanta']}), "
        f"{_name(masa.get('purnimanta'))} ({words['purnimanta']})"
    )
    if masa.get("adhika"):
        return f"{text}, {label('adhika', 1, language)}"
    return f"{text}, {words['kshaya']}" if masa.get("kshaya") else text


def _years(samvat: dict, words: Mapping[str, str]) -> list[tuple[str, str]]:
    if not samvat:
        return []
    vikram = " ".join(
        str(part) for part in (samvat.get("vikram"), samvat.get("samvatsara")) if part
    )
    return [(words["shaka"], str(samvat.get("shaka", NONE))), (words["samvat"], vikram)]
