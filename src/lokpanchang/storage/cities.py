"""Resolved places kept in ``city_detail``, unique by (city, state, country)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from sqlalchemy import Table, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from lokpanchang.places import Place, local_name, zone_at
from lokpanchang.places.geometry import haversine_km
from lokpanchang.storage.models import CityDetail

CityKey = tuple[str, str, str]
CHUNK = 1000
TABLE = cast(Table, CityDetail.__table__)


def city_key(place: Place) -> CityKey:
    """The unique key of ``place``'s row: (city, state, country)."""
    return (place.city, place.region, place.country)


def _row_values(place: Place) -> dict:
    # The city's own zone (not the subscriber's): they differ near zone borders and at sea.
    return {
        "city": place.city,
        "state": place.region,
        "country": place.country,
        "country_code": place.country_code,
        "timezone": zone_at(place.latitude, place.longitude) or place.timezone,
        "latitude": place.latitude,
        "longitude": place.longitude,
    }


def find_city(session: Session, place: Place) -> CityDetail | None:
    city, state, country = city_key(place)
    query = select(CityDetail).where(
        CityDetail.city == city, CityDetail.state == state, CityDetail.country == country
    )
    return session.scalar(query)


def get_or_create_city(session: Session, place: Place) -> CityDetail:
    """The ``city_detail`` row for ``place``, created if missing (safe against a racing insert)."""
    existing = find_city(session, place)
    if existing is not None:
        return existing
    try:
        with session.begin_nested():
            row = CityDetail(**_row_values(place))
            session.add(row)
        return row
    except IntegrityError:
        found = find_city(session, place)
        assert found is not None  # the row another writer inserted first
        return found


def city_ids(session: Session, places: Iterable[Place]) -> dict[CityKey, int]:
    """Ids of the rows for many places at once, inserting the missing ones in bulk.

    The table holds at most one row per place lookups can answer (towns of 5,000+,
    ~70,000, and the remote places of 500+ actually used), so reading all of its keys
    is cheaper than asking for them in chunks.
    """
    wanted = {city_key(place): place for place in places}
    found = _all_ids(session)
    missing = [_row_values(place) for key, place in wanted.items() if key not in found]
    # Plain executemany, then read the ids back: INSERT ... RETURNING in executemany
    # measured 4x slower on PostgreSQL (bench/import).
    for start in range(0, len(missing), CHUNK):
        session.execute(TABLE.insert(), missing[start : start + CHUNK])
    if missing:
        found = _all_ids(session)
    return {key: found[key] for key in wanted}


def _all_ids(session: Session) -> dict[CityKey, int]:
    query = select(TABLE.c.id, TABLE.c.city, TABLE.c.state, TABLE.c.country)
    return {(row.city, row.state, row.country): row.id for row in session.execute(query)}


def city_name_in(city: CityDetail | None, language: str) -> str:
    """The town's name as a reader of ``language`` writes it (``places.local_name``: in
    their script where GeoNames has it, else as stored); empty for no town."""
    if city is None:
        return ""
    return local_name(city.city, city.latitude, city.longitude, language)


def km_from_city(latitude: float | None, longitude: float | None, city: CityDetail | None) -> float:
    """km (great circle) from a subscriber's coordinates to the centre of the town that
    names their place; 0 when either is unknown. Far ones are said ("near X (914 km)")."""
    if city is None or latitude is None or longitude is None:
        return 0.0
    return haversine_km(latitude, longitude, city.latitude, city.longitude)
