"""Swiss Ephemeris is configured once and its answers are checked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import swisseph as swe

import lokpanchang
from lokpanchang.almanac import ephemeris

J2000 = 2451545.0


def test_positions_are_lahiri_sidereal_with_nutation():
    # Sidereal = apparent tropical - true (nutation-including) Lahiri ayanamsa.
    tropical = ephemeris.tropical_sun_longitude(J2000)
    sidereal = ephemeris.sun_moon(J2000).sun
    ayanamsa = ephemeris.sky_frame(J2000).ayanamsa
    assert abs((tropical - sidereal) - ayanamsa) < 1e-7
    assert 23.8 < ayanamsa < 23.9  # Lahiri at J2000: 23 deg 51'


def test_missing_ephemeris_files_are_an_error_not_a_silent_fallback(tmp_path):
    source = str(Path(lokpanchang.__file__).parents[1])
    script = (
        "from lokpanchang.almanac import ephemeris\n"
        f"ephemeris.use_ephemeris_files({str(tmp_path)!r})\n"
        "try:\n"
        "    ephemeris.sun_moon(2451545.0)\n"
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
