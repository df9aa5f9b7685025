"""The only module that talks to Swiss Ephemeris.

Swiss Ephemeris keeps global state (sidereal mode, ephemeris path) and is not thread-safe, so
every call goes through ``_session()``: one lock for the process. That state is also
*per thread* in this build (a new thread starts with Fagan-Bradley, not Lahiri), so the session
sets Lahiri, and the ephemeris path if any, once in each thread before its first call; the
mode is never changed afterwards. Sidereal positions follow a ``Convention``: under
``ASTRONOMICAL`` straight from ``FLG_SIDEREAL | FLG_SPEED`` (the true, nutation-including
ayanamsa); under ``DRIK`` the apparent tropical position at drikpanchang.com's Terrestrial
Time less the mean Lahiri ayanamsa and its offset. (``calc_ut(..., ECL_NUT, FLG_SIDEREAL)``
silently answers zeros, so nutation is always asked for without that flag.)

All instants are Julian days in Universal Time (``jd_ut``); longitudes are degrees and
speeds degrees per day.
"""

from __future__ import annotations

import threading
from typing import Any, NamedTuple

import swisseph as swe

from lokpanchang.almanac.convention import Convention, drik_delta_t_excess

_LOCK = threading.Lock()
# The built-in Moshier ephemeris needs no files and agrees with DE421 within ~3 s on end
# times; ``use_ephemeris_files`` switches to Swiss Ephemeris .se1 files.
_EPHE_PATH: str | None = None
_EPHEMERIS_FLAG = swe.FLG_MOSEPH
_SIDEREAL_FLAGS = _EPHEMERIS_FLAG | swe.FLG_SIDEREAL | swe.FLG_SPEED
_EPHEMERIS_BITS = swe.FLG_SWIEPH | swe.FLG_MOSEPH | swe.FLG_JPLEPH


class EphemerisError(RuntimeError):
    """Swiss Ephemeris did not compute with the ephemeris we asked for."""


class RisingMode:
    """How the Sun's rising and setting are defined (Swiss Ephemeris ``rsmi`` bits)."""

    DRIK = "drik"  # centre at true altitude -0.8333 deg, drikpanchang.com's (convention.py)
    UPPER_LIMB = "upper_limb"  # upper limb with standard refraction (Swiss Ephemeris)
    DISC_CENTRE = "disc_centre"  # centre of the disc with refraction
    HINDU = "hindu"  # centre of the disc, no refraction (classical Hindu rising)

    ALL = (DRIK, UPPER_LIMB, DISC_CENTRE, HINDU)


DRIK_SUN_ALTITUDE = -0.8333  # degrees: the Sun's centre at rising, 34' refraction + 16' radius


_RISING_BITS = {
    RisingMode.DRIK: swe.BIT_DISC_CENTER | swe.BIT_NO_REFRACTION,  # at DRIK_SUN_ALTITUDE
    RisingMode.UPPER_LIMB: 0,
    RisingMode.DISC_CENTRE: swe.BIT_DISC_CENTER,
    RisingMode.HINDU: swe.BIT_HINDU_RISING,
}


class MoonRisingMode:
    """How the Moon's rising and setting are defined (always topocentric)."""

    UPPER_LIMB = "upper_limb"  # upper limb with standard refraction (DESIGN.md default)
    GEOMETRIC_CENTRE = "geometric_centre"  # centre of the disc, no refraction

    ALL = (UPPER_LIMB, GEOMETRIC_CENTRE)


_MOON_RISING_BITS = {
    MoonRisingMode.UPPER_LIMB: 0,
    MoonRisingMode.GEOMETRIC_CENTRE: swe.BIT_DISC_CENTER | swe.BIT_NO_REFRACTION,
}


class SunMoon(NamedTuple):
    """Sidereal (Lahiri) longitudes in degrees and speeds in degrees/day at one instant."""

    sun: float
    sun_speed: float
    moon: float
    moon_speed: float


_thread_state = threading.local()
_generation = 0  # bumped when the configuration changes, so every thread re-applies it


class _Session:
    """Holds the Swiss Ephemeris lock with this thread's state configured.

    A class rather than a generator-based context manager: it is entered a dozen times per
    panchangam and this costs a fraction of the overhead.
    """

    def __enter__(self) -> None:
        _LOCK.acquire()
        if getattr(_thread_state, "generation", None) != _generation:
            try:
                if _EPHE_PATH:
                    swe.set_ephe_path(_EPHE_PATH)
                swe.set_sid_mode(swe.SIDM_LAHIRI)
            except BaseException:
                _LOCK.release()
                raise
            _thread_state.generation = _generation

    def __exit__(self, *exc_info: object) -> None:
        _LOCK.release()


_SESSION = _Session()


def _session() -> _Session:
    return _SESSION


