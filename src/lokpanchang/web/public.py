"""The public panchang page: today's panchangam for a place, in the reader's language.

It opens on the visitor's last choice (a cookie), else on ``PUBLIC_DEFAULT_PLACE``, for today
in the place's own zone; previous and next day are a link away. The language is the one asked
for, else the last chosen, else the browser's, else English. Every word comes from the
language registry. The message text is made by the broadcast's own content function (almanac +
messages renderer), so it reads exactly as a subscriber there would get it on WhatsApp.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Any
from urllib.parse import parse_qs, urlencode
from zoneinfo import ZoneInfo

from flask import Blueprint, render_template, request, url_for

from lokpanchang import clock, languages
from lokpanchang.almanac.calendars.kinds import default_calendar
from lokpanchang.messages.calendar_line import CALENDAR_WORDS
from lokpanchang.messages.languages import text_language
from lokpanchang.messages.observance_words import OBSERVANCE_WORDS
from lokpanchang.messages.places import distinct_labels, place_name, zone_label
from lokpanchang.places import Place, local_name
from lokpanchang.web import app_settings, integrations
from lokpanchang.web.channels import SIGNUP_TEMPLATES, every_morning_links
from lokpanchang.web.panchang_view import convention_note, facts, hhmm, polar_note, times_note

# Each language's own name for itself, so a reader finds theirs.
LANGUAGE_NAMES = {row.code: row.native_name for row in languages.LANGUAGES}
CHOICE_COOKIE = "lokpanchang_choice"
CHOICE_DAYS = 365
SEARCH_LIMIT = 8

bp = Blueprint("public", __name__)
bp.add_app_template_filter(hhmm, "hhmm")


@dataclass(frozen=True)
class Choice:
    """What the visitor asked for: a place (and which of its matches), a date, a language,
    and a calendar for the message's month line ("": the place's and language's default)."""

    place: str
    pick: int
    language: str
    day_text: str
    asked: bool  # the place came from the request itself, not the cookie or the default
    calendar: str = ""


@bp.get("/")
@bp.get("/panchang")
def panchang():
    choice = _choice()
    words = languages.words(choice.language)
    context = {
        "choice": choice,
        "words": words,
        "calendar_words": CALENDAR_WORDS[text_language(choice.language)],
        "calendar_choices": [],
        "languages": languages.CODES,
        "language_names": LANGUAGE_NAMES,
        "page_lang": choice.language,
        "skip_text": words["skip"],
        "links": every_morning_links(app_settings()),
        "signup_templates": SIGNUP_TEMPLATES,
        "matches": [],
        "day": None,
        "problem": None,
    }
    context.update(_look_up(choice, words))
    response = render_template("public/panchang.html", **context)
    if choice.asked and context["day"] is not None:
        return response, 200, {"Set-Cookie": _choice_cookie(choice)}
    return response


def _choice() -> Choice:
    remembered = _remembered()
    asked = request.args.get("place", "").strip()
    place = asked or remembered.get("place") or app_settings().public_default_place
    pick_text = request.args.get("pick") if asked else remembered.get("pick")
    return Choice(
        place=place,
        pick=_number(pick_text),
        language=_language(remembered.get("lang")),
        day_text=request.args.get("date", "").strip(),
        asked=bool(asked),
        calendar=request.args.get("calendar", remembered.get("calendar", "")).strip(),
    )


def _remembered() -> dict[str, str]:
    """The last choice from the cookie; one we did not write (too many fields) reads as none."""
    try:
        values = parse_qs(request.cookies.get(CHOICE_COOKIE, ""), max_num_fields=5)
    except ValueError:
        return {}
    return {key: found[0] for key, found in values.items() if found}


def _language(remembered: str | None) -> str:
    for wanted in (request.args.get("lang"), remembered):
        if wanted:
            return wanted if languages.is_supported(wanted) else languages.DEFAULT
    return request.accept_languages.best_match(languages.CODES) or languages.DEFAULT


def _number(text: str | None) -> int:
    try:
        return max(0, int(text or 0))
    except ValueError:
        return 0


def _choice_cookie(choice: Choice) -> str:
    fields = {"place": choice.place, "pick": choice.pick, "lang": choice.language}
    value = urlencode({**fields, "calendar": choice.calendar} if choice.calendar else fields)
    secure = "; Secure" if app_settings().environment == "production" else ""
    age = CHOICE_DAYS * 86400
    return f"{CHOICE_COOKIE}={value}; Max-Age={age}; Path=/; HttpOnly; SameSite=Lax{secure}"


