"""Bulk import writes every good row in one go and reactivates known phones."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select

from lokpanchang.storage.models import FOREVER, CityDetail, SubscriptionEvent, UserDetail
from lokpanchang.subscribers import (
    import_subscribers,
    list_subscribers,
    new_subscriber,
    stop,
    subscribe,
)

NOW = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)

ROWS = [
    new_subscriber("+919800000001", 28.6139, 77.2090, "Asha", "hi", "06:30"),
    new_subscriber("+919800000002", 28.62, 77.21, "Ravi", "en", "06:00"),
    new_subscriber("+9779851012345", 27.7172, 85.3240, "Bikash"),
    new_subscriber("+6433055012", -43.9535, -176.5597, "Hemi"),
]


def count(session, model) -> int:
    return session.scalar(select(func.count()).select_from(model))


def test_it_creates_subscribers_with_zones_cities_and_events(session):
    report = import_subscribers(session, ROWS, NOW)
    session.commit()
    users = {u.address_on("whatsapp"): u for u in list_subscribers(session, NOW)}
    assert report.created == 4
    assert users["+6433055012"].timezone == "Pacific/Chatham"
    assert users["+9779851012345"].city.city == "Kathmandu"
    assert users["+919800000002"].obsoleted_on == FOREVER
    assert count(session, CityDetail) == 3
    assert count(session, SubscriptionEvent) == 4


def test_importing_again_updates_in_place_and_resumes_the_stopped(session):
    import_subscribers(session, ROWS, NOW)
    stop(session, "+6433055012", NOW + timedelta(hours=1))
    session.commit()
    renamed = [new_subscriber("+919800000001", 28.6139, 77.2090, "Asha Devi", "hi", "06:30")]
    report = import_subscribers(session, renamed + ROWS[1:], NOW + timedelta(days=1))
    session.commit()
    assert (report.created, report.updated, report.resumed, report.unchanged) == (0, 1, 1, 2)
    assert count(session, UserDetail) == 4
    assert all(u.is_active(NOW + timedelta(days=2)) for u in list_subscribers(session, NOW))
    kinds = session.scalars(
        select(SubscriptionEvent.kind).where(SubscriptionEvent.at == NOW + timedelta(days=1))
    )
    assert sorted(kinds) == ["resumed", "updated"]


def test_importing_the_same_rows_again_records_nothing(session):
    import_subscribers(session, ROWS, NOW)
    session.commit()
    events_before = count(session, SubscriptionEvent)
    report = import_subscribers(session, ROWS, NOW + timedelta(days=1))
    session.commit()
    assert (report.created, report.updated, report.resumed, report.unchanged) == (0, 0, 0, 4)
    assert count(session, SubscriptionEvent) == events_before
    assert all(
        u.updated_on is None or u.updated_on < NOW + timedelta(days=1)
        for u in list_subscribers(session, NOW)
    )


def test_columns_missing_from_the_file_keep_stored_values(session):
    subscribe(session, "+919800000001", 0, 0, now=NOW, name="Kept", language="ta")
    session.commit()
    moved = new_subscriber("+919800000001", 28.6139, 77.2090)
    import_subscribers(session, [moved], NOW, columns=())
    session.commit()
    (user,) = list_subscribers(session, NOW)
    session.refresh(user)
    assert (user.display_name, user.language, user.timezone) == ("Kept", "ta", "Asia/Kolkata")


def test_cities_already_stored_are_reused(session):
    subscribe(session, "+919800000009", 28.6139, 77.2090, now=NOW)
    session.commit()
    import_subscribers(session, ROWS, NOW)
    session.commit()
    assert count(session, CityDetail) == 3


def test_many_phones_are_matched_in_one_pass_with_the_same_result(session, monkeypatch):
    from lokpanchang.storage import subscriber_import

    import_subscribers(session, ROWS, NOW)
    session.commit()
    monkeypatch.setattr(subscriber_import, "WHOLE_TABLE_ABOVE", 1)
    report = import_subscribers(session, ROWS, NOW)
    assert (report.created, report.unchanged) == (0, 4)  # every phone matched, none changed
    assert count(session, UserDetail) == 4


def test_a_remote_subscriber_gets_the_same_city_row_imported_or_subscribed_one_by_one(session):
    # Kiritimati: only places of 500+ name it (the nearest town of 5,000+ is in Hawaii).
    imported = new_subscriber("+68673000001", 1.985, -157.475)
    import_subscribers(session, [imported], NOW)
    subscribe(session, "+68673000002", 1.9851, -157.4751, now=NOW)
    session.commit()
    users = list_subscribers(session, NOW)
    assert {user.city_id for user in users} == {users[0].city_id}
    city = users[0].city
    assert (city.city, city.country_code, city.timezone) == (
        "London Village",
        "KI",
        "Pacific/Kiritimati",
    )
    assert {user.timezone for user in users} == {"Pacific/Kiritimati"}
