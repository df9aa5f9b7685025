"""Subscribe, stop, resubscribe, move and list, on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest
from sqlalchemy import func, select

from lokpanchang.storage.models import FOREVER, CityDetail, SubscriptionEvent, UserDetail
from lokpanchang.subscribers import (
    SubscriberFilter,
    SubscriberNotFound,
    as_record,
    count_subscribers,
    list_subscribers,
    move,
    stop,
    subscribe,
    update_preferences,
)

NOW = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
LATER = NOW + timedelta(days=3)
DELHI = (28.6139, 77.2090)
SYDNEY = (-33.8688, 151.2093)


def events(session, user) -> list[str]:
    query = select(SubscriptionEvent.kind).where(SubscriptionEvent.user_id == user.id)
    return list(session.scalars(query.order_by(SubscriptionEvent.id)))


def test_subscribing_resolves_zone_and_city_and_is_active_forever(session):
    user = subscribe(session, "+91 98765 43210", *DELHI, now=NOW, name="Asha", language="hi")
    session.commit()
    assert (user.address_on("whatsapp"), user.timezone, user.city.city, user.city.state) == (
        "+919876543210",
        "Asia/Kolkata",
        "Delhi",
        "Delhi",
    )
    assert user.obsoleted_on == FOREVER
    assert user.created_on == NOW
    assert user.send_time == time(6, 30)
    assert events(session, user) == ["subscribed"]


def test_stop_sets_obsoleted_on_to_now_and_resubscribing_reactivates_the_same_row(session):
    first = subscribe(session, "+919876543210", *DELHI, now=NOW)
    stop(session, "+919876543210", LATER)
    assert not first.is_active(LATER + timedelta(seconds=1))
    assert first.obsoleted_on == LATER
    again = subscribe(session, "+919876543210", *SYDNEY, now=LATER + timedelta(hours=1))
    session.commit()
    assert again.id == first.id
    assert again.obsoleted_on == FOREVER
    assert again.timezone == "Australia/Sydney"
    assert session.scalar(select(func.count()).select_from(UserDetail)) == 1
    assert events(session, again) == ["subscribed", "stopped", "resumed"]


def test_stopping_twice_changes_nothing_the_second_time(session):
    subscribe(session, "+919876543210", *DELHI, now=NOW)
    stop(session, "+919876543210", NOW)
    user = stop(session, "+919876543210", LATER)
    assert user.obsoleted_on == NOW
    assert events(session, user) == ["subscribed", "stopped"]


def test_stopping_an_unknown_phone_names_it(session):
    with pytest.raises(SubscriberNotFound, match="9876543210"):
        stop(session, "+919876543210", NOW)


def test_resubscribing_keeps_preferences_not_given(session):
    subscribe(
        session, "+919876543210", *DELHI, now=NOW, name="Asha", language="hi", send_time="05:45"
    )
    user = subscribe(session, "+919876543210", *DELHI, now=LATER)
    assert (user.display_name, user.language, user.send_time) == ("Asha", "hi", time(5, 45))


def test_move_changes_zone_and_city_and_records_it(session):
    subscribe(session, "+919876543210", *DELHI, now=NOW)
    user = move(session, "+919876543210", *SYDNEY, LATER)
    session.commit()
    assert (user.timezone, user.city.city) == ("Australia/Sydney", "Sydney")
    assert events(session, user)[-1] == "moved"


def test_subscribers_in_one_city_share_its_row(session):
    subscribe(session, "+919876543210", *DELHI, now=NOW)
    subscribe(session, "+919876543211", 28.62, 77.21, now=NOW)
    session.commit()
    assert session.scalar(select(func.count()).select_from(CityDetail)) == 1


def test_bad_input_writes_nothing(session):
    with pytest.raises(ValueError, match="language 'xx'"):
        subscribe(session, "+919876543210", *DELHI, now=NOW, language="xx")
    session.commit()
    assert session.scalar(select(func.count()).select_from(UserDetail)) == 0


def test_naive_now_is_refused(session):
    with pytest.raises(ValueError, match="no time zone"):
        subscribe(session, "+919876543210", *DELHI, now=datetime(2026, 1, 1))


def test_list_filters_by_activity_and_zone(session):
    subscribe(session, "+919876543210", *DELHI, now=NOW)
    subscribe(session, "+61491570156", *SYDNEY, now=NOW)
    stop(session, "+61491570156", NOW + timedelta(hours=1))
    session.commit()
    now = LATER
    assert [u.address_on("whatsapp") for u in list_subscribers(session, now)] == [
        "+919876543210",
        "+61491570156",
    ]
    assert [
        u.address_on("whatsapp")
        for u in list_subscribers(session, now, SubscriberFilter(active=True))
    ] == ["+919876543210"]
    assert [
        u.address_on("whatsapp")
        for u in list_subscribers(session, now, SubscriberFilter(active=False))
    ] == ["+61491570156"]
    zone = SubscriberFilter(timezone="Australia/Sydney")
    assert [u.address_on("whatsapp") for u in list_subscribers(session, now, zone)] == [
        "+61491570156"
    ]


def test_records_carry_what_the_cli_prints(session):
    user = subscribe(session, "+919876543210", *DELHI, now=NOW, send_time="07:05")
    record = as_record(user, NOW)
    assert {
        k: record[k] for k in ("phone", "city", "timezone", "send_time", "active", "language")
    } == {
        "phone": "+919876543210",
        "city": "Delhi",
        "timezone": "Asia/Kolkata",
        "send_time": "07:05",
        "active": True,
        "language": "en",
    }


def test_preferences_change_without_touching_the_place(session):
    subscribe(session, "+919876543210", *DELHI, now=NOW)
    user = update_preferences(session, "+919876543210", LATER, language="bn", send_time="05:15")
    assert (user.language, user.send_time, user.timezone) == ("bn", time(5, 15), "Asia/Kolkata")
    with pytest.raises(ValueError, match="language 'zz'"):
        update_preferences(session, "+919876543210", LATER, language="zz")


def test_counting_and_searching_by_name_or_phone(session):
    subscribe(session, "+919876543210", *DELHI, now=NOW, name="Asha Rao")
    subscribe(session, "+61491570156", *SYDNEY, now=NOW, name="Priya")
    session.commit()
    assert count_subscribers(session, NOW) == 2
    assert count_subscribers(session, NOW, SubscriberFilter(text="asha")) == 1
    assert [
        u.address_on("whatsapp")
        for u in list_subscribers(session, NOW, SubscriberFilter(text="4915"))
    ] == ["+61491570156"]
    assert len(list_subscribers(session, NOW, SubscriberFilter(limit=1, offset=1))) == 1