def _look_up(choice: Choice, words: Mapping[str, str]) -> dict:
    matches = integrations.search_places(choice.place, limit=SEARCH_LIMIT)
    if not matches:
        return {"problem": words["no_place"].format(query=choice.place)}
    index = choice.pick if choice.pick < len(matches) else 0
    chosen = matches[index]
    found = {
        "matches": list(zip(matches, distinct_labels(matches, choice.language), strict=True)),
        "chosen": chosen,
        "choice": replace(choice, pick=index),
        "chosen_name": place_name(replace(chosen, city=_local(chosen, choice.language))),
        "zone_name": zone_label(chosen.timezone),
    }
    reading, problem = _calendar(choice, chosen)
    found["calendar_choices"] = calendar_choices(choice.language, chosen)
    day, problem = (None, problem) if problem else _date(choice.day_text, chosen.timezone, words)
    if problem or day is None:
        return {**found, "problem": problem}
    return {**found, **_day(chosen, day, choice.language, words, reading)}


def _local(chosen: Place, language: str) -> str:
    """The chosen town's name in the reader's script (``places.local_name``)."""
    return local_name(chosen.city, chosen.latitude, chosen.longitude, language)


def _calendar(choice: Choice, chosen) -> tuple[str, str | None]:
    """The calendar the message's month line uses, or why the asked one cannot be."""
    if not choice.calendar:
        return str(default_calendar(choice.language, chosen.country_code, chosen.region)), None
    if choice.calendar in languages.CALENDARS:
        return choice.calendar, None
    said = CALENDAR_WORDS[text_language(choice.language)]
    choices = ", ".join(languages.CALENDARS)
    return "", said["bad_calendar"].format(value=choice.calendar, choices=choices)


def calendar_choices(language: str, chosen) -> list[tuple[str, str]]:
    """(value, label) of the page's calendar choice: first the place's default, then each."""
    here = default_calendar(language, chosen.country_code, chosen.region)
    said = CALENDAR_WORDS[text_language(language)]
    default = said["this_place"].format(calendar=languages.calendar_name(language, here))
    named = [(value, languages.calendar_name(language, value)) for value in languages.CALENDARS]
    return [("", default), *named]


def _date(text: str, zone: str, words: Mapping[str, str]) -> tuple[date | None, str | None]:
    """The asked date (today in the place's own zone if none), or why it cannot be shown."""
    if not text:
        return clock.now().astimezone(ZoneInfo(zone)).date(), None
    try:
        day = date.fromisoformat(text)
    except ValueError:
        return None, words["bad_date"].format(value=text)
    first, last = integrations.SUPPORTED_YEARS
    if not first <= day.year <= last:
        return None, words["out_of_years"].format(value=text, first=first, last=last)
    return day, None


def _day(chosen, day: date, language: str, words: Mapping[str, str], calendar: str) -> dict:
    try:
        almanac = integrations.panchangam(
            chosen.latitude,
            chosen.longitude,
            chosen.timezone,
            day,
            chosen.city,
            language,
            app_settings().sunrise_convention,
        )
        # Exactly what the broadcast would send a subscriber there.
        where = (chosen.latitude, chosen.longitude, chosen.timezone)
        named = _local(chosen, language)
        message = integrations.public_message(language, *where, day, named, calendar=calendar)
    except ValueError:
        return {"problem": words["cannot_compute"]}
    shown = almanac.to_dict()
    return {
        "day": shown,
        "day_text": day.isoformat(),
        "message": message,
        "facts": facts(shown, language),
        "polar_note": polar_note(shown, language),
        "times_note": times_note(shown, language),
        "convention_note": convention_note(shown, language),
        "nearby_days": _nearby_days(day),
        "obs_words": observance_words(language),  # the observance and muhurta partials'
    }


def observance_words(language: str) -> Mapping[str, str]:
    """The observance and muhurta labels in ``language`` (English if it has none)."""
    return OBSERVANCE_WORDS[text_language(language)]


def _nearby_days(day: date) -> dict[str, str]:
    """The previous and next day's dates, where the almanac still computes them."""
    first, last = integrations.SUPPORTED_YEARS
    nearby = {}
    if day > date(first, 1, 1):
        nearby["previous_day"] = (day - timedelta(days=1)).isoformat()
    if day < date(last, 12, 31):
        nearby["next_day"] = (day + timedelta(days=1)).isoformat()
    return nearby


@bp.app_template_global("day_url")
def day_url(choice: Choice, day_text: str) -> str:
    """The page for ``day_text`` at the chosen place, in the chosen language."""
    values: dict[str, Any] = {
        "place": choice.place,
        "pick": choice.pick,
        "date": day_text,
        "lang": choice.language,
    }
    if choice.calendar:
        values["calendar"] = choice.calendar
    return url_for("public.panchang", **values)


@bp.app_template_global("card_url")
def card_url(choice: Choice, day_text: str) -> str:
    """The day's card (``/card.png``) at the chosen place, in the chosen language."""
    values: dict[str, Any] = {"place": choice.place, "pick": choice.pick, "date": day_text}
    values["lang"] = choice.language
    if choice.calendar:
        values["calendar"] = choice.calendar
    return url_for("public_card.card_png", **values)
