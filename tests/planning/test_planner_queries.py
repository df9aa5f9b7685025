"""The planner pass's queries on SQLite and PostgreSQL: which (zone, send time) groups are
active at an instant, which catch-up slots are owed, and on PostgreSQL that they read a few
index entries per group, never every subscriber (issue 23 item 5)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

from sqlalchemy import text, update

from lokpanchang.storage import audience
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import FOREVER, UserDetail

JOINED = datetime(2026, 1, 1, tzinfo=UTC)
NOW = datetime(2026, 3, 1, 0, 0, tzinfo=UTC)
SIX_THIRTY, SEVEN = time(6, 30), time(7, 0)


def _subscriber(n: int, zone: str | None, send_time=SIX_THIRTY, **fields) -> UserDetail:
    fields = {"created_on": JOINED, "obsoleted_on": FOREVER, **fields}
    return UserDetail.at("whatsapp", f"+9198{n:08d}", timezone=zone, send_time=send_time, **fields)


def _add(url: str, *users: UserDetail) -> list[int]:
    with transaction(url) as session:
        session.add_all(users)
        session.flush()
        return [user.id for user in users]


def _groups(url: str, now: datetime = NOW) -> list[tuple[str, time]]:
    with transaction(url) as session:
        return audience.active_zone_send_times(session, now)


def test_a_group_is_listed_while_one_of_its_subscribers_is_active(database_url):
    _add(
        database_url,
        _subscriber(1, "Asia/Kolkata"),
        _subscriber(2, "Asia/Kolkata", obsoleted_on=NOW - timedelta(days=1)),
        _subscriber(3, "Asia/Kolkata", SEVEN),
        _subscriber(4, "Europe/Berlin", obsoleted_on=NOW),  # stopped at this very instant
        _subscriber(5, "Asia/Tokyo", obsoleted_on=NOW + timedelta(hours=1)),  # stops later
        _subscriber(6, None),  # no place shared yet
        _subscriber(7, "America/Chicago", paused_until=NOW.date() + timedelta(days=3)),
    )
    assert _groups(database_url) == [
        ("America/Chicago", SIX_THIRTY),  # paused subscribers keep their group planned
        ("Asia/Kolkata", SIX_THIRTY),
        ("Asia/Kolkata", SEVEN),
        ("Asia/Tokyo", SIX_THIRTY),
    ]
    # The instant before Berlin's one subscriber stopped, and the instant Tokyo's stops.
    assert ("Europe/Berlin", SIX_THIRTY) in _groups(database_url, NOW - timedelta(microseconds=1))
    assert ("Asia/Tokyo", SIX_THIRTY) not in _groups(database_url, NOW + timedelta(hours=1))


def test_subscribe_stop_and_move_are_seen_by_the_next_pass(database_url):
    (first,) = _add(database_url, _subscriber(1, "Europe/Berlin"))
    assert _groups(database_url) == [("Europe/Berlin", SIX_THIRTY)]
    _add(database_url, _subscriber(2, "Asia/Tokyo", SEVEN))
    with transaction(database_url) as session:  # the first moves to Tokyo at 07:00
        session.execute(
            update(UserDetail)
            .where(UserDetail.id == first)
            .values(timezone="Asia/Tokyo", send_time=SEVEN)
        )
    assert _groups(database_url) == [("Asia/Tokyo", SEVEN)]
    with transaction(database_url) as session:  # both stop
        session.execute(update(UserDetail).values(obsoleted_on=NOW - timedelta(seconds=1)))
    assert _groups(database_url) == []


def test_a_catch_up_slot_is_owed_once_an_active_subscriber_had_joined_by_it(database_url):
    later = JOINED + timedelta(days=10)
    _add(
        database_url,
        _subscriber(1, "Asia/Kolkata", created_on=later),
        # Joined earlier but stopped: owed nothing any more.
        _subscriber(2, "Asia/Kolkata", obsoleted_on=NOW - timedelta(days=1)),
        # At sunrise: owed since the sunrise slot their send time stands for.
        _subscriber(3, "Asia/Tokyo", sunrise_offset=0, sunrise_due_at=later),
    )
    slots = [
        ("Asia/Kolkata", SIX_THIRTY, later - timedelta(seconds=1)),
        ("Asia/Kolkata", SIX_THIRTY, later),
        ("Asia/Kolkata", SEVEN, later),
        ("Asia/Tokyo", SIX_THIRTY, later - timedelta(seconds=1)),
        ("Asia/Tokyo", SIX_THIRTY, later),
    ]
    with transaction(database_url) as session:
        owed = audience.owed_slots(session, slots, NOW)
    assert owed == {slots[1], slots[4]}


# On PostgreSQL: entries read from user_detail and its indexes in this transaction.
ROWS_READ = text(
    "SELECT sum(pg_stat_get_xact_tuples_returned(oid)) FROM pg_class WHERE oid = "
    "'user_detail'::regclass OR oid IN (SELECT indexrelid FROM pg_index "
    "WHERE indrelid = 'user_detail'::regclass)"
)


def _many(postgres_url: str, count: int) -> None:
    """``count`` daily subscribers in two groups, a stopped group between them, one at sunrise."""
    from lokpanchang.storage import migrate

    migrate.upgrade(postgres_url)
    users = [_subscriber(n, "Asia/Kolkata" if n % 2 else "Asia/Tokyo") for n in range(count)]
    users.append(_subscriber(count, "Asia/Kathmandu", obsoleted_on=NOW - timedelta(days=1)))
    users.append(
        _subscriber(count + 1, "Asia/Kolkata", sunrise_offset=0, latitude=22.6, longitude=88.4)
    )
    _add(postgres_url, *users)
    with transaction(postgres_url) as session:
        session.execute(text("ANALYZE user_detail"))


def _rows_read(url: str, query) -> tuple[int, object]:
    with transaction(url) as session:
        before = session.scalar(ROWS_READ) or 0
        result = query(session)
        return (session.scalar(ROWS_READ) or 0) - before, result


def test_the_groups_cost_a_few_index_entries_each_not_one_per_subscriber(postgres_url):
    _many(postgres_url, 3000)
    read, groups = _rows_read(
        postgres_url, lambda session: audience.active_zone_send_times(session, NOW)
    )
    assert groups == [("Asia/Kolkata", SIX_THIRTY), ("Asia/Tokyo", SIX_THIRTY)]
    assert read <= 20, f"{read} entries read for 3 groups of 3,002 subscribers"


def test_the_subscribers_at_sunrise_are_found_without_reading_the_others(postgres_url):
    _many(postgres_url, 3000)
    read, due = _rows_read(
        postgres_url, lambda session: audience.sunrise_subscribers_due(session, NOW)
    )
    assert [row[1] for row in due] == ["Asia/Kolkata"]
    assert read <= 5, f"{read} entries read for 1 subscriber at sunrise among 3,002"
