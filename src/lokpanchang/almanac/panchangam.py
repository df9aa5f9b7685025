"""The day's panchangam for a place and a civil date: ``generate_panchangam_with_timezone``.

The Hindu day runs from sunrise to the next sunrise (see ``daylight`` for the polar rule).
Every element lists the one in force at sunrise and each change until the next sunrise.
Times are aware datetimes in the place's zone, with the offset in force at each instant.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from typing import Any, overload
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from lokpanchang.almanac import (
    daylight,
    elements,
    ephemeris,
    kalam,
    lunisolar,
    muhurtas,
    observances,
)
from lokpanchang.almanac.calendars import day as calendar_day
from lokpanchang.almanac.convention import DRIK, Convention
from lokpanchang.almanac.ephemeris import MoonRisingMode, RisingMode
from lokpanchang.almanac.model import (
    Element,
    Interval,
    Masa,
    Named,
    Panchangam,
    Samvat,
)
from lokpanchang.almanac.names import check_language, label
from lokpanchang.almanac.timescale import LocalTimes, jd_from_datetime

FIRST_YEAR, LAST_YEAR = 2, 2999
_ONE_DAY = timedelta(days=1)


def generate_panchangam_with_timezone(
    latitude: float,
    longitude: float,
    timezone: str | None = None,
    target_date: date | None = None,
    include_transitions: bool = True,
    city: str | None = None,
    *,
    now: datetime | None = None,
    lang: str = "en",
    convention: Convention = DRIK,
    rising: str | None = None,
    moon_rising: str = MoonRisingMode.UPPER_LIMB,
    include_observances: bool = True,
    include_muhurtas: bool = True,
) -> Panchangam:
    """The panchangam of ``target_date`` at ``latitude``/``longitude`` (degrees, N and E > 0).

    ``timezone`` (IANA name) defaults to the zone at the coordinates. ``target_date`` defaults
    to the date in that zone at the instant ``now`` (an aware datetime the caller reads from
    its clock; this package never reads one). ``include_transitions=False`` keeps only the
    element in force at sunrise. ``lang`` chooses the names' language, ``convention`` how
    positions, time scale and sunrise are reckoned (``convention.DRIK`` by default, or
    ``ASTRONOMICAL``), ``rising`` the sunrise definition (``RisingMode``; None: the
    convention's own), ``moon_rising`` the moonrise one (``MoonRisingMode``).
    ``include_observances`` adds the day's and the next day's festivals and vrats and any
    parana falling on the day; ``include_muhurtas`` the choghadiya, hora and the rest.
    Raises ValueError naming any bad argument.
    """
    _check_coordinates(latitude, longitude)
    check_language(lang)
    if not isinstance(convention, Convention):
        raise ValueError(f"convention {convention!r} is not a Convention (use convention_named)")
    rising = rising or convention.rising
    if rising not in RisingMode.ALL:
        raise ValueError(f"unknown rising mode {rising!r}; choose one of {RisingMode.ALL}")
    if moon_rising not in MoonRisingMode.ALL:
        raise ValueError(
            f"unknown moon rising mode {moon_rising!r}; choose one of {MoonRisingMode.ALL}"
        )
    zone_name = timezone or _zone_at(latitude, longitude)
    zone = _zone(zone_name)
    day = target_date or _today(now, zone)
    if not FIRST_YEAR <= day.year <= LAST_YEAR:
        # The Moshier Moon covers about 3000 BCE - 3000 CE; keep a margin for month searches.
        raise ValueError(
            f"target_date {day.isoformat()} is outside the supported years {FIRST_YEAR}-{LAST_YEAR}"
        )
    place = _Place(latitude, longitude, zone_name, zone, city)
    extras = _Extras(include_observances, include_muhurtas)
    reckoning = _Reckoning(convention, rising, moon_rising)
    return _compute(place, day, include_transitions, lang, reckoning, extras)


@dataclass(frozen=True)
class _Reckoning:
    convention: Convention
    rising: str
    moon_rising: str


@dataclass(frozen=True)
class _Place:
    latitude: float
    longitude: float
    zone_name: str
    zone: tzinfo
    city: str | None


def _check_coordinates(latitude: float, longitude: float) -> None:
    if not (
        isinstance(latitude, int | float) and math.isfinite(latitude) and -90.0 <= latitude <= 90.0
    ):
        raise ValueError(f"latitude {latitude!r} is not a number of degrees in -90..90")
    if not (
        isinstance(longitude, int | float)
        and math.isfinite(longitude)
        and -180.0 <= longitude <= 180.0
    ):
        raise ValueError(f"longitude {longitude!r} is not a number of degrees in -180..180")


def _zone_at(latitude: float, longitude: float) -> str:
    from lokpanchang.places.zones import zone_at  # pure, offline; loaded only when needed

    name = zone_at(latitude, longitude)
    if name is None:
        raise ValueError(
            f"no time zone known at latitude {latitude}, longitude {longitude}; pass one explicitly"
        )
    return name


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ValueError(f"unknown time zone {name!r}; use an IANA name like Asia/Kolkata") from exc


def _today(now: datetime | None, zone: tzinfo) -> date:
    if now is None:
        raise ValueError("target_date is None and no `now` was given to tell today's date")
    jd_from_datetime(now)  # refuses a naive datetime
    return now.astimezone(zone).date()


def _compute(
    place: _Place,
    day: date,
    include_transitions: bool,
    lang: str,
    reckoning: _Reckoning,
    extras: _Extras,
) -> Panchangam:
    convention, rising = reckoning.convention, reckoning.rising
    where = daylight.Where(place.zone, place.latitude, place.longitude, rising, convention)
    frame = daylight.day_frame(day, where)
    moonrise, moonset = daylight.moon_events(
        day, place.zone, place.latitude, place.longitude, reckoning.moon_rising, convention
    )
    at = _Localiser(place.zone, convention.truncated_seconds)
    vara = (day.weekday() + 1) % 7 + 1
    shared: elements.Boundaries = {}
    spans = {
        kind.name: elements.spans(kind, frame.start, frame.end, convention, shared)
        for kind in (elements.TITHI, elements.NAKSHATRA, elements.YOGA, elements.KARANA)
    }
    lists = {
        name: _elements(elements.KINDS[name], found, frame, at, (lang, convention))
        for name, found in spans.items()
    }
    if not include_transitions:
        lists = {name: entries[:1] for name, entries in lists.items()}
    return Panchangam(
        date=day,
        timezone=place.zone_name,
        latitude=place.latitude,
        longitude=place.longitude,
        city=place.city,
        language=lang,
        convention=convention.name,
        rising=rising,
        polar=frame.polar,
        day_start=at(frame.start),
        day_end=at(frame.end),
        sunrise=at(frame.sunrise),
        sunset=at(frame.sunset),
        next_sunrise=at(frame.next_sunrise),
        moonrise=at(moonrise),
        moonset=at(moonset),
        vara=Named(vara, label("vara", vara, lang)),
        tithi=lists["tithi"],
        nakshatra=lists["nakshatra"],
        yoga=lists["yoga"],
        karana=lists["karana"],
        **_kalams(frame, vara - 1, at),
        **_calendar(_sunrises(where, day, frame), day, spans["tithi"][0].number, lang),
        **(_extras(place, day, _Computed(frame, spans, at.times, lang, reckoning), extras)),
    )


@dataclass(frozen=True)
class _Extras:
    observances: bool
    muhurtas: bool

    @property
    def wanted(self) -> bool:
        return self.observances or self.muhurtas


@dataclass(frozen=True)
class _Computed:
    """What the day itself computed, for its observances and muhurtas to reuse."""

    frame: daylight.DayFrame
    spans: dict[str, list[elements.Span]]
    times: LocalTimes
    lang: str
    reckoning: _Reckoning


def _extras(place: _Place, day: date, computed: _Computed, extras: _Extras) -> dict[str, Any]:
    """The day's observances and muhurtas (those ``extras`` asks for), reusing its frame,
    nakshatras and local times; one set of Hindu days is shared by all of them."""
    added: dict[str, Any] = {}
    if not extras.wanted:
        return added
    lang, frame = computed.lang, computed.frame
    reckoning = computed.reckoning
    where = observances.Place(
        place.latitude,
        place.longitude,
        place.zone,
        reckoning.rising,
        convention=reckoning.convention,
    )
    days = observances.Days(where, {day: frame}, computed.times)
    if extras.observances:
        found = observances.observances_between(where, day, day + _ONE_DAY, lang, days)
        added["observances"] = found.on(day)
        added["observances_tomorrow"] = found.on(day + _ONE_DAY)
        added["parana_today"] = observances.paranas_on(where, day, lang, days)
        added["observance_gaps"] = found.gaps
    if extras.muhurtas:
        previous_sunset = days.frame(day - _ONE_DAY).sunset
        added["muhurtas"] = muhurtas.day_muhurtas(
            frame,
            day,
            computed.times,
            previous_sunset,
            lang,
            reckoning.convention,
            computed.spans["nakshatra"],
        )
    return added


class _Localiser:
    """UT Julian day -> aware datetime in the zone (None stays None)."""

    def __init__(self, zone: tzinfo, truncated: bool) -> None:
        self.zone = zone
        self.times = LocalTimes(zone, truncated)

    @overload
    def __call__(self, jd_ut: float) -> datetime: ...
    @overload
    def __call__(self, jd_ut: float | None) -> datetime | None: ...
    def __call__(self, jd_ut: float | None) -> datetime | None:
        return None if jd_ut is None else self.times(jd_ut)


def _elements(
    kind: elements.ElementKind,
    spans: list[elements.Span],
    frame: daylight.DayFrame,
    at: _Localiser,
    named: tuple[str, Convention],
) -> tuple[Element, ...]:
    return tuple(_element(kind, span, frame, at, named) for span in spans)


def _element(
    kind: elements.ElementKind,
    span: elements.Span,
    frame: daylight.DayFrame,
    at: _Localiser,
    named: tuple[str, Convention],
) -> Element:
    """One element's entry; ``named``: the names' language and the convention."""
    lang, convention = named
    paksha = pada = None
    if kind is elements.TITHI:
        paksha = label("paksha", 1 if span.number <= 15 else 2, lang)
    if kind is elements.NAKSHATRA:
        # A nakshatra that begins during the day begins in its first pada.
        pada = elements.pada_at(frame.start, convention) if span.start <= frame.start else 1
    return Element(
        span.number,
        label(kind.name, span.number, lang),
        at(span.start),
        at(span.end),
        paksha=paksha,
        pada=pada,
    )


def _kalams(frame: daylight.DayFrame, weekday: int, at: _Localiser) -> dict[str, Any]:
    if frame.sunrise is None or frame.sunset is None:
        # Polar rule: no daytime on this date, so none of the day's divisions exist.
        return {
            "rahu_kalam": None,
            "yamaganda": None,
            "gulika": None,
            "abhijit": None,
            "durmuhurta": (),
        }
    rise, sets, following = frame.sunrise, frame.sunset, frame.end

    def interval(pair: tuple[float, float]) -> Interval:
        return Interval(at(pair[0]), at(pair[1]))

    midday = kalam.abhijit(rise, sets, weekday)

    return {
        "rahu_kalam": interval(kalam.rahu_kalam(rise, sets, weekday)),
        "yamaganda": interval(kalam.yamaganda(rise, sets, weekday)),
        "gulika": interval(kalam.gulika(rise, sets, weekday)),
        "abhijit": interval(midday) if midday else None,
        "durmuhurta": tuple(
            interval(pair) for pair in kalam.durmuhurtas(rise, sets, following, weekday)
        ),
    }


def _sunrises(where: daylight.Where, day: date, frame: daylight.DayFrame) -> daylight.Sunrises:
    return daylight.Sunrises(where).knowing(day, frame)


def _calendar(sunrises: daylight.Sunrises, day: date, tithi: int, lang: str) -> dict[str, Any]:
    day_start = sunrises.start(day)
    month = lunisolar.lunar_month(day_start, tithi, sunrises.where.convention)
    shaka = lunisolar.shaka_year(day, month.amanta)
    cycle = lunisolar.samvatsara(shaka)
    tropical_sun = ephemeris.tropical_sun_longitude(day_start)
    ritu = lunisolar.ritu(tropical_sun)
    ayana = lunisolar.ayana(tropical_sun)
    return {
        "masa": Masa(
            Named(month.amanta, label("masa", month.amanta, lang)),
            Named(month.purnimanta, label("masa", month.purnimanta, lang)),
            month.adhika,
            month.kshaya,
        ),
        "samvat": Samvat(
            shaka, lunisolar.vikram_year(shaka), Named(cycle, label("samvatsara", cycle, lang))
        ),
        "ritu": Named(ritu, label("ritu", ritu, lang)),
        "calendars": calendar_day.day_calendars(day, month, shaka, sunrises, lang),
        "ayana": Named(
            1 if ayana == "Uttarayana" else 2,
            label("ayana", 1 if ayana == "Uttarayana" else 2, lang),
        ),
    }
