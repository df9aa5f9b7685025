"""Swiss Ephemeris is configured once and its answers are checked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import swisseph as swe

import lokpanchang
from lokpanchang.almanac import ephemeris
from lokpanchang.almanac.convention import ASTRONOMICAL, DRIK, drik_delta_t_excess

J2000 = 2451545.0
ARC_SECOND = 1.0 / 3600.0


def test_astronomical_positions_are_lahiri_sidereal_with_nutation():
    # Sidereal = apparent tropical - true (nutation-including) Lahiri ayanamsa.
    tropical = ephemeris.tropical_sun_longitude(J2000)
    sidereal = ephemeris.sun_moon(J2000, ASTRONOMICAL).sun
    ayanamsa = ephemeris.sky_frame(J2000, ASTRONOMICAL).ayanamsa
    assert abs((tropical - sidereal) - ayanamsa) < 1e-7
    assert 23.8 < ayanamsa < 23.9  # Lahiri at J2000: 23 deg 51'


def test_drik_positions_keep_the_nutation_and_a_larger_ayanamsa():
    """drik = astronomical + the nutation in longitude - 24" (a 24" larger ayanamsa), the
    same for both bodies."""
    nutation = swe.calc_ut(J2000, swe.ECL_NUT, swe.FLG_MOSEPH)[0][2]  # dpsi, degrees
    assert abs(nutation) > 10 * ARC_SECOND  # -13.9" at J2000: the test can tell
    drik, astronomical = ephemeris.sun_moon(J2000, DRIK), ephemeris.sun_moon(J2000, ASTRONOMICAL)
    for body in ("sun", "moon"):
        difference = getattr(drik, body) - getattr(astronomical, body)
        assert abs(difference - nutation + 24 * ARC_SECOND) < 0.01 * ARC_SECOND, body
    frame = ephemeris.sky_frame(J2000, DRIK)
    assert abs(ephemeris.tropical_sun_longitude(J2000) - drik.sun - frame.ayanamsa) < 1e-7


def test_drik_time_runs_behind_after_2000_with_the_2020_step():
    assert drik_delta_t_excess(2451544.0) == 0.0  # 1999-12-31
    assert abs(drik_delta_t_excess(2451544.5 + 10 * 365.25) - 8.7) < 0.01  # 2010
    assert abs(drik_delta_t_excess(2458849.9) - 17.4) < 0.01  # 2020-01-01, before the step
    assert abs(drik_delta_t_excess(2458850.0) - 57.9) < 0.01  # 2020-01-01 12:00 UT
    # The Moon then stands where it stood that many seconds later in Swiss Ephemeris' time.
    jd = 2460676.5  # 2025-01-01
    moved = ephemeris.sun_moon(jd, DRIK).moon - ephemeris.sun_moon(jd, ASTRONOMICAL).moon
    speed = ephemeris.sun_moon(jd, ASTRONOMICAL).moon_speed
    nutation = swe.calc_ut(jd, swe.ECL_NUT, swe.FLG_MOSEPH)[0][2]
    seconds = (moved - nutation + 24 * ARC_SECOND) / speed * 86400.0
    assert abs(seconds - drik_delta_t_excess(jd)) < 0.5


def test_missing_ephemeris_files_are_an_error_not_a_silent_fallback(tmp_path):
    source = str(Path(lokpanchang.__file__).parents[1])
    script = (
        "from lokpanchang.almanac import ephemeris\n"
        "from lokpanchang.almanac.convention import DRIK\n"
        f"ephemeris.use_ephemeris_files({str(tmp_path)!r})\n"
        "try:\n"
        "    ephemeris.sun_moon(2451545.0, DRIK)\n"
        "except ephemeris.EphemerisError as exc:\n"
        "    print('refused:', exc)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": source},
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "refused:" in result.stdout and str(tmp_path) in result.stdout


def test_the_circumpolar_sun_has_no_rise():
    # Tromsø at midsummer: rise_trans reports the Sun circumpolar; we return None.
    midsummer = swe.julday(2026, 6, 21, 0.0)
    assert ephemeris.sun_rise(midsummer, 69.65, 18.96, ephemeris.RisingMode.UPPER_LIMB) is None
