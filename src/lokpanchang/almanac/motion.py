"""Smooth sidereal motion of the Sun and Moon, and the instants when an angle crosses a value.

Swiss Ephemeris is asked for the Moon once per day (at 0h UT) and for the Sun every four days,
with longitudes *and speeds*; nodes are aligned in UT so nearby places and dates share them.
Between nodes the Moon follows the quintic Hermite polynomial through three consecutive daily
nodes (measured against direct calls: at most 2.6e-5 degrees, 0.2 s of time) and the Sun a
cubic Hermite (error below 1e-6 degrees). Roots are found by Newton's method on the
interpolant, which converges to well under a millisecond in three or four steps.

Times are Julian days (UT); angles are degrees.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from lokpanchang.almanac import ephemeris

MOON_STEP = 1.0  # days between Moon nodes
SUN_STEP = 4.0  # days between Sun nodes
SKY_STEP = 4.0  # days between sky frames (ayanamsa, obliquity, sidereal time)
_MAX_SEGMENTS = 200_000  # cleared wholesale when full (a few tens of MB at most)
_moon_nodes: dict[int, tuple[float, ...]] = {}
_sun_nodes: dict[int, tuple[float, float, float]] = {}
# (day index, weights) -> quintic coefficients of the angle in s = t - day, s in [0, 1].
_segments: dict[tuple[int, tuple[float, float]], tuple[float, ...]] = {}
_skies: dict[int, ephemeris.SkyFrame] = {}


class Angle:
    """Which angle an element follows: a weighted sum of the Moon's and Sun's longitudes."""

    ELONGATION = (1.0, -1.0)  # Moon - Sun: tithi and karana
    MOON = (1.0, 0.0)  # nakshatra
    SUM = (1.0, 1.0)  # Moon + Sun: yoga
    SUN = (0.0, 1.0)  # solar month (rasi)


def clear_cache() -> None:
    """Forget every cached node and segment (benchmarks use it to measure cold computation)."""
    _moon_nodes.clear()
    _sun_nodes.clear()
    _segments.clear()
    _skies.clear()


def sky_near(jd_ut: float) -> ephemeris.SkyFrame:
    """The sky frame of the 4-day UT grid point nearest ``jd_ut``.

    Every use of one instant gets the same frame, so a sunrise computed as "tomorrow's" for
    one day equals the one computed as "today's" for the next. Within 2 days of its epoch a
    frame's ayanamsa drifts by < 0.3" and its extrapolated sidereal time by < 0.01 s.
    """
    index = round(jd_ut / SKY_STEP)
    frame = _skies.get(index)
    if frame is None:
        frame = _skies[index] = ephemeris.sky_frame(index * SKY_STEP)
    return frame


def _moon_node(index: int) -> tuple[float, ...]:
    node = _moon_nodes.get(index)
    if node is None:
        node = _moon_nodes[index] = ephemeris.moon(index * MOON_STEP)
    return node


def _sun_node(index: int) -> tuple[float, float, float]:
    node = _sun_nodes.get(index)
    if node is None:
        node = _sun_nodes[index] = ephemeris.sun(index * SUN_STEP)
    return node


def sun_distance(jd_ut: float) -> float:
    """The Sun's distance in AU (from the nearest node: it changes < 0.0003 AU a day)."""
    return _sun_node(round(jd_ut / SUN_STEP))[2]


def _sun_at(jd_ut: float) -> tuple[float, float]:
    """The Sun's longitude (unwrapped near its node) and speed from the cubic Hermite."""
    position = jd_ut / SUN_STEP
    index = math.floor(position)
    (lon_a, speed_a, _), (lon_b, speed_b, _) = _sun_node(index), _sun_node(index + 1)
    delta = (lon_b - lon_a) % 360.0
    slope_a, slope_b = speed_a * SUN_STEP, speed_b * SUN_STEP
    c2 = 3.0 * delta - 2.0 * slope_a - slope_b
    c3 = slope_a + slope_b - 2.0 * delta
    s = position - index
    value = lon_a + ((c3 * s + c2) * s + slope_a) * s
    rate = ((3.0 * c3 * s + 2.0 * c2) * s + slope_a) / SUN_STEP
    return value, rate


def _sun_cubic(day: int) -> tuple[float, float, float, float]:
    """Cubic coefficients in s (days) of the Sun's longitude over [day, day + 1]."""
    lon_a, slope_a = _sun_at(day * MOON_STEP)
    lon_b, slope_b = _sun_at((day + 1) * MOON_STEP)
    delta = (lon_b - lon_a) % 360.0
    return (lon_a, slope_a, 3.0 * delta - 2.0 * slope_a - slope_b, slope_a + slope_b - 2.0 * delta)


