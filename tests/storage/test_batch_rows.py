"""A batch's rows and subscribers as plain values (``storage.batch_rows``) say what the ORM
objects say: the address on the subscriber's own channel, their town, calendar, card choice."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import select

from lokpanchang.storage import ledger
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import CityDetail, MessageLog, UserDetail

NOW = datetime(2026, 3, 10, 1, 0, tzinfo=UTC)
DAY = date(2026, 3, 10)


def _town(session, name: str, state: str) -> CityDetail:
    town = CityDetail(
        city=name,
        state=state,
        country="India",
        country_code="IN",
        timezone="Asia/Kolkata",
        latitude=13.08,
        longitude=80.27,
    )
    session.add(town)
    return town


def _subscribers(url: str) -> list[int]:
    """Five subscribers that differ in every way sending reads."""
    with transaction(url) as session:
        chennai, kochi = _town(session, "Chennai", "Tamil Nadu"), _town(session, "Kochi", "Kerala")
        people = [
            UserDetail.at("whatsapp", "+919800000001", language="ta", city=chennai),
            UserDetail.at("whatsapp", "+919800000002", language="ml", city=kochi, card_off=True),
            UserDetail.at("telegram", "55501", language="hi", calendar="bengali", number_id="4242"),
            UserDetail.at("whatsapp", "+919800000004", language="ta", city=chennai),
            UserDetail.at("email", "x@example.org", language="en"),
        ]
        people[2].set_address("whatsapp", "+919800000003", NOW)  # reached on two channels
        people[4].addresses.clear()  # no address left on their channel
        for person in people:
            person.created_on = NOW
            person.latitude, person.longitude, person.timezone = 13.1, 80.3, "Asia/Kolkata"
        session.add_all(people)
        session.flush()
        session.add_all(MessageLog(user_id=p.id, local_date=DAY, attempts=2) for p in people)
        return [p.id for p in people]


def test_each_row_and_subscriber_reads_as_the_orm_objects_do(database_url):
    _subscribers(database_url)
    with transaction(database_url) as session:
        ids = list(session.scalars(select(MessageLog.id).order_by(MessageLog.id)))
        pairs = ledger.with_subscribers(session, ledger.DAILY, ids)
        users = {u.id: u for u in session.scalars(select(UserDetail))}
        assert [row.id for row, _ in pairs] == ids
        for row, seen in pairs:
            assert (row.local_date, row.attempts, row.user_id) == (DAY, 2, seen.id)
            user = users[seen.id]
            for name in ("channel", "address", "language", "number_id", "calendar", "card_off"):
                assert getattr(seen, name) == getattr(user, name), name
            assert (seen.latitude, seen.longitude, seen.timezone) == user.location()
            town = user.city
            assert (seen.city is None) == (town is None)
            if town is not None:
                assert seen.city == (town.city, town.state, "IN", 13.08, 80.27)
    addresses = [user.address for _, user in pairs]
    assert addresses == ["+919800000001", "+919800000002", "55501", "+919800000004", ""]


def test_subscribers_of_one_town_share_its_value(database_url):
    _subscribers(database_url)
    with transaction(database_url) as session:
        ids = list(session.scalars(select(MessageLog.id)))
        pairs = ledger.with_subscribers(session, ledger.DAILY, ids)
    first, fourth = pairs[0][1].city, pairs[3][1].city
    assert first is fourth
