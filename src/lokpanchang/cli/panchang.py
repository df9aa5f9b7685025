"""`lokpanchang panchang --lat LAT --lon LON [--tz ZONE] [--date YYYY-MM-DD] [--days N]
[--lang CODE] [--convention drik|astronomical] [--json]`."""

from __future__ import annotations

import math
from datetime import date, datetime, timedelta

import orjson

from lokpanchang import languages
from lokpanchang.almanac import Convention, MoonRisingMode, Panchangam, RisingMode
from lokpanchang.almanac.convention import NAMES, convention_named
from lokpanchang.almanac_service import panchangam_for
from lokpanchang.cli import CommandError, summary
from lokpanchang.messages.minutes import nearest_minute


def register(subparsers) -> None:
    parser = subparsers.add_parser("panchang", help=summary("panchang"))
    parser.add_argument("--lat", required=True, help="latitude in degrees, north positive")
    parser.add_argument("--lon", required=True, help="longitude in degrees, east positive")
    parser.add_argument("--tz", help="IANA time zone (default: the zone at the coordinates)")
    parser.add_argument("--date", help="YYYY-MM-DD (default: today in that zone)")
    parser.add_argument(
        "--days",
        help=f"consecutive days from --date, 1..{MAX_DAYS} (JSON: an array; else a month table)",
    )
    parser.add_argument(
        "--lang", default="en", help=f"language of the names: {', '.join(languages.CODES)}"
    )
    add_convention_option(parser)
    parser.add_argument(
        "--rising",
        help=f"sunrise definition: {', '.join(RisingMode.ALL)} (default: the convention's)",
    )
    parser.add_argument(
        "--moon-rising",
        default=MoonRisingMode.UPPER_LIMB,
        help=(
            f"moonrise definition: {', '.join(MoonRisingMode.ALL)} "
            f"(default {MoonRisingMode.UPPER_LIMB})"
        ),
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a page")
    parser.set_defaults(handler=_panchang)


MAX_DAYS = 400


def add_convention_option(parser) -> None:
    """``--convention NAME`` (default: ALMANAC_CONVENTION's, drik unless set)."""
    parser.add_argument(
        "--convention",
        help=f"almanac convention: {', '.join(NAMES)} (default: ALMANAC_CONVENTION, drik)",
    )


def convention_option(args) -> Convention:
    """The ``--convention`` chosen, else the configured one; CommandError naming a bad one."""
    if args.convention is None:
        return args.services().convention
    try:
        return convention_named(args.convention)
    except ValueError as exc:
        raise CommandError(f"--convention: {exc}") from None


def _panchang(args) -> int:
    latitude = degrees("--lat", args.lat, 90.0)
    longitude = degrees("--lon", args.lon, 180.0)
    day, count = _date(args.date), _days(args.days)
    options = {
        "lang": args.lang,
        "convention": convention_option(args),
        "rising": args.rising,
        "moon_rising": args.moon_rising,
    }
    try:
        first = panchangam_for(latitude, longitude, args.tz, day, **options)
        found = [first] + [
            panchangam_for(
                latitude, longitude, first.timezone, first.date + timedelta(n), **options
            )
            for n in range(1, count)
        ]
    except ValueError as exc:
        raise CommandError(str(exc)) from exc
    print(_output(found, args.json, many=args.days is not None))
    return 0


def _output(found: list[Panchangam], as_json: bool, many: bool) -> str:
    """One day's JSON object or page; with ``--days``, a JSON array or a month table."""
    if as_json:
        shown = [p.to_dict() for p in found] if many else found[0].to_dict()
        # orjson: the same text as json.dumps(ensure_ascii=False, indent=2), whose indented
        # form is pure Python and was half the time of a year (``bench/almanac/days.py``).
        return orjson.dumps(shown, option=orjson.OPT_INDENT_2).decode()
    return render_month(found) if many else render_page(found[0])


def _days(text: str | None) -> int:
    if text is None:
        return 1
    try:
        count = int(text)
    except ValueError:
        raise CommandError(f"--days {text!r} is not a whole number of days") from None
    if not 1 <= count <= MAX_DAYS:
        raise CommandError(f"--days {count} is outside 1..{MAX_DAYS}")
    return count


def degrees(option: str, text: str, limit: float) -> float:
    """``text`` as degrees within +-``limit``, else CommandError naming the option."""
    try:
        value = float(text)
    except ValueError:
        raise CommandError(f"{option} {text!r} is not a number of degrees") from None
    if not math.isfinite(value) or abs(value) > limit:
        raise CommandError(f"{option} {text!r} is outside -{limit:g}..{limit:g} degrees")
    return value


def _date(text: str | None) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise CommandError(f"--date {text!r} is not a date like 2026-11-29") from None


def _clock(instant: datetime | None, day: date) -> str:
    if instant is None:
        return "none"
    instant = nearest_minute(instant)
    text = instant.strftime("%H:%M")
    return text if instant.date() == day else f"{text} ({instant.strftime('%b %d')})"


def _elements(title: str, entries, day: date) -> list[str]:
    lines = []
    for index, entry in enumerate(entries):
        extra = f" pada {entry.pada}" if entry.pada and index == 0 else ""
        lines.append(
            f"  {title if index == 0 else '':<11}{entry.name + extra:<28}"
            f"until {_clock(entry.end, day)}"
        )
    return lines


def _interval(title: str, interval, day: date, none: str = "no sunrise or sunset") -> str:
    if interval is None:
        return f"  {title:<11}none ({none})"
    return f"  {title:<11}{_clock(interval.start, day)} - {_clock(interval.end, day)}"


def _no_abhijit(panchangam: Panchangam) -> str:
    if panchangam.sunrise is None or panchangam.sunset is None:
        return "no sunrise or sunset"
    return "on Wednesdays its muhurta is the durmuhurta"


def render_page(panchangam: Panchangam) -> str:
    """A readable page for a terminal (English headings, names in the chosen language)."""
    day = panchangam.date
    place = panchangam.city or f"{panchangam.latitude:.4f}, {panchangam.longitude:.4f}"
    masa = panchangam.masa
    lines = [
        f"Panchangam for {day.isoformat()} ({panchangam.vara.name}), {place} "
        f"[{panchangam.timezone}]",
        f"  {'Sunrise':<11}{_clock(panchangam.sunrise, day)}    "
        f"Sunset {_clock(panchangam.sunset, day)}    "
        f"Next sunrise {_clock(panchangam.next_sunrise, day)}",
        f"  {'Moonrise':<11}{_clock(panchangam.moonrise, day)}    "
        f"Moonset {_clock(panchangam.moonset, day)}",
    ]
    if panchangam.polar:
        lines.append(
            f"  Polar rule: {panchangam.polar.replace('_', ' ')}; the day runs "
            f"{_clock(panchangam.day_start, day)} to {_clock(panchangam.day_end, day)}"
        )
    for title, kind in (
        ("Tithi", "tithi"),
        ("Nakshatra", "nakshatra"),
        ("Yoga", "yoga"),
        ("Karana", "karana"),
    ):
        lines += _elements(title, getattr(panchangam, kind), day)
    lines += [
        _interval("Rahu kalam", panchangam.rahu_kalam, day),
        _interval("Yamaganda", panchangam.yamaganda, day),
        _interval("Gulika", panchangam.gulika, day),
        _interval("Abhijit", panchangam.abhijit, day, _no_abhijit(panchangam)),
    ]
    lines += [_interval("Durmuhurta", item, day) for item in panchangam.durmuhurta]
    month_mark = " (adhika)" if masa.adhika else " (kshaya)" if masa.kshaya else ""
    lines += [
        f"  {'Month':<11}{masa.amanta.name}{month_mark} (amanta), {masa.purnimanta.name} "
        f"(purnimanta)",
        f"  {'Year':<11}Shaka {panchangam.samvat.shaka}, Vikram {panchangam.samvat.vikram}, "
        f"{panchangam.samvat.samvatsara.name}",
        f"  {'Season':<11}{panchangam.ritu.name}, {panchangam.ayana.name}",
    ]
    return "\n".join(lines + _observance_lines(panchangam) + _muhurta_lines(panchangam))


def _observance_lines(panchangam: Panchangam) -> list[str]:
    day = panchangam.date
    lines = []
    for item in panchangam.observances:
        tradition = f" ({item.tradition.value})" if item.tradition else ""
        parana = ""
        if item.parana is not None:
            parana = f"; parana {_clock(item.parana.start, day)} - {_clock(item.parana.end, day)}"
        moonrise = f"; moonrise {_clock(item.moonrise, day)}" if item.moonrise else ""
        lines.append(f"  {'Today':<11}{item.name}{tradition}{parana}{moonrise}")
    for item in panchangam.parana_today:
        assert item.parana is not None
        window = f"{_clock(item.parana.start, day)} - {_clock(item.parana.end, day)}"
        lines.append(f"  {'Parana':<11}{window} ({item.name})")
    lines += [f"  {'Tomorrow':<11}{item.name}" for item in panchangam.observances_tomorrow]
    return lines


def _muhurta_lines(panchangam: Panchangam) -> list[str]:
    found, day = panchangam.muhurtas, panchangam.date
    if found is None:
        return []
    lines = [
        _interval("Brahma", found.brahma_muhurta, day),
        _interval("Pradosha", found.pradosha, day),
        _interval("Nishita", found.nishita, day),
    ]
    lines += [_interval("Amrit", item, day) for item in found.amrit_kalam]
    lines += [_interval("Varjyam", item, day) for item in found.varjyam]
    for title, signs in (("Moon sign", found.chandra_rashi), ("Sun sign", found.surya_rashi)):
        text = ", then ".join(
            f"{sign.name} until {_clock(sign.until, day)}" if sign.until else sign.name
            for sign in signs
        )
        lines.append(f"  {title:<11}{text}")
    for title, periods in (
        ("Choghadiya", found.choghadiya_day),
        ("(night)", found.choghadiya_night),
        ("Gowri", found.gowri_day),
        ("(night)", found.gowri_night),
    ):
        text = ", ".join(f"{p.name} {_clock(p.start, day)}" for p in periods)
        lines.append(f"  {title:<11}{text or 'none (no sunrise or sunset)'}")
    hora = ", ".join(f"{p.name} {_clock(p.start, day)}" for p in found.hora[:12])
    lines.append(f"  {'Hora':<11}{hora or 'none (no sunrise or sunset)'}")
    return lines


_MONTH_COLUMNS = ("Date", "Day", "Sunrise", "Sunset", "Tithi", "Nakshatra", "Yoga", "Moon sign")


def render_month(days: list[Panchangam]) -> str:
    """Consecutive days as one table, as drikpanchang.com's month page lays them out: each
    element is the one at sunrise and the time it ends, in 24-plus notation ("29:29+" is
    05:29 the next day; no time: it lasts past the next sunrise); then the day's
    observances."""
    first = days[0]
    place = first.city or f"{first.latitude:.4f}, {first.longitude:.4f}"
    rows = [_month_row(day) for day in days]
    widths = [max(len(row[i]) for row in [_MONTH_COLUMNS, *rows]) for i in range(8)]
    lines = [
        f"Panchangam {first.date.isoformat()} - {days[-1].date.isoformat()}, {place} "
        f"[{first.timezone}], convention {first.convention}",
        "  ".join(title.ljust(width) for title, width in zip(_MONTH_COLUMNS, widths)),
    ]
    for day, row in zip(days, rows):
        line = "  ".join(cell.ljust(width) for cell, width in zip(row, widths))
        names = ", ".join(item.name for item in day.observances)
        lines.append(f"{line}  {names}".rstrip())
    return "\n".join(lines)


def _month_row(day: Panchangam) -> tuple[str, ...]:
    moon = day.muhurtas.chandra_rashi[0] if day.muhurtas else None
    return (
        day.date.isoformat(),
        day.date.strftime("%a"),
        _plus(day.sunrise, day.date),
        _plus(day.sunset, day.date),
        *(_until(getattr(day, kind)[0], day) for kind in ("tithi", "nakshatra", "yoga")),
        f"{moon.name} {_plus(moon.until, day.date)}".rstrip() if moon else "",
    )


def _until(entry, day: Panchangam) -> str:
    ends_today = day.next_sunrise is not None and entry.end < day.next_sunrise
    return f"{entry.name} {_plus(entry.end, day.date)}" if ends_today else entry.name


def _plus(instant: datetime | None, day: date) -> str:
    """``HH:MM`` past ``day``'s midnight (rounded half-up), ``+`` marking the next day."""
    if instant is None:
        return ""
    shown = nearest_minute(instant)
    hours = shown.hour + 24 * (shown.date() - day).days
    return f"{hours:02d}:{shown.minute:02d}{'+' if hours >= 24 else ''}"
