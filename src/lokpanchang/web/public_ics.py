"""``GET /ics?lat=..&lon=..&lang=..``: the observances of a place for the coming year, as an
iCalendar feed a calendar app subscribes to (issue 14, item 6). Bad input answers 400 with a
message naming the value."""

from __future__ import annotations

import math
from datetime import timedelta
from zoneinfo import ZoneInfo

from flask import Blueprint, Response, request

from lokpanchang import clock, languages
from lokpanchang.messages.ics import calendar_text
from lokpanchang.web import integrations

bp = Blueprint("public_ics", __name__)  # security headers: app-wide (web/__init__.py)

FEED_DAYS = 365


@bp.get("/ics")
def ics() -> Response:
    try:
        latitude = _degrees("lat", 90)
        longitude = _degrees("lon", 180)
        language = _language()
    except ValueError as exc:
        return Response(f"{exc}\n", 400, mimetype="text/plain")
    latitude, longitude = round(latitude, 2), round(longitude, 2)  # ~1 km: one feed per town
    place = integrations.place_at(latitude, longitude)
    first = clock.now().astimezone(ZoneInfo(place.timezone)).date()
    items = integrations.observances_from(
        latitude, longitude, place.timezone, first, first + timedelta(days=FEED_DAYS), language
    )
    name = f"Lokpanchang · {place.city}"
    body = calendar_text(items, name, language, clock.now())
    response = Response(body, mimetype="text/calendar")
    response.headers["Content-Disposition"] = 'inline; filename="lokpanchang.ics"'
    return response


def _degrees(name: str, limit: float) -> float:
    text = request.args.get(name, "")
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{name}={text!r} is not a number of degrees, e.g. {name}=28.61") from None
    if not math.isfinite(value) or abs(value) > limit:
        raise ValueError(f"{name}={text!r} is outside -{limit:g}..{limit:g}")
    return value


def _language() -> str:
    wanted = request.args.get("lang") or languages.DEFAULT
    if not languages.is_supported(wanted):
        raise ValueError(f"lang={wanted!r} is not one of {', '.join(languages.CODES)}")
    return wanted
