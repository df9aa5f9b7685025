"""Sunrises estimated from a neighbouring date's (``daylight.Sunrises.sunrise_bounds``): the
drift bound holds, and every decision taken with the estimates is the one taken with every
sunrise computed — any place (high latitudes too, where nothing is estimated), any date
1900-2100, zones with and without daylight saving."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lokpanchang.almanac import daylight
from lokpanchang.almanac.ephemeris import RisingMode
from lokpanchang.almanac.observances import Days, Place, observances_between, paranas_on

ONE_DAY = timedelta(days=1)
# Zones with daylight saving, each with the longitudes it spans (degrees east).
DST_ZONES = (
    ("America/New_York", -80.0, -70.0),
    ("America/Los_Angeles", -124.0, -114.0),
    ("Europe/London", -6.0, 2.0),
    ("Europe/Oslo", 5.0, 30.0),
    ("Australia/Sydney", 141.0, 153.0),
    ("America/Santiago", -75.0, -67.0),
)


@st.composite
def places(draw: st.DrawFn, limit: float = 70.0) -> Place:
    """A place at up to ``limit`` degrees of latitude, with a zone fit for its longitude."""
    latitude = draw(st.floats(-limit, limit))
    if draw(st.booleans()):
        name, west, east = draw(st.sampled_from(DST_ZONES))
        longitude = draw(st.floats(west, east))
    else:
        longitude = draw(st.floats(-179.0, 179.0))
        hours = round(longitude / 15.0)  # Etc/GMT signs are inverted
        name = "Etc/GMT" if hours == 0 else f"Etc/GMT{-hours:+d}"
    rising = draw(st.sampled_from(sorted(RisingMode.ALL)))
    return Place(latitude, longitude, ZoneInfo(name), rising)


dates = st.dates(date(1900, 1, 2), date(2100, 12, 30))
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _sunrises(place: Place, estimate: bool = True) -> daylight.Sunrises:
    return daylight.Sunrises(
        place.zone, place.latitude, place.longitude, place.rising, estimate=estimate
    )


def _days(place: Place, day: date, estimate: bool) -> Days:
    """Days knowing the frame of ``day``, as the panchangam hands them its own day."""
    frame = daylight.day_frame(day, place.zone, place.latitude, place.longitude, place.rising)
    return Days(place, {day: frame}, estimate=estimate)


@settings(max_examples=300, deadline=None)
@given(places(limit=daylight.ESTIMATE_LATITUDE_LIMIT), dates)
def test_the_next_sunrise_is_within_the_drift_bound_of_a_day_after(place, day):
    sunrises = _sunrises(place)
    today, tomorrow = sunrises.sunrise(day), sunrises.sunrise(day + ONE_DAY)
    if today is None or tomorrow is None:  # a sunrise at midnight in a far-off zone
        return
    drift = daylight._daily_drift(place.latitude)
    assert drift is not None
    assert abs(tomorrow - today - 1.0) <= drift / 2.0  # the bound keeps a factor of two


@SETTINGS
@given(places(), dates, st.floats(-1.0, 1.0), st.sampled_from((-1, 1)))
def test_an_instant_near_an_estimated_sunrise_is_placed_as_with_the_sunrise(
    place, day, fraction, offset
):
    """``day_of`` and ``sunrise_within`` near the neighbouring dates' sunrises, where the
    estimate is least certain (up to twice the drift bound either side)."""
    lazy, exact = _days(place, day, True), _days(place, day, False)
    neighbour = day + timedelta(days=2 if offset > 0 else -1)
    known = exact.sunrise(day + ONE_DAY if offset > 0 else day)
    if known is None:
        return
    drift = daylight._daily_drift(place.latitude) or 0.01
    instant = known + offset + 2.0 * drift * fraction
    assert lazy.day_of(instant) == exact.day_of(instant)
    span = (instant, instant + drift * abs(fraction))
    assert lazy.sunrise_within(neighbour, span) == exact.sunrise_within(neighbour, span)
    assert lazy.since_start(instant, neighbour) * exact.since_start(instant, neighbour) > 0.0 or (
        lazy.since_start(instant, neighbour) == exact.since_start(instant, neighbour) == 0.0
    )
    assert lazy.latest_start(neighbour) >= exact.start(neighbour)


@SETTINGS
@given(places(), dates)
def test_sunsets_and_parts_are_those_of_the_frames(place, day):
    lazy, exact = _days(place, day, True), _days(place, day, False)
    for other in (day - ONE_DAY, day + ONE_DAY):
        assert lazy.sunset(other) == exact.frame(other).sunset
        assert lazy.daytime(other) == exact.daytime(other)
        assert lazy.arunodaya(other) == exact.arunodaya(other)


@SETTINGS
@given(places(), dates)
def test_observances_and_paranas_are_those_of_every_sunrise_computed(place, day):
    """What ``broadcast.content`` and the public page ask for: the day and the next."""
    lazy, exact = _days(place, day, True), _days(place, day, False)
    last = day + ONE_DAY
    assert observances_between(place, day, last, "en", lazy) == observances_between(
        place, day, last, "en", exact
    )
    assert paranas_on(place, day, "en", lazy) == paranas_on(place, day, "en", exact)


def test_a_decision_far_from_a_sunrise_computes_no_sunrise(monkeypatch):
    place = Place(28.6358, 77.2245, ZoneInfo("Asia/Kolkata"))
    day = date(2026, 12, 1)
    days = _days(place, day, True)
    computed: list[date] = []
    real = daylight.sunrise_on
    monkeypatch.setattr(
        daylight, "sunrise_on", lambda when, *rest: computed.append(when) or real(when, *rest)
    )
    noon_after = days.start(day + ONE_DAY) + 0.25  # about 13:00 on the next date
    assert days.day_of(noon_after) == day + ONE_DAY
    assert days.day_of(days.start(day) - 0.75) == day - ONE_DAY  # 13:00 the day before
    assert days.sunrise_within(day + 2 * ONE_DAY, (noon_after, noon_after + 1.0)) is True
    assert computed == []
    days.day_of(days.start(day + ONE_DAY) + 1.0)  # at the sunrise two dates on: computed
    assert computed == [day + 2 * ONE_DAY]


def test_nothing_is_estimated_beyond_the_latitude_limit():
    tromso = _sunrises(Place(69.6492, 18.9553, ZoneInfo("Europe/Oslo")))
    day = date(2026, 4, 1)
    tromso.sunrise(day)
    assert tromso.sunrise_bounds(day + ONE_DAY) is None
    delhi = _sunrises(Place(28.6358, 77.2245, ZoneInfo("Asia/Kolkata")))
    delhi.sunrise(day)
    low, high = delhi.sunrise_bounds(day + ONE_DAY)
    assert low < delhi.sunrise(day + ONE_DAY) < high
    assert delhi.sunrise_bounds(day + ONE_DAY) == (delhi.sunrise(day + ONE_DAY),) * 2
