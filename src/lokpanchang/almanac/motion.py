"""Smooth sidereal motion of the Sun and Moon, and the instants when an angle crosses a value.

Swiss Ephemeris is asked for the Moon once per day (at 0h UT) and for the Sun every four days,
with longitudes *and speeds*; nodes are aligned in UT so nearby places and dates share them.
Between nodes the Moon follows the quintic Hermite polynomial through three consecutive daily
nodes (measured against direct calls: at most 2.6e-5 degrees, 0.2 s of time) and the Sun a
cubic Hermite (error below 1e-6 degrees). Roots are found by Newton's method on the
interpolant, which converges to well under a millisecond in three or four steps.

Every function takes the ``Convention`` whose positions it follows; each convention has its
own caches. Times are Julian days (UT); angles are degrees.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from lokpanchang.almanac import ephemeris
from lokpanchang.almanac.convention import Convention, delta_t_piece

MOON_STEP = 1.0  # days between Moon nodes
SUN_STEP = 4.0  # days between Sun nodes
SKY_STEP = 4.0  # days between sky frames (ayanamsa, obliquity, sidereal time)
_MAX_SEGMENTS = 200_000  # per convention; cleared wholesale when full (a few tens of MB at most)


class _Caches:
    """One convention's nodes, polynomial segments and sky frames."""

    def __init__(self, convention: Convention) -> None:
        self.convention = convention
        # Nodes by (index, piece of drikpanchang.com's Delta T they are computed with).
        self.moon_nodes: dict[tuple[int, int], tuple[float, ...]] = {}
        self.sun_nodes: dict[tuple[int, int], tuple[float, float, float]] = {}
        # (day index, weights) -> quintic coefficients of the angle in s = t - day, s in [0, 1].
        self.segments: dict[tuple[int, tuple[float, float]], tuple[float, ...]] = {}
        self.skies: dict[int, ephemeris.SkyFrame] = {}

    def clear(self) -> None:
        for cache in (self.moon_nodes, self.sun_nodes, self.segments, self.skies):
            cache.clear()


_caches: dict[Convention, _Caches] = {}


def _of(convention: Convention) -> _Caches:
    caches = _caches.get(convention)
    if caches is None:
        caches = _caches[convention] = _Caches(convention)
    return caches


class Angle:
    """Which angle an element follows: a weighted sum of the Moon's and Sun's longitudes."""

    ELONGATION = (1.0, -1.0)  # Moon - Sun: tithi and karana
    MOON = (1.0, 0.0)  # nakshatra
    SUM = (1.0, 1.0)  # Moon + Sun: yoga
    SUN = (0.0, 1.0)  # solar month (rasi)


def clear_cache() -> None:
    """Forget every cached node and segment (benchmarks use it to measure cold computation)."""
    for caches in _caches.values():
        caches.clear()


def sky_near(jd_ut: float, convention: Convention) -> ephemeris.SkyFrame:
    """The sky frame of the 4-day UT grid point nearest ``jd_ut``.

    Every use of one instant gets the same frame, so a sunrise computed as "tomorrow's" for
    one day equals the one computed as "today's" for the next. Within 2 days of its epoch a
    frame's ayanamsa drifts by < 0.3" and its extrapolated sidereal time by < 0.01 s.
    """
    index = round(jd_ut / SKY_STEP)
    skies = _of(convention).skies
    frame = skies.get(index)
    if frame is None:
        frame = skies[index] = ephemeris.sky_frame(index * SKY_STEP, convention)
    return frame


def _piece(caches: _Caches, jd_ut: float) -> int:
    """The Delta T piece of a segment starting at ``jd_ut``: its nodes all use it, so a
    segment next to drikpanchang.com's 2020 step stays smooth (0 without that Delta T)."""
    return delta_t_piece(jd_ut) if caches.convention.drik_delta_t else 0


