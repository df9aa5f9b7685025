"""Resolved cities are stored once, by (city, state, country)."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from lokpanchang.places import lookup
from lokpanchang.storage.cities import city_ids, city_key, get_or_create_city
from lokpanchang.storage.db import session_factory
from lokpanchang.storage.models import CityDetail


@pytest.fixture
def session(database_url):
    with session_factory(database_url)() as session:
        yield session


def test_it_creates_the_city_once(session):
    first = get_or_create_city(session, lookup(28.6139, 77.2090))
    second = get_or_create_city(session, lookup(28.62, 77.21))
    session.commit()
    assert first.id == second.id
    assert (first.city, first.state, first.country, first.country_code) == (
        "Delhi",
        "Delhi",
        "India",
        "IN",
    )
    assert session.scalar(select(func.count()).select_from(CityDetail)) == 1


def test_the_stored_zone_is_the_city_s_own_not_the_subscriber_s(session):
    # The row keeps the zone at the town's own coordinates. This test said Lord Howe
    # Island's subscribers were filed under a mainland town 600 km away in Australia/Sydney:
    # the wrong town (issue 25, item 3). Lord Howe itself is named now, in its own zone.
    place = lookup(-31.5553, 159.0821)
    city = get_or_create_city(session, place)
    assert (city.city, place.timezone, city.timezone) == (
        "Lord Howe",
        "Australia/Lord_Howe",
        "Australia/Lord_Howe",
    )


def test_bulk_ids_insert_only_the_missing(session):
    delhi, sydney = lookup(28.6139, 77.2090), lookup(-33.8688, 151.2093)
    existing = get_or_create_city(session, delhi)
    ids = city_ids(session, [delhi, sydney, sydney])
    session.commit()
    assert ids[city_key(delhi)] == existing.id
    assert set(ids) == {city_key(delhi), city_key(sydney)}
    assert session.scalar(select(func.count()).select_from(CityDetail)) == 2


def test_a_remote_settlement_is_stored_under_its_own_name_and_zone(session):
    # Tasiilaq (1,985 people) is named only when places of 500+ are consulted; before,
    # its subscribers were filed under a town in Iceland.
    city = get_or_create_city(session, lookup(65.615, -37.637))
    session.commit()
    assert (city.city, city.state, city.country, city.timezone) == (
        "Tasiilaq",
        "Sermersooq",
        "Greenland",
        "America/Nuuk",
    )
