"""`lokpanchang festivals --year YYYY --lat LAT --lon LON [--tz ZONE] [--lang CODE] [--json]`."""

from __future__ import annotations

import json
import sys
from datetime import date
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from lokpanchang.almanac.names import SUPPORTED_LANGUAGES, check_language
from lokpanchang.almanac.observances import Calendar, Observance, Place, observances_between
from lokpanchang.cli import CommandError, summary
from lokpanchang.cli.panchang import add_convention_option, convention_option, degrees
from lokpanchang.messages.minutes import minute_text, nearest_minute

FIRST_YEAR, LAST_YEAR = 1900, 2100


def register(subparsers) -> None:
    parser = subparsers.add_parser("festivals", help=summary("festivals"))
    parser.add_argument("--year", required=True, help=f"{FIRST_YEAR}..{LAST_YEAR}")
    parser.add_argument("--lat", required=True, help="latitude in degrees, north positive")
    parser.add_argument("--lon", required=True, help="longitude in degrees, east positive")
    parser.add_argument("--tz", help="IANA time zone (default: the zone at the coordinates)")
    parser.add_argument(
        "--lang", default="en", help=f"language of the names: {', '.join(SUPPORTED_LANGUAGES)}"
    )
    add_convention_option(parser)
    parser.add_argument("--json", action="store_true", help="print a JSON array")
    parser.set_defaults(handler=_festivals)


def _festivals(args) -> int:
    year = _year(args.year)
    latitude = degrees("--lat", args.lat, 90.0)
    longitude = degrees("--lon", args.lon, 180.0)
    try:
        check_language(args.lang)
    except ValueError as exc:
        raise CommandError(f"--lang: {exc}") from None
    zone, convention = _zone(args.tz, latitude, longitude), convention_option(args)
    place = Place(latitude, longitude, zone, convention=convention)
    calendar = observances_between(place, date(year, 1, 1), date(year, 12, 31), args.lang)
    if args.json:
        print(json.dumps([item.to_dict() for item in calendar.observances], ensure_ascii=False))
    else:
        print(render_year(calendar, year))
    _report_gaps(calendar, to_stderr=args.json)
    return 0


def _year(text: str) -> int:
    try:
        year = int(text)
    except ValueError:
        raise CommandError(f"--year {text!r} is not a year like 2026") from None
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise CommandError(f"--year {year} is outside {FIRST_YEAR}..{LAST_YEAR}")
    return year


def _zone(name: str | None, latitude: float, longitude: float) -> ZoneInfo:
    if name is None:
        from lokpanchang.places.zones import zone_at

        name = zone_at(latitude, longitude)
        if name is None:
            raise CommandError(f"no time zone known at {latitude}, {longitude}; pass --tz")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise CommandError(f"--tz {name!r} is not an IANA time zone like Asia/Kolkata") from None


def _line(item: Observance) -> str:
    extra = f" ({item.tradition.value})" if item.tradition else ""
    if item.parana is not None:
        start, end = item.parana.start, item.parana.end
        extra += f"; parana {nearest_minute(start):%b %d %H:%M}-{minute_text(end)}"
    if item.moonrise is not None:
        extra += f"; moonrise {minute_text(item.moonrise)}"
    if item.moment is not None:
        extra += f"; at {nearest_minute(item.moment):%b %d %H:%M}"
    return f"{item.date:%Y-%m-%d %a}  {item.kind.value:<20} {item.name}{extra}"


def render_year(calendar: Calendar, year: int) -> str:
    """One line per observance, in date order."""
    lines = [f"Observances of {year} ({len(calendar.observances)})"]
    return "\n".join(lines + [_line(item) for item in calendar.observances])


def _report_gaps(calendar: Calendar, to_stderr: bool) -> None:
    if not calendar.gaps:
        return
    out = sys.stderr if to_stderr else sys.stdout
    print(
        f"Not given ({len(calendar.gaps)}), by the polar rule: the day has no "
        "sunrise, sunset or moonrise to decide them:",
        file=out,
    )
    for gap in calendar.gaps:
        print(f"  {gap.key} ({gap.name}) near {gap.near.isoformat()}: {gap.reason.value}", file=out)