def use_ephemeris_files(path: str) -> None:
    """Compute from the Swiss Ephemeris files in directory ``path`` instead of Moshier.

    Call once at start-up (before any computation): later calls would mix ephemerides in caches.
    Every result is checked to come from the files; a missing file raises ``EphemerisError``.
    """
    global _EPHE_PATH, _EPHEMERIS_FLAG, _SIDEREAL_FLAGS, _generation
    with _LOCK:
        _EPHE_PATH, _EPHEMERIS_FLAG = path, swe.FLG_SWIEPH
        _SIDEREAL_FLAGS = _EPHEMERIS_FLAG | swe.FLG_SIDEREAL | swe.FLG_SPEED
        _generation += 1


def _checked(result: tuple[Any, int], body: int) -> tuple[float, ...]:
    values, returned_flags = result
    _check_flags(returned_flags, f"body {body}")
    return tuple(values)


def _check_flags(returned_flags: int, what: str) -> None:
    if returned_flags & _EPHEMERIS_BITS != _EPHEMERIS_FLAG:
        # Swiss Ephemeris silently falls back to another ephemeris when files are missing.
        raise EphemerisError(
            f"{what}: asked for ephemeris flag {_EPHEMERIS_FLAG}, got flags {returned_flags}"
            f" (ephemeris files: {_EPHE_PATH!r})"
        )


_PRECESSION_PER_DAY = 50.29 / 3600.0 / 365.25  # degrees: the mean ayanamsa's growth


def _drik_position(
    jd_ut: float, body: int, convention: Convention, piece: int | None
) -> tuple[float, ...]:
    """``body`` at ``jd_ut`` under a mean-ayanamsa convention (``calc_ut``'s order of values),
    ``piece`` choosing the drik Delta T's piece; call inside the session."""
    jd_tt = jd_ut + swe.deltat_ex(jd_ut, _EPHEMERIS_FLAG)
    if convention.drik_delta_t:
        jd_tt += drik_delta_t_excess(jd_ut, piece) / 86400.0
    values = _checked(swe.calc(jd_tt, body, _EPHEMERIS_FLAG | swe.FLG_SPEED), body)
    ayanamsa = _mean_ayanamsa(jd_tt, convention)
    longitude = (values[0] - ayanamsa) % 360.0
    return (longitude, values[1], values[2], values[3] - _PRECESSION_PER_DAY, *values[4:])


def _mean_ayanamsa(jd_tt: float, convention: Convention) -> float:
    flags = _EPHEMERIS_FLAG | swe.FLG_NONUT
    returned_flags, ayanamsa = swe.get_ayanamsa_ex(jd_tt, flags)
    _check_flags(returned_flags, "ayanamsa")
    return float(ayanamsa) + convention.ayanamsa_offset_arcsec / 3600.0


def _position(
    jd_ut: float, body: int, convention: Convention, piece: int | None = None
) -> tuple[float, ...]:
    """Sidereal ``body`` at ``jd_ut`` under ``convention``; call inside the session.

    ``piece``: the piece of drikpanchang.com's Delta T to use (default: the one in force at
    ``jd_ut``; see ``convention.drik_delta_t_excess``)."""
    if convention.mean_ayanamsa:
        return _drik_position(jd_ut, body, convention, piece)
    return _checked(swe.calc_ut(jd_ut, body, _SIDEREAL_FLAGS), body)


def sun_moon(jd_ut: float, convention: Convention) -> SunMoon:
    """Sidereal longitude and speed of the Sun and the Moon at ``jd_ut`` (UT Julian day)."""
    with _session():
        sun = _position(jd_ut, swe.SUN, convention)
        moon = _position(jd_ut, swe.MOON, convention)
    return SunMoon(sun[0], sun[3], moon[0], moon[3])


def moon(jd_ut: float, convention: Convention, piece: int | None = None) -> tuple[float, ...]:
    """The Moon at ``jd_ut``: sidereal longitude, latitude (degrees), distance (AU) and their
    speeds (per day), in Swiss Ephemeris' order (``piece``: as ``_position``)."""
    with _session():
        return _position(jd_ut, swe.MOON, convention, piece)


class SkyFrame(NamedTuple):
    """Slowly varying quantities for turning sidereal ecliptic positions into local ones."""

    ayanamsa: float  # the convention's ayanamsa (degrees): apparent tropical = sidereal + this
    obliquity: float  # true obliquity of the ecliptic (degrees)
    sidereal_time: float  # Greenwich apparent sidereal time at the epoch (degrees)
    epoch: float  # UT Julian day these values are for


def sky_frame(jd_ut: float, convention: Convention) -> SkyFrame:
    """Ayanamsa, obliquity and sidereal time at ``jd_ut`` (good to ~0.01" over a day)."""
    with _session():
        if convention.mean_ayanamsa:
            ayanamsa = _mean_ayanamsa(jd_ut, convention)
        else:
            _, ayanamsa = swe.get_ayanamsa_ex_ut(jd_ut, _EPHEMERIS_FLAG)
        nutation = _checked(swe.calc_ut(jd_ut, swe.ECL_NUT, _EPHEMERIS_FLAG), swe.ECL_NUT)
        sidereal_hours = swe.sidtime(jd_ut)
    return SkyFrame(ayanamsa, nutation[0], sidereal_hours * 15.0, jd_ut)


