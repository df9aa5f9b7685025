"""``GET /card.png?place=..&date=..&lang=..``: the day's card for a place (issue 27, item 4).

The same card the subscribers there get, from the same cache (``card_cache``, on disk),
rendered within the public pages' bound (``public_work``) when it is not there yet. Bad
input answers 400 naming the value; ``pick`` chooses among places of the same name and
``calendar`` the month line's calendar, as on the public page.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from zoneinfo import ZoneInfo

from flask import Blueprint, Response, request

from lokpanchang import clock, languages
from lokpanchang.almanac.calendars.kinds import default_calendar
from lokpanchang.web import app_settings, integrations

bp = Blueprint("public_card", __name__)  # security headers: app-wide (web/__init__.py)

CARD_MAX_AGE = 3600  # s: a browser or proxy may keep a card an hour
SEARCH_LIMIT = 8


@dataclass(frozen=True)
class Asked:
    """The query as written."""

    place: str
    pick: str
    date: str
    language: str
    calendar: str


@bp.get("/card.png")
def card_png() -> Response:
    asked = Asked(
        *(
            request.args.get(name, "").strip()
            for name in ("place", "pick", "date", "lang", "calendar")
        )
    )
    try:
        wanted = _resolved(asked)
    except ValueError as exc:
        return Response(f"{exc}\n", 400, mimetype="text/plain")
    settings = app_settings()
    png = integrations.cached_card(wanted, settings) or integrations.card(wanted, settings)
    response = Response(png, mimetype="image/png")
    response.headers["Cache-Control"] = f"public, max-age={CARD_MAX_AGE}"
    response.headers["Content-Disposition"] = f'inline; filename="{_file_name(wanted)}"'
    return response


def _resolved(asked: Asked) -> integrations.CardPlace:
    """The card asked for, or ValueError naming the value that cannot be."""
    language = _language(asked.language)
    chosen = _place(asked.place, asked.pick)
    return integrations.CardPlace(
        chosen.latitude,
        chosen.longitude,
        chosen.timezone,
        chosen.city,
        _date(asked.date, chosen.timezone),
        language,
        _calendar(asked.calendar, language, chosen),
    )


def _language(text: str) -> str:
    wanted = text or languages.DEFAULT
    if not languages.is_supported(wanted):
        raise ValueError(f"lang={wanted!r} is not one of {', '.join(languages.CODES)}")
    return wanted


def _place(text: str, pick_text: str):
    if not text:
        raise ValueError("place= is missing: name a town, e.g. place=Hyderabad")
    matches = integrations.search_places(text, limit=SEARCH_LIMIT)
    if not matches:
        raise ValueError(f"place={text!r}: no such place found; try a nearby town")
    try:
        pick = int(pick_text or 0)
    except ValueError:
        raise ValueError(f"pick={pick_text!r} is not a number (0 is the first match)") from None
    if not 0 <= pick < len(matches):
        raise ValueError(f"pick={pick_text!r}: place={text!r} has matches 0..{len(matches) - 1}")
    return matches[pick]


def _date(text: str, zone: str) -> date:
    if not text:
        return clock.now().astimezone(ZoneInfo(zone)).date()
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"date={text!r} is not a date like 2026-03-15") from None
    first, last = integrations.SUPPORTED_YEARS
    if not first <= day.year <= last:
        raise ValueError(f"date={text!r} is outside the years {first}..{last}")
    return day


def _calendar(text: str, language: str, chosen) -> str:
    if not text:
        return str(default_calendar(language, chosen.country_code, chosen.region))
    if text not in languages.CALENDARS:
        raise ValueError(f"calendar={text!r} is not one of {', '.join(languages.CALENDARS)}")
    return text


def _file_name(wanted: integrations.CardPlace) -> str:
    town = "".join(c for c in wanted.city if c.isascii() and c.isalnum()) or "place"
    return f"panchang-{town}-{wanted.day.isoformat()}-{wanted.language}.png"
