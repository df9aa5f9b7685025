"""The public panchang page: search a place, pick a date and a language, read the day.

The message text is made by the broadcast's own content function (almanac + messages renderer),
so it reads exactly as a subscriber there would get it on WhatsApp.
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from flask import Blueprint, render_template, request

from lokpanchang import clock
from lokpanchang.web import app_settings, integrations
from lokpanchang.web.security import add_security_headers

# Each language's own name for itself, so a reader finds theirs.
LANGUAGE_NAMES = {
    "en": "English",
    "hi": "हिन्दी",
    "sa": "संस्कृतम्",
    "ta": "தமிழ்",
    "te": "తెలుగు",
    "kn": "ಕನ್ನಡ",
    "ml": "മലയാളം",
    "mr": "मराठी",
    "gu": "ગુજરાતી",
    "bn": "বাংলা",
}

bp = Blueprint("public", __name__)
bp.after_request(add_security_headers)


@bp.get("/")
@bp.get("/panchang")
def panchang():
    language = _language()
    query = request.args.get("place", "").strip()
    context: dict[str, object] = {
        "query": query,
        "language": language,
        "languages": integrations.languages(),
        "language_names": LANGUAGE_NAMES,
        "day_text": request.args.get("date", ""),
        "page_lang": language,
        "matches": [],
        "chosen": None,
        "day": None,
        "message": None,
        "problem": None,
    }
    if query:
        context.update(_look_up(query, language, request.args.get("date", "")))
    return render_template("public/panchang.html", **context)


def _language() -> str:
    wanted = request.args.get("lang", "en")
    return wanted if wanted in integrations.languages() else "en"


def _look_up(query: str, language: str, day_text: str) -> dict:
    matches = integrations.search_places(query, limit=8)
    if not matches:
        return {"problem": f"No place called {query!r} was found. Try a nearby city."}
    chosen = _chosen(matches)
    found = {"matches": matches, "chosen": chosen}
    try:
        day = _date(day_text, chosen.timezone)
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
        message = integrations.daily_message(
            0, "", language, chosen.latitude, chosen.longitude, chosen.timezone, day, chosen.city
        )
    except ValueError as exc:
        return {**found, "problem": str(exc)}
    return {**found, "day": _as_dict(almanac), "message": message, "day_text": day.isoformat()}


def _chosen(matches: list):
    try:
        index = int(request.args.get("pick", "0"))
    except ValueError:
        index = 0
    return matches[index] if 0 <= index < len(matches) else matches[0]


def _date(text: str, zone: str) -> date:
    """The asked date, or today in the place's own zone."""
    if not text:
        return clock.now().astimezone(ZoneInfo(zone)).date()
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"date {text!r} is not a date like 2026-03-21") from None


@bp.app_template_filter("hhmm")
def hhmm(value: str | None, day: str = "") -> str:
    """``HH:MM`` of an ISO instant in its own offset, marked +1 when it falls on the next day."""
    if not value:
        return "—"
    instant = datetime.fromisoformat(value)
    later = day and instant.date().isoformat() > day
    return instant.strftime("%H:%M") + (" (+1)" if later else "")


def _as_dict(almanac) -> dict:
    return almanac.to_dict() if hasattr(almanac, "to_dict") else dict(almanac)
