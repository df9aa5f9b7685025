"""Resolved places kept in ``city_detail``, unique by (city, state, country)."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select, tuple_
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from lokpanchang.places import Place, zone_at
from lokpanchang.storage.models import CityDetail

CityKey = tuple[str, str, str]
CHUNK = 500


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
        return find_city(session, place)


def city_ids(session: Session, places: Iterable[Place]) -> dict[CityKey, int]:
    """Ids of the rows for many places at once, inserting the missing ones in bulk."""
    wanted = {city_key(place): place for place in places}
    found = _existing_ids(session, list(wanted))
    missing = [_row_values(place) for key, place in wanted.items() if key not in found]
    for start in range(0, len(missing), CHUNK):
        session.execute(CityDetail.__table__.insert(), missing[start : start + CHUNK])
    if missing:
        found.update(_existing_ids(session, [key for key in wanted if key not in found]))
    return found


def _existing_ids(session: Session, keys: list[CityKey]) -> dict[CityKey, int]:
    table = CityDetail.__table__
    found: dict[CityKey, int] = {}
    for start in range(0, len(keys), CHUNK):
        chunk = keys[start : start + CHUNK]
        columns = tuple_(table.c.city, table.c.state, table.c.country)
        query = select(table.c.id, table.c.city, table.c.state, table.c.country).where(
            columns.in_(chunk)
        )
        for row in session.execute(query):
            found[(row.city, row.state, row.country)] = row.id
    return found