def _moon_node(caches: _Caches, index: int, piece: int) -> tuple[float, ...]:
    node = caches.moon_nodes.get((index, piece))
    if node is None:
        node = ephemeris.moon(index * MOON_STEP, caches.convention, piece)
        caches.moon_nodes[index, piece] = node
    return node


def _sun_node(caches: _Caches, index: int, piece: int) -> tuple[float, float, float]:
    node = caches.sun_nodes.get((index, piece))
    if node is None:
        node = ephemeris.sun(index * SUN_STEP, caches.convention, piece)
        caches.sun_nodes[index, piece] = node
    return node


def sun_distance(jd_ut: float, convention: Convention) -> float:
    """The Sun's distance in AU (from the nearest node: it changes < 0.0003 AU a day)."""
    caches = _of(convention)
    return _sun_node(caches, round(jd_ut / SUN_STEP), _piece(caches, jd_ut))[2]


def _sun_at(caches: _Caches, jd_ut: float, piece: int) -> tuple[float, float]:
    """The Sun's longitude (unwrapped near its node) and speed from the cubic Hermite."""
    position = jd_ut / SUN_STEP
    index = math.floor(position)
    lon_a, speed_a, _ = _sun_node(caches, index, piece)
    lon_b, speed_b, _ = _sun_node(caches, index + 1, piece)
    delta = (lon_b - lon_a) % 360.0
    slope_a, slope_b = speed_a * SUN_STEP, speed_b * SUN_STEP
    c2 = 3.0 * delta - 2.0 * slope_a - slope_b
    c3 = slope_a + slope_b - 2.0 * delta
    s = position - index
    value = lon_a + ((c3 * s + c2) * s + slope_a) * s
    rate = ((3.0 * c3 * s + 2.0 * c2) * s + slope_a) / SUN_STEP
    return value, rate


def _sun_cubic(caches: _Caches, day: int) -> tuple[float, float, float, float]:
    """Cubic coefficients in s (days) of the Sun's longitude over [day, day + 1]."""
    piece = _piece(caches, day * MOON_STEP)
    lon_a, slope_a = _sun_at(caches, day * MOON_STEP, piece)
    lon_b, slope_b = _sun_at(caches, (day + 1) * MOON_STEP, piece)
    delta = (lon_b - lon_a) % 360.0
    return (lon_a, slope_a, 3.0 * delta - 2.0 * slope_a - slope_b, slope_a + slope_b - 2.0 * delta)


def _cached(
    caches: _Caches,
    day: int,
    key: tuple[float, float],
    build: Callable[[_Caches, int], tuple[float, ...]],
) -> tuple[float, ...]:
    """One body's polynomial, shared by every angle that uses it (key: that body's weights)."""
    coefficients = caches.segments.get((day, key))
    if coefficients is None:
        coefficients = build(caches, day)
        coefficients = caches.segments[day, key] = coefficients + (0.0,) * (6 - len(coefficients))
    return coefficients


def _moon_quintic(caches: _Caches, day: int) -> tuple[float, ...]:
    """Quintic coefficients in s (days) through the Moon's nodes day, day + 1, day + 2."""
    piece = _piece(caches, day * MOON_STEP)
    (lon0, _, _, v0, *_), (lon1, _, _, v1, *_), (lon2, _, _, v2, *_) = (
        _moon_node(caches, day + i, piece) for i in range(3)
    )
    y1 = (lon1 - lon0) % 360.0
    y2 = y1 + (lon2 - lon1) % 360.0
    r1, r2, r3, r4 = y1 - v0, v1 - v0, y2 - 2.0 * v0, v2 - v0
    return (
        lon0,
        v0,
        4.0 * r1 - 4.0 * r2 + 1.75 * r3 - 0.5 * r4,
        -4.0 * r1 + 8.0 * r2 - 4.25 * r3 + 1.25 * r4,
        r1 - 5.0 * r2 + 3.25 * r3 - r4,
        r2 - 0.75 * r3 + 0.25 * r4,
    )


