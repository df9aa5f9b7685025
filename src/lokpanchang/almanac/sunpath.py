"""Fast sunrise and sunset from the cached solar motion (a closed form, refined).

The Sun's sidereal longitude comes from ``motion`` (no new Swiss Ephemeris call) and one
``SkyFrame`` (ayanamsa, obliquity, sidereal time; ``motion.sky_near``) turns it into right ascension and
declination, and so into the local hour angle at any moment of that day. Rising and setting
are where the altitude of the chosen point of the disc equals the apparent horizon;
fixed-point iteration on the hour angle converges in two or three steps. Against
``swe.rise_trans`` with the same refraction: within 0.3 s below 58 degrees of latitude,
typically 0.7 s (at most 12 s, grazing) from 58 to 66; beyond 66 degrees, or when a result
does not fall in the expected window, callers use ``swe.rise_trans``. Times are UT Julian
days, angles degrees.
"""

from __future__ import annotations

import math

from lokpanchang.almanac import motion
from lokpanchang.almanac.convention import Convention
from lokpanchang.almanac.ephemeris import DRIK_SUN_ALTITUDE, RisingMode, SkyFrame

FAST_LATITUDE_LIMIT = 66.0  # beyond, polar-circle geometry: Swiss Ephemeris' own search
_SIDEREAL_RATE = 360.98564736629  # degrees of sidereal time per day of UT
_HOUR_ANGLE_RATE = _SIDEREAL_RATE - 0.9856  # the Sun's hour angle, degrees per day (mean)
# Refraction at the horizon fitted to swe.rise_trans with its defaults (1013.25 hPa, 0 degrees C:
# mean difference 0 s over 600 random events), and the Sun's semidiameter at 1 AU (degrees).
_HORIZON_REFRACTION = 0.6100
_SEMIDIAMETER_AT_1_AU = 959.63 / 3600.0
_MEAN_SUN_RATE = 0.98564736  # degrees a day: the mean Sun's right ascension


def _horizon(mode: str, distance_au: float) -> float:
    """Geometric altitude of the Sun's centre at the moment of rising, by convention."""
    if mode == RisingMode.DRIK:
        return DRIK_SUN_ALTITUDE
    if mode == RisingMode.HINDU:
        return 0.0
    if mode == RisingMode.DISC_CENTRE:
        return -_HORIZON_REFRACTION
    return -_HORIZON_REFRACTION - _SEMIDIAMETER_AT_1_AU / distance_au


def _wrap180(angle: float) -> float:
    return (angle + 180.0) % 360.0 - 180.0


class SolarDay:
    """The Sun around one local noon, seen from one place.

    ``lag`` (days) is drikpanchang.com's: the Sun's right ascension less the mean Sun's (the
    equation of time) is taken ``lag`` later than the instant, the place's UTC offset when
    its clock time is read as Universal Time (``RisingMode.DRIK``; 0 otherwise). Measured on
    the odd years of its New Delhi pages, this lifts the printed sunrise minutes matched
    from 95 % to 98 % (see docs/almanac.md).
    """

    def __init__(
        self,
        frame: SkyFrame,
        noon_guess: float,
        place: tuple[float, float],
        convention: Convention,
        lag: float = 0.0,
    ) -> None:
        self.frame, (self.latitude, self.longitude) = frame, place
        self.convention, self.lag = convention, lag
        eps, phi = math.radians(frame.obliquity), math.radians(self.latitude)
        # Constant over the day, so computed once (the same values the formulas would use).
        self._cos_eps, self._sin_eps = math.cos(eps), math.sin(eps)
        self._cos_phi, self._sin_phi = math.cos(phi), math.sin(phi)
        self.distance = motion.sun_distance(noon_guess, convention)
        # The lag's shift of right ascension changes < 0.1 s of time over the day: one value.
        self._ra_shift = 0.0
        if lag:
            lagged = self._equatorial(noon_guess + lag)[0] - self._equatorial(noon_guess)[0]
            self._ra_shift = _wrap180(lagged) - _MEAN_SUN_RATE * lag
        hour_angle, _ = self.position(noon_guess)
        self.noon = noon_guess - hour_angle / _HOUR_ANGLE_RATE
        self._at_noon: tuple[float, float] | None = None  # both events start from noon

    def position(self, jd_ut: float) -> tuple[float, float]:
        """Local hour angle (degrees, negative before noon) and declination (degrees)."""
        # Apparent right ascension and declination (ecliptic latitude 0), then hour angle.
        ra, declination = self._equatorial(jd_ut)
        ra += self._ra_shift
        sidereal = self.frame.sidereal_time + _SIDEREAL_RATE * (jd_ut - self.frame.epoch)
        return _wrap180(sidereal + self.longitude - ra), declination

    def _equatorial(self, jd_ut: float) -> tuple[float, float]:
        """Apparent right ascension and declination (degrees) at ``jd_ut``."""
        sidereal_lon, _ = motion.angle_at(jd_ut, motion.Angle.SUN, self.convention)
        lam = math.radians(sidereal_lon + self.frame.ayanamsa)
        sin_lam = math.sin(lam)
        ra = math.degrees(math.atan2(sin_lam * self._cos_eps, math.cos(lam)))
        return ra, math.degrees(math.asin(self._sin_eps * sin_lam))

    def _half_arc(self, declination: float, sin_altitude: float) -> float | None:
        declination = math.radians(declination)
        cosine = (sin_altitude - self._sin_phi * math.sin(declination)) / (
            self._cos_phi * math.cos(declination)
        )
        # Near +-1 the event is grazing and the closed form is ill-conditioned.
        return None if abs(cosine) > 0.995 else math.degrees(math.acos(cosine))

    def _position_at(self, jd_ut: float) -> tuple[float, float]:
        if jd_ut != self.noon:
            return self.position(jd_ut)
        if self._at_noon is None:
            self._at_noon = self.position(jd_ut)
        return self._at_noon

    def event(self, mode: str, rising: bool) -> float | None:
        """Sunrise (``rising``) or sunset of this solar day (UT JD), or None if not found."""
        sin_altitude = math.sin(math.radians(_horizon(mode, self.distance)))
        sign = -1.0 if rising else 1.0
        t = self.noon
        for _ in range(8):
            hour_angle, declination = self._position_at(t)
            half_arc = self._half_arc(declination, sin_altitude)
            if half_arc is None:
                return None
            step = _wrap180(sign * half_arc - hour_angle) / _HOUR_ANGLE_RATE
            t += step
            if abs(step) < 1e-6:
                return t
        return None
