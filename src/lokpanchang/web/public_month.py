"""The public page's month view: each day of a month with the place's observances, every
day linking to that day's page (issue 10)."""

from __future__ import annotations

import calendar
from datetime import date

from flask import Blueprint, render_template, request

from lokpanchang import clock, languages
from lokpanchang.web import app_settings, integrations
from lokpanchang.web.public import LANGUAGE_NAMES, SEARCH_LIMIT, observance_words

bp = Blueprint("public_month", __name__)  # security headers: app-wide (web/__init__.py)

Week = list[tuple[date, list[dict]] | None]


@bp.get("/panchang/month")
def month():
    language = _language()
    place = request.args.get("place", "").strip() or app_settings().public_default_place
    pick = _number(request.args.get("pick"))
    words = languages.words(language)
    context: dict = {
        "place": place,
        "pick": pick,
        "language": language,
        "page_lang": language,
        "words": words,
        "obs_words": observance_words(language),
        "languages": languages.CODES,
        "language_names": LANGUAGE_NAMES,
        "weeks": [],
        "first": None,
        "chosen": None,
        "problem": None,
    }
    matches = integrations.search_places(place, limit=SEARCH_LIMIT)
    if not matches:
        context["problem"] = words["no_place"].format(query=place)
        return render_template("public/month.html", **context), 404
    chosen = context["chosen"] = matches[pick] if pick < len(matches) else matches[0]
    first = _month(request.args.get("month", ""), chosen.timezone)
    if first is None:
        context["problem"] = f"month {request.args.get('month')!r} is not a month like 2026-11"
        return render_template("public/month.html", **context), 400
    items = integrations.month_observances(
        chosen.latitude, chosen.longitude, chosen.timezone, first, language
    )
    context.update(first=first, weeks=month_weeks(first, items))
    return render_template("public/month.html", **context)


def _language() -> str:
    wanted = request.args.get("lang") or ""
    return wanted if languages.is_supported(wanted) else languages.DEFAULT


def _number(text: str | None) -> int:
    try:
        return max(0, int(text or 0))
    except ValueError:
        return 0


def _month(text: str, zone: str) -> date | None:
    """The month's first day (this month in the place's zone if none), or None if bad."""
    from zoneinfo import ZoneInfo

    if not text:
        return clock.now().astimezone(ZoneInfo(zone)).date().replace(day=1)
    try:
        first = date.fromisoformat(f"{text}-01")
    except ValueError:
        return None
    low, high = integrations.SUPPORTED_YEARS
    return first if low <= first.year <= high else None


def month_weeks(first: date, items: list[dict]) -> list[Week]:
    """Weeks (Sunday first) of the month, each day with its observances; None pads."""
    by_day: dict[str, list[dict]] = {}
    for item in items:
        by_day.setdefault(item["date"], []).append(item)
    weeks = calendar.Calendar(firstweekday=6).monthdatescalendar(first.year, first.month)
    return [
        [
            (day, by_day.get(day.isoformat(), [])) if day.month == first.month else None
            for day in week
        ]
        for week in weeks
    ]
