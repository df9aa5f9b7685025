"""Coordinates: validation, unit vectors and great-circle distances."""

from __future__ import annotations

import math

EARTH_RADIUS_KM = 6371.0088
"""IUGG mean Earth radius, used for all great-circle distances."""


def validated(latitude: object, longitude: object) -> tuple[float, float]:
    """``(latitude, longitude)`` as floats in degrees, or a ValueError naming the bad value.

    Latitude must lie in [-90, 90] and longitude in [-180, 180]; NaN and infinities are refused.
    """
    return (
        _coordinate(latitude, "latitude", 90.0),
        _coordinate(longitude, "longitude", 180.0),
    )


def _coordinate(value: object, name: str, limit: float) -> float:
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(
            f"{name} {value!r} is not a number (decimal degrees, e.g. 28.6139)"
        ) from None
    if isinstance(value, bool) or not math.isfinite(number):
        raise ValueError(f"{name} {value!r} is not a finite number of degrees")
    if not -limit <= number <= limit:
        raise ValueError(
            f"{name} {value!r} is out of range: it must lie in [-{limit:g}, {limit:g}]"
        )
    return number


def unit_vector(latitude: float, longitude: float) -> tuple[float, float, float]:
    """The point on the unit sphere for ``latitude``/``longitude`` in degrees."""
    phi, lam = math.radians(latitude), math.radians(longitude)
    return (math.cos(phi) * math.cos(lam), math.cos(phi) * math.sin(lam), math.sin(phi))


def chord_to_km(chord: float) -> float:
    """Great-circle distance in km for a straight-line distance ``chord`` on the unit sphere."""
    return EARTH_RADIUS_KM * 2.0 * math.asin(min(1.0, chord / 2.0))


def km_to_chord(distance_km: float) -> float:
    """Straight-line distance on the unit sphere for a great-circle distance in km."""
    return 2.0 * math.sin(min(math.pi, distance_km / EARTH_RADIUS_KM) / 2.0)


def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in km between two points given in degrees."""
    phi1, phi2 = math.radians(lat1), math.radians(lat2)
    dphi, dlam = phi2 - phi1, math.radians(lon2 - lon1)
    a = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(dlam / 2) ** 2
    return EARTH_RADIUS_KM * 2.0 * math.asin(min(1.0, math.sqrt(a)))