def sun(
    jd_ut: float, convention: Convention, piece: int | None = None
) -> tuple[float, float, float]:
    """Sidereal longitude (degrees), its speed (degrees/day) and the distance (AU) of the Sun
    at ``jd_ut`` (``piece``: as ``_position``)."""
    with _session():
        values = _position(jd_ut, swe.SUN, convention, piece)
    return values[0], values[3], values[2]


def tropical_sun_longitude(jd_ut: float) -> float:
    """Tropical (sayana) ecliptic longitude of the Sun in degrees, for ritu and ayana."""
    with _session():
        values = _checked(swe.calc_ut(jd_ut, swe.SUN, _EPHEMERIS_FLAG), swe.SUN)
    return values[0]


def _event(
    jd_ut: float, body: int, rsmi: int, latitude: float, longitude: float, horizon: float = 0.0
) -> float | None:
    """``rise_trans`` (``horizon``: the true altitude of the event, with ``rsmi``'s
    ``BIT_NO_REFRACTION``)."""
    where = (longitude, latitude, 0.0)
    with _session():
        if horizon:
            status, times = swe.rise_trans_true_hor(
                jd_ut, body, rsmi, where, 0.0, 0.0, horizon, _EPHEMERIS_FLAG
            )
        else:
            status, times = swe.rise_trans(jd_ut, body, rsmi, where, 0.0, 0.0, _EPHEMERIS_FLAG)
    # -2: circumpolar (the body neither rises nor sets in the search window).
    return times[0] if status == 0 and times[0] > 0 else None


def sun_rise(jd_ut: float, latitude: float, longitude: float, mode: str) -> float | None:
    """First sunrise after ``jd_ut`` (UT Julian day), or None if the Sun is circumpolar.

    ``RisingMode.DRIK`` here is the centre at -0.8333 degrees without the equation-of-time
    lag of ``sunpath`` (used only where the fast Sun is not: beyond 66 degrees, grazing)."""
    return _event(
        jd_ut, swe.SUN, swe.CALC_RISE | _RISING_BITS[mode], latitude, longitude, _horizon(mode)
    )


def sun_set(jd_ut: float, latitude: float, longitude: float, mode: str) -> float | None:
    """First sunset after ``jd_ut`` (UT Julian day), or None if the Sun is circumpolar."""
    return _event(
        jd_ut, swe.SUN, swe.CALC_SET | _RISING_BITS[mode], latitude, longitude, _horizon(mode)
    )


def _horizon(mode: str) -> float:
    return DRIK_SUN_ALTITUDE if mode == RisingMode.DRIK else 0.0


def moon_rise(
    jd_ut: float, latitude: float, longitude: float, mode: str = MoonRisingMode.UPPER_LIMB
) -> float | None:
    """First topocentric moonrise after ``jd_ut`` (UT Julian day) under ``mode``, or None."""
    return _event(jd_ut, swe.MOON, swe.CALC_RISE | _MOON_RISING_BITS[mode], latitude, longitude)


def moon_set(
    jd_ut: float, latitude: float, longitude: float, mode: str = MoonRisingMode.UPPER_LIMB
) -> float | None:
    """First topocentric moonset after ``jd_ut`` (UT Julian day) under ``mode``, or None."""
    return _event(jd_ut, swe.MOON, swe.CALC_SET | _MOON_RISING_BITS[mode], latitude, longitude)


def sun_altitude(jd_ut: float, latitude: float, longitude: float) -> float:
    """True (unrefracted) altitude of the Sun's centre in degrees at ``jd_ut``."""
    with _session():
        ecliptic = _checked(swe.calc_ut(jd_ut, swe.SUN, _EPHEMERIS_FLAG), swe.SUN)
        horizontal = swe.azalt(
            jd_ut, swe.ECL2HOR, (longitude, latitude, 0.0), 0.0, 0.0, ecliptic[:3]
        )
    return float(horizontal[1])


_UMBRAL_ECLIPSES = swe.ECL_TOTAL | swe.ECL_PARTIAL  # a penumbral-only eclipse is not counted


def umbral_lunar_eclipse_after(jd_ut: float) -> tuple[float, float]:
    """The umbral phase (first to last contact of the Moon with the umbra, UT Julian days) of
    the first partial or total lunar eclipse whose greatest phase is after ``jd_ut``.

    Geocentric and global (``lun_eclipse_when``): a caller asks whether the phase overlaps a
    part of its own day. Times follow Swiss Ephemeris' own Delta T, not a convention's."""
    with _session():
        _, times = swe.lun_eclipse_when(jd_ut, _EPHEMERIS_FLAG, _UMBRAL_ECLIPSES, False)
    return times[2], times[3]