def _segment(caches: _Caches, day: int, weights: tuple[float, float]) -> tuple[float, ...]:
    if len(caches.segments) >= _MAX_SEGMENTS:
        caches.clear()
    moon_weight, sun_weight = weights
    moon = _cached(caches, day, (1.0, 0.0), _moon_quintic) if moon_weight else (0.0,) * 6
    sun = _cached(caches, day, (0.0, 1.0), _sun_cubic) if sun_weight else (0.0,) * 6
    coefficients = tuple([moon_weight * m + sun_weight * n for m, n in zip(moon, sun)])
    caches.segments[day, weights] = coefficients
    return coefficients


def moon_ecliptic(jd_ut: float, convention: Convention) -> tuple[float, float, float]:
    """The Moon's sidereal longitude, ecliptic latitude (degrees) and distance (AU) at
    ``jd_ut``: longitude from the quintic, latitude and distance from cubic Hermites."""
    longitude, _ = angle_at(jd_ut, Angle.MOON, convention)
    day = math.floor(jd_ut)
    caches = _of(convention)
    piece = _piece(caches, day * MOON_STEP)
    a, b = _moon_node(caches, day, piece), _moon_node(caches, day + 1, piece)
    s = jd_ut - day
    return longitude, _cubic(s, a[1], a[4], b[1], b[4]), _cubic(s, a[2], a[5], b[2], b[5])


def _cubic(s: float, value_a: float, speed_a: float, value_b: float, speed_b: float) -> float:
    """Cubic Hermite over one day (speeds per day) at fraction ``s``."""
    delta = value_b - value_a
    c2 = 3.0 * delta - 2.0 * speed_a - speed_b
    c3 = speed_a + speed_b - 2.0 * delta
    return value_a + ((c3 * s + c2) * s + speed_a) * s


def angle_at(
    jd_ut: float, weights: tuple[float, float], convention: Convention
) -> tuple[float, float]:
    """The angle ``weights`` (Moon, Sun) at ``jd_ut``: (degrees in [0, 360), degrees/day)."""
    day = math.floor(jd_ut)
    caches = _of(convention)
    c0, c1, c2, c3, c4, c5 = caches.segments.get((day, weights)) or _segment(caches, day, weights)
    s = jd_ut - day
    value = ((((c5 * s + c4) * s + c3) * s + c2) * s + c1) * s + c0
    rate = (((5.0 * c5 * s + 4.0 * c4) * s + 3.0 * c3) * s + 2.0 * c2) * s + c1
    return value % 360.0, rate


def crossing(
    weights: tuple[float, float], target: float, guess_jd: float, convention: Convention
) -> float:
    """The instant near ``guess_jd`` when the angle equals ``target`` degrees (mod 360).

    The angle must be increasing there (true for every element angle). Newton's method on the
    interpolant converges quadratically, the error after a step being about
    0.1/day x (previous error)^2 for these angles: once a step is below 1e-4 days (9 s) the
    remaining error is below 1e-9 days (0.1 ms), so that step is the last.
    """
    t, day = guess_jd, -1
    caches = _of(convention)
    segments = caches.segments
    coefficients: tuple[float, ...] = ()
    for _ in range(30):
        # angle_at inlined: this loop is the hottest code of the almanac.
        if math.floor(t) != day:
            day = math.floor(t)
            coefficients = segments.get((day, weights)) or _segment(caches, day, weights)
        c0, c1, c2, c3, c4, c5 = coefficients
        x = t - day
        value = ((((c5 * x + c4) * x + c3) * x + c2) * x + c1) * x + c0
        rate = (((5.0 * c5 * x + 4.0 * c4) * x + 3.0 * c3) * x + 2.0 * c2) * x + c1
        step = ((target - value + 180.0) % 360.0 - 180.0) / rate
        t += step
        if abs(step) < 1e-4:
            return t
    raise ArithmeticError(f"no convergence towards {target} degrees from jd {guess_jd}")