def _cached(
    day: int, key: tuple[float, float], build: Callable[[int], tuple[float, ...]]
) -> tuple[float, ...]:
    """One body's polynomial, shared by every angle that uses it (key: that body's weights)."""
    coefficients = _segments.get((day, key))
    if coefficients is None:
        coefficients = build(day)
        coefficients = _segments[day, key] = coefficients + (0.0,) * (6 - len(coefficients))
    return coefficients


def _moon_quintic(day: int) -> tuple[float, ...]:
    """Quintic coefficients in s (days) through the Moon's nodes day, day + 1, day + 2."""
    (lon0, _, _, v0, *_), (lon1, _, _, v1, *_), (lon2, _, _, v2, *_) = (
        _moon_node(day + i) for i in range(3)
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


def _segment(day: int, weights: tuple[float, float]) -> tuple[float, ...]:
    if len(_segments) >= _MAX_SEGMENTS:
        clear_cache()
    moon_weight, sun_weight = weights
    moon = _cached(day, (1.0, 0.0), _moon_quintic) if moon_weight else (0.0,) * 6
    sun = _cached(day, (0.0, 1.0), _sun_cubic) if sun_weight else (0.0,) * 6
    coefficients = tuple([moon_weight * m + sun_weight * n for m, n in zip(moon, sun)])
    _segments[day, weights] = coefficients
    return coefficients


def moon_ecliptic(jd_ut: float) -> tuple[float, float, float]:
    """The Moon's sidereal longitude, ecliptic latitude (degrees) and distance (AU) at
    ``jd_ut``: longitude from the quintic, latitude and distance from cubic Hermites."""
    longitude, _ = angle_at(jd_ut, Angle.MOON)
    day = math.floor(jd_ut)
    a, b = _moon_node(day), _moon_node(day + 1)
    s = jd_ut - day
    return longitude, _cubic(s, a[1], a[4], b[1], b[4]), _cubic(s, a[2], a[5], b[2], b[5])


def _cubic(s: float, value_a: float, speed_a: float, value_b: float, speed_b: float) -> float:
    """Cubic Hermite over one day (speeds per day) at fraction ``s``."""
    delta = value_b - value_a
    c2 = 3.0 * delta - 2.0 * speed_a - speed_b
    c3 = speed_a + speed_b - 2.0 * delta
    return value_a + ((c3 * s + c2) * s + speed_a) * s


def angle_at(jd_ut: float, weights: tuple[float, float]) -> tuple[float, float]:
    """The angle ``weights`` (Moon, Sun) at ``jd_ut``: (degrees in [0, 360), degrees/day)."""
    day = math.floor(jd_ut)
    c0, c1, c2, c3, c4, c5 = _segments.get((day, weights)) or _segment(day, weights)
    s = jd_ut - day
    value = ((((c5 * s + c4) * s + c3) * s + c2) * s + c1) * s + c0
    rate = (((5.0 * c5 * s + 4.0 * c4) * s + 3.0 * c3) * s + 2.0 * c2) * s + c1
    return value % 360.0, rate


def crossing(weights: tuple[float, float], target: float, guess_jd: float) -> float:
    """The instant near ``guess_jd`` when the angle equals ``target`` degrees (mod 360).

    The angle must be increasing there (true for every element angle). Newton's method on the
    interpolant converges quadratically, the error after a step being about
    0.1/day x (previous error)^2 for these angles: once a step is below 1e-4 days (9 s) the
    remaining error is below 1e-9 days (0.1 ms), so that step is the last.
    """
    t, day = guess_jd, -1
    coefficients: tuple[float, ...] = ()
    for _ in range(30):
        # angle_at inlined: this loop is the hottest code of the almanac.
        if math.floor(t) != day:
            day = math.floor(t)
            coefficients = _segments.get((day, weights)) or _segment(day, weights)
        c0, c1, c2, c3, c4, c5 = coefficients
        x = t - day
        value = ((((c5 * x + c4) * x + c3) * x + c2) * x + c1) * x + c0
        rate = (((5.0 * c5 * x + 4.0 * c4) * x + 3.0 * c3) * x + 2.0 * c2) * x + c1
        step = ((target - value + 180.0) % 360.0 - 180.0) / rate
        t += step
        if abs(step) < 1e-4:
            return t
    raise ArithmeticError(f"no convergence towards {target} degrees from jd {guess_jd}")
