"""The daily panchangam as the WhatsApp template's body parameters, and as plain text.

Input is the almanac's JSON shape (``Panchangam.to_dict()``, issue 3): times are ISO 8601
local times with the zone's offset at that instant; element lists run from sunrise to the
next sunrise, the first entry being the one in force at sunrise.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from typing import Any

from lokpanchang.languages import months, words
from lokpanchang.messages.calendar_line import month_line
from lokpanchang.messages.languages import DAILY_TEMPLATE_BODIES, text_language
from lokpanchang.messages.minutes import nearest_minute
from lokpanchang.messages.observance_lines import (
    DAILY_TEMPLATE_BODIES_V2,
    today_line,
    tomorrow_line,
)
from lokpanchang.messages.places import FAR_KM, place_label
from lokpanchang.messages.rules import (
    MAX_BODY_CHARS,
    check_rendering,
    clean_parameter,
    placeholder_count,
    substitute,
    truncate,
)

DAILY_TEMPLATE_BODY = DAILY_TEMPLATE_BODIES["en"]
DAILY_PARAMETER_COUNT = placeholder_count(DAILY_TEMPLATE_BODY)
NEXT_DAY = "+1"  # after a time on the next civil day, in every language
# The almanac's ``polar`` flags (``almanac.daylight``) that the message explains; each is
# also the key of its explanation in the registry's words.
POLAR_WITHOUT_SUNRISE = ("polar_day", "polar_night")
NO_SUNSET = "no_sunset"
# Readers whose body reads "Rahu Kalam / Nalla Neram" (Gowri Panchangam's good times).
NALLA_NERAM_READERS = ("ta",)


@dataclass(frozen=True)
class RenderedMessage:
    """Template body parameters (single-line, in order) and the same message as plain text.

    Unpacks as ``parameters, text`` (the broadcast's ``Rendered`` pair).
    """

    parameters: tuple[str, ...]
    text: str
    language: str
    version: int = 1  # template version (observance_lines.template_version)

    def __iter__(self) -> Iterator[Any]:
        return iter((self.parameters, self.text))


def template_body(language: str, version: int = 1) -> str:
    """The registered body for ``language`` (template ``version`` 1 or 2); languages
    without their own use English."""
    bodies = DAILY_TEMPLATE_BODIES_V2 if version == 2 else DAILY_TEMPLATE_BODIES
    return bodies[text_language(language)]


def render_daily(
    panchangam: Any,
    language: str = "en",
    place: str = "",
    distance_km: float = 0.0,
    version: int = 1,
    calendar: str = "",
) -> RenderedMessage:
    """Render a panchangam (dict of issue 3's shape, or an object with ``to_dict()``).

    Names are given in ``language``: from the almanac's name tables by element number when
    ``lokpanchang.almanac.names`` is installed, else an element's ``names[language]``, else
    its ``name`` as computed. ``place`` overrides the dict's ``city``; ``distance_km`` is
    the subscriber's distance from it (km), said when it is far (``places.place_label``).
    On a polar day the sunrise and rahu kalam say why there are none. ``version`` 2 adds
    the observance lines (``observance_lines``). ``calendar`` (an ``almanac.calendars``
    ``Calendar`` value) chooses the month line's calendar (``calendar_line``); empty or
    ``purnimanta``, the purnimanta month and Vikram Samvat. Renderings of the
    same (hashable, immutable) ``Panchangam`` are memoised: a broadcast renders one
    place's day for each of its subscribers.
    """
    distance = round(distance_km) if distance_km > FAR_KM else 0
    if not isinstance(panchangam, dict):
        try:
            return _render_cached(panchangam, language, place, distance, version, calendar)
        except TypeError:  # an unhashable object: render it afresh
            pass
    return _render(panchangam, language, place, distance, version, calendar)


@lru_cache(maxsize=4096)
def _render_cached(
    panchangam: Any, language: str, place: str, distance: int, version: int, calendar: str
) -> RenderedMessage:
    return _render(panchangam, language, place, distance, version, calendar)


def _render(
    panchangam: Any, language: str, place: str, distance: int, version: int, calendar: str
) -> RenderedMessage:
    day = _as_dict(panchangam, language)
    raw = _raw_parameters(day, language, place, distance, calendar)
    if version == 2:
        lang = text_language(language)
        raw += [today_line(day, lang, _parse_date(day.get("date"))), tomorrow_line(day, lang)]
    body = template_body(language, version)
    parameters = _fit(body, tuple(clean_parameter(value) for value in raw))
    return RenderedMessage(parameters, check_rendering(body, parameters), language, version)


def check_daily(rendered: RenderedMessage) -> str:
    """The substituted body of ``rendered``, or TemplateRuleError naming the broken rule."""
    body = template_body(rendered.language, rendered.version)
    return check_rendering(body, rendered.parameters)


def _as_dict(panchangam: Any, language: str) -> dict[str, Any]:
    if isinstance(panchangam, dict):
        return panchangam
    try:
        day: dict[str, Any] = panchangam.to_dict(language=language)
    except TypeError:
        day = panchangam.to_dict()
    return day


def _raw_parameters(
    day: dict[str, Any], language: str, place: str, distance: int, calendar: str
) -> list[str]:
    said = words(language)
    local_date = _parse_date(day.get("date"))
    return [
        _heading(day, local_date, place_label(_place(day, place), distance, language), language),
        *(
            _sequence(kind, day.get(kind), local_date, language, said)
            for kind in ("tithi", "nakshatra", "yoga", "karana")
        ),
        _daylight(day, local_date, said),
        _kalam(day, local_date, said) + _nalla_neram(day, local_date, language, said),
        month_line(day, calendar, language) or _month_and_year(day, language, said),
    ]


def _place(day: dict[str, Any], place: str) -> str:
    return str(place or day.get("city") or day.get("place") or "")


def _heading(day: dict[str, Any], local_date: date | None, place: str, language: str) -> str:
    where = place or _coordinates(day)
    names = months(language)
    when = f"{local_date.day} {names[local_date.month - 1]} {local_date.year}" if local_date else ""
    weekday = _name("vara", day.get("vara"), language)
    return ", ".join(part for part in (f"{weekday} {when}".strip(), str(where or "")) if part)


def _coordinates(day: dict[str, Any]) -> str:
    try:
        lat, lon = float(day["latitude"]), float(day["longitude"])
    except (KeyError, TypeError, ValueError):
        return ""
    return f"{lat:.2f}°, {lon:.2f}°"  # signed degrees: no letter to translate


def _name(kind: str, element: Any, language: str) -> str:
    if not isinstance(element, dict):
        return ""
    from_tables = _label(kind, element.get("number"), language)
    if from_tables:
        return from_tables
    names = element.get("names")
    if isinstance(names, dict) and names.get(language):
        return str(names[language])
    return str(element.get("name") or "")


def _label(kind: str, number: Any, language: str) -> str:
    """The almanac's own name for element ``number`` of ``kind``, or "" when unavailable."""
    if not isinstance(number, int) or isinstance(number, bool):
        return ""
    # Imported here so that importing ``messages`` loads no ephemeris (see test_purity).
    from lokpanchang.almanac.names import label

    try:
        return label(kind, number, language)
    except ValueError:  # a language or number the tables do not know
        return ""


def _sequence(
    kind: str, entries: Any, local_date: date | None, language: str, words: Mapping[str, str]
) -> str:
    """``First till HH:MM, then Second``: the element at sunrise and the one after it.

    Tithi names carry their paksha already ("Krishna Pratipada"), as the almanac writes them.
    """
    if isinstance(entries, dict):
        entries = [entries]
    if not isinstance(entries, list) or not entries:
        return ""
    first = _entry_name(kind, entries[0], language)
    end = entries[0].get("end") if isinstance(entries[0], dict) else None
    text = words["until"].format(name=first, time=_clock(end, local_date, words)) if end else first
    if len(entries) > 1:
        text += f", {words['then']} {_entry_name(kind, entries[1], language)}"
    return text


def _entry_name(kind: str, entry: Any, language: str) -> str:
    name = _name(kind, entry, language)
    if isinstance(entry, dict) and entry.get("pada"):
        name = f"{name} ({entry['pada']})"
    return name


def _daylight(day: dict[str, Any], local_date: date | None, words: Mapping[str, str]) -> str:
    """``sunrise / sunset``; on a polar day or night, why there are none (the polar rule)."""
    polar = day.get("polar")
    if polar in POLAR_WITHOUT_SUNRISE and not day.get("sunrise"):
        return words[polar]
    sunrise, sunset = (_clock(day.get(event), local_date, words) for event in ("sunrise", "sunset"))
    if polar == NO_SUNSET and not day.get("sunset"):
        sunset = words[NO_SUNSET]
    return f"{sunrise} / {sunset}"


def _kalam(day: dict[str, Any], local_date: date | None, words: Mapping[str, str]) -> str:
    """Rahu kalam's span; without a sunrise and a sunset to divide, why there is none."""
    if not isinstance(day.get("rahu_kalam"), dict) and day.get("polar"):
        return words["no_kalam"]
    return _span(day.get("rahu_kalam"), local_date, words)


def _nalla_neram(
    day: dict[str, Any], local_date: date | None, language: str, words: Mapping[str, str]
) -> str:
    """`` / `` and Gowri Panchangam's good daytime parts, for readers whose body names Nalla
    Neram beside Rahu Kalam (Tamil); nothing without a sunrise and a sunset to divide."""
    if text_language(language) not in NALLA_NERAM_READERS:
        return ""
    # Imported here so that importing ``messages`` loads no ephemeris (see test_purity).
    from lokpanchang.almanac.gowri import nalla_neram

    try:
        sunrise, sunset = (datetime.fromisoformat(str(day[key])) for key in ("sunrise", "sunset"))
        weekday = int(day["vara"]["number"]) - 1
    except (KeyError, TypeError, ValueError):
        return ""  # no daytime to divide: the kalam's explanation says why
    spans = nalla_neram(weekday, sunrise, sunset)
    return " / " + ", ".join(
        f"{_clock(start.isoformat(), local_date, words)}-{_clock(end.isoformat(), local_date, words)}"
        for start, end in spans
    )


def _span(span: Any, local_date: date | None, words: Mapping[str, str]) -> str:
    if not isinstance(span, dict):
        return ""
    return f"{_clock(span.get('start'), local_date, words)}-{_clock(span.get('end'), local_date, words)}"


def _clock(value: Any, local_date: date | None, words: Mapping[str, str]) -> str:
    """``HH:MM`` of an ISO local time; ``(+1)`` when it falls after the panchangam's date."""
    try:
        instant = datetime.fromisoformat(str(value))
    except (TypeError, ValueError):
        return "-"
    instant = nearest_minute(instant)
    text = instant.strftime("%H:%M")
    if local_date and instant.date() > local_date:
        text += f" ({NEXT_DAY})"
    return text


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _month_and_year(day: dict[str, Any], language: str, words: Mapping[str, str]) -> str:
    masa = _mapping(day.get("masa"))
    month = _name("masa", masa.get("purnimanta") or masa.get("amanta"), language)
    if masa.get("adhika"):
        month = f"{_label('adhika', 1, language) or 'Adhika'} {month}"
    samvat = _mapping(day.get("samvat"))
    # The dict carries the samvatsara's name as computed (English); its number names it in
    # the reader's language.
    samvatsara = _label("samvatsara", samvat.get("samvatsara_number"), language) or samvat.get(
        "samvatsara"
    )
    year = " ".join(str(part) for part in (samvat.get("vikram"), samvatsara) if part)
    return ", ".join(part for part in (month, f"{words['samvat']} {year}" if year else "") if part)


def _parse_date(value: Any) -> date | None:
    try:
        return date.fromisoformat(str(value))
    except (TypeError, ValueError):
        return None


def _fit(body: str, parameters: tuple[str, ...]) -> tuple[str, ...]:
    """Shorten the longest parameters until the substituted body fits in 1,024 characters."""
    fixed = len(substitute(body, tuple("" for _ in parameters)))
    budget = MAX_BODY_CHARS - fixed
    lengths = [len(p) for p in parameters]
    while sum(lengths) > budget:
        longest = max(range(len(lengths)), key=lengths.__getitem__)
        lengths[longest] = max(1, lengths[longest] - max(1, (sum(lengths) - budget)))
    return tuple(clean_parameter(truncate(p, n)) for p, n in zip(parameters, lengths, strict=True))


def plain_text(rendered: RenderedMessage) -> str:
    """The message as free text, for replies inside the 24-hour customer-service window."""
    return rendered.text
