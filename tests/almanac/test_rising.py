"""Our fast rising and setting agree with Swiss Ephemeris' own search (swe.rise_trans)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lokpanchang.almanac import ephemeris
from lokpanchang.almanac.convention import ASTRONOMICAL
from lokpanchang.almanac.ephemeris import MoonRisingMode, RisingMode
from lokpanchang.almanac.moonpath import LocalMoon
from lokpanchang.almanac.sunpath import SolarDay

SECOND = 1.0 / 86400.0
latitudes = st.floats(-58.0, 58.0)
longitudes = st.floats(-180.0, 180.0)
days = st.integers(2433283, 2469807)  # Julian day numbers 1950-2050


@settings(max_examples=60, deadline=None)
@given(latitudes, longitudes, days, st.sampled_from(RisingMode.ALL), st.booleans())
def test_sunrise_and_sunset_agree_with_rise_trans_within_a_second(lat, lon, day, mode, rising):
    noon = day - lon / 360.0
    # Swiss Ephemeris' own positions, as rise_trans uses. Without drikpanchang.com's
    # equation-of-time lag, RisingMode.DRIK is rise_trans' event at true altitude -0.8333
    # degrees, within 2 s: rise_trans adds the Sun's parallax (8.8"), drikpanchang.com not.
    solar = SolarDay(ephemeris.sky_frame(noon, ASTRONOMICAL), noon, (lat, lon), ASTRONOMICAL)
    ours = solar.event(mode, rising)
    search = ephemeris.sun_rise if rising else ephemeris.sun_set
    assert ours is not None
    tolerance = 2 * SECOND if mode == RisingMode.DRIK else SECOND
    assert abs(ours - search(ours - 0.25, lat, lon, mode)) < tolerance


@settings(max_examples=60, deadline=None)
@given(latitudes, longitudes, days, st.sampled_from(MoonRisingMode.ALL), st.booleans())
def test_moonrise_and_moonset_agree_with_rise_trans_within_three_seconds(
    lat, lon, day, mode, rising
):
    local = LocalMoon(ephemeris.sky_frame(day + 0.5, ASTRONOMICAL), lat, lon, ASTRONOMICAL)
    ours = local.first_event_after(day, mode, rising)
    search = ephemeris.moon_rise if rising else ephemeris.moon_set
    theirs = search(day, lat, lon, mode)
    if ours is None:  # grazing geometry: the caller falls back to rise_trans itself
        return
    assert abs(ours - theirs) < 3 * SECOND
