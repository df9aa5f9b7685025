"""Smooth sidereal motion of the Sun and Moon, and the instants when an angle crosses a value.

Positions come from Swiss Ephemeris at nodes every 12 hours of UT (aligned at 0h and 12h, so
nearby places and dates share them) and are interpolated by cubic Hermite polynomials built
from the returned longitudes *and speeds*. Over 12 h the interpolation error of the Moon is
below 1e-4 degrees (under 0.05 s of time); roots are found by Newton's method on the
interpolant, which converges to well under a millisecond in three or four steps.

Times are Julian days (UT); angles are degrees.
"""

from __future__ import annotations

import math

from lokpanchang.almanac import ephemeris

STEP_DAYS = 0.5
_MAX_SEGMENTS = 200_000  # cleared wholesale when full (a few tens of MB at most)
_nodes: dict[int, ephemeris.SunMoon] = {}
# (segment index, weights) -> cubic coefficients of the angle in the step fraction s in [0, 1].
_segments: dict[tuple[int, tuple[float, float]], tuple[float, float, float, float]] = {}


class Angle:
    """Which angle an element follows: a weighted sum of the Moon's and Sun's longitudes."""

    ELONGATION = (1.0, -1.0)  # Moon - Sun: tithi and karana
    MOON = (1.0, 0.0)  # nakshatra
    SUM = (1.0, 1.0)  # Moon + Sun: yoga
    SUN = (0.0, 1.0)  # solar month (rasi)


def clear_cache() -> None:
    """Forget every cached node and segment (benchmarks use it to measure cold computation)."""
    _nodes.clear()
    _segments.clear()


def _node(index: int) -> ephemeris.SunMoon:
    state = _nodes.get(index)
    if state is None:
        state = _nodes[index] = ephemeris.sun_moon(index * STEP_DAYS)
    return state


def _hermite(lon_a: float, speed_a: float, lon_b: float, speed_b: float) -> tuple[float, ...]:
    """Cubic coefficients (c0..c3, in s) through two nodes one step apart, speeds per day."""
    delta = (lon_b - lon_a) % 360.0
    slope_a, slope_b = speed_a * STEP_DAYS, speed_b * STEP_DAYS
    return (lon_a, slope_a, 3.0 * delta - 2.0 * slope_a - slope_b,
            slope_a + slope_b - 2.0 * delta)


def _segment(index: int, weights: tuple[float, float]) -> tuple[float, float, float, float]:
    if len(_segments) >= _MAX_SEGMENTS:
        clear_cache()
    a, b = _node(index), _node(index + 1)
    moon = _hermite(a.moon, a.moon_speed, b.moon, b.moon_speed)
    sun = _hermite(a.sun, a.sun_speed, b.sun, b.sun_speed)
    moon_weight, sun_weight = weights
    coefficients = tuple(moon_weight * m + sun_weight * n for m, n in zip(moon, sun))
    _segments[index, weights] = coefficients
    return coefficients


def angle_at(jd_ut: float, weights: tuple[float, float]) -> tuple[float, float]:
    """The angle ``weights`` (Moon, Sun) at ``jd_ut``: (degrees in [0, 360), degrees/day)."""
    position = jd_ut / STEP_DAYS
    index = math.floor(position)
    c0, c1, c2, c3 = _segments.get((index, weights)) or _segment(index, weights)
    s = position - index
    value = ((c3 * s + c2) * s + c1) * s + c0
    rate = ((3.0 * c3 * s + 2.0 * c2) * s + c1) / STEP_DAYS
    return value % 360.0, rate


def crossing(weights: tuple[float, float], target: float, guess_jd: float) -> float:
    """The instant near ``guess_jd`` when the angle equals ``target`` degrees (mod 360).

    The angle must be increasing there (true for every element angle). Newton's method on the
    interpolant converges quadratically: once a step is below 1e-6 days (0.09 s) the next
    error is far below a millisecond, so that step is the last.
    """
    t = guess_jd
    for _ in range(30):
        value, rate = angle_at(t, weights)
        step = ((target - value + 180.0) % 360.0 - 180.0) / rate
        t += step
        if abs(step) < 1e-6:
            return t
    raise ArithmeticError(f"no convergence towards {target} degrees from jd {guess_jd}")
