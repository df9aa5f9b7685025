"""Fast topocentric moonrise and moonset from the cached lunar motion.

The Moon's sidereal longitude, latitude and distance come from ``motion`` (no new Swiss
Ephemeris call); one ``SkyFrame`` per day turns them into apparent right ascension and
declination, then into topocentric ones (parallax on the WGS84 ellipsoid). The event is where
the chosen point of the disc meets the apparent horizon; iterating on the hour angle
converges in three or four steps. Agrees with ``swe.rise_trans`` within seconds; when an
iteration is grazing or does not settle, callers fall back to ``swe.rise_trans``.
Times are UT Julian days, angles degrees.
"""

from __future__ import annotations

import math

from lokpanchang.almanac import ephemeris, motion
from lokpanchang.almanac.convention import Convention
from lokpanchang.almanac.ephemeris import MoonRisingMode

FAST_LATITUDE_LIMIT = 66.0  # beyond, polar-circle geometry: Swiss Ephemeris' own search
_SIDEREAL_RATE = 360.98564736629
_MEAN_HOUR_ANGLE_RATE = 347.81  # degrees/day: sidereal rate less the Moon's mean motion in RA
_HORIZON_REFRACTION = 0.6128  # fitted to swe.rise_trans (its defaults; mean difference 0 s)
_EARTH_RADIUS_AU = 6378.137 / 149597870.7
_MOON_RADIUS_AU = 1737.4 / 149597870.7
_FLATTENING = 1.0 / 298.257223563


class LocalMoon:
    """The Moon seen from one place, around one day."""

    def __init__(
        self, frame: ephemeris.SkyFrame, latitude: float, longitude: float, convention: Convention
    ) -> None:
        self.frame, self.latitude, self.longitude = frame, latitude, longitude
        self.convention = convention
        phi = math.radians(latitude)
        u = math.atan((1.0 - _FLATTENING) * math.tan(phi))
        self.rho_cos = math.cos(u)
        self.rho_sin = (1.0 - _FLATTENING) * math.sin(u)
        self.sin_phi, self.cos_phi = math.sin(phi), math.cos(phi)

    def _topocentric(self, jd_ut: float) -> tuple[float, float, float]:
        """Topocentric hour angle, declination (radians) and semidiameter (degrees)."""
        sidereal_lon, beta, distance = motion.moon_ecliptic(jd_ut, self.convention)
        lam = math.radians(sidereal_lon + self.frame.ayanamsa)
        beta, eps = math.radians(beta), math.radians(self.frame.obliquity)
        ra = math.atan2(
            math.sin(lam) * math.cos(eps) - math.tan(beta) * math.sin(eps), math.cos(lam)
        )
        dec = math.asin(
            math.sin(beta) * math.cos(eps) + math.cos(beta) * math.sin(eps) * math.sin(lam)
        )
        sidereal = self.frame.sidereal_time + _SIDEREAL_RATE * (jd_ut - self.frame.epoch)
        hour = math.radians(sidereal + self.longitude) - ra
        sin_parallax = _EARTH_RADIUS_AU / distance
        denominator = math.cos(dec) - self.rho_cos * sin_parallax * math.cos(hour)
        shift = math.atan2(-self.rho_cos * sin_parallax * math.sin(hour), denominator)
        dec_topo = math.atan2(
            (math.sin(dec) - self.rho_sin * sin_parallax) * math.cos(shift), denominator
        )
        return hour - shift, dec_topo, math.degrees(_MOON_RADIUS_AU / distance)

    def _horizon(self, mode: str, semidiameter: float) -> float:
        if mode == MoonRisingMode.GEOMETRIC_CENTRE:
            return 0.0
        return -_HORIZON_REFRACTION - semidiameter

    def _target_offset(self, jd_ut: float, mode: str, rising: bool) -> float | None:
        """Degrees of hour angle still to go until the event (None if grazing)."""
        hour, dec, semidiameter = self._topocentric(jd_ut)
        altitude = math.radians(self._horizon(mode, semidiameter))
        cosine = (math.sin(altitude) - self.sin_phi * math.sin(dec)) / (
            self.cos_phi * math.cos(dec)
        )
        if abs(cosine) > 0.99:
            return None
        half_arc = math.degrees(math.acos(cosine))
        target = -half_arc if rising else half_arc
        return target - math.degrees(hour)

    def first_event_after(self, start: float, mode: str, rising: bool) -> float | None:
        """The first moonrise (``rising``) or moonset after ``start`` (UT JD), or None."""
        offset = self._target_offset(start, mode, rising)
        if offset is None:
            return None
        t = start + (offset % 360.0) / _MEAN_HOUR_ANGLE_RATE
        for _ in range(8):
            offset = self._target_offset(t, mode, rising)
            if offset is None:
                return None
            step = ((offset + 180.0) % 360.0 - 180.0) / _MEAN_HOUR_ANGLE_RATE
            t += step
            if abs(step) < 1e-6:
                return t if t >= start else None
        return None
