"""Migration 0015_subscriber_calendar on SQLite and PostgreSQL: ``user_detail.calendar``, NULL
by default, one of the almanac's calendars by CHECK, dropped (and only it) on downgrade."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from lokpanchang.almanac.calendars.kinds import CHOICES
from lokpanchang.storage import migrate
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.storage.models import FOREVER, UserDetail
from tests.storage.test_ops_migration import _differences

PREVIOUS = "0014_subscriber_addresses"
NOW = datetime(2026, 12, 2, tzinfo=UTC)


def add(url: str, phone: str, calendar: str | None = None) -> int:
    with transaction(url) as session:
        user = UserDetail.at(
            "whatsapp", phone, calendar=calendar, created_on=NOW, obsoleted_on=FOREVER
        )
        session.add(user)
        session.flush()
        return user.id


def test_the_migration_creates_what_the_model_describes(database_url):
    assert _differences(database_url, {"user_detail"}) == []


def test_a_subscriber_may_choose_any_known_calendar_or_none(database_url):
    for number, calendar in enumerate((None, *CHOICES)):
        add(database_url, f"+9198000000{number:02d}", calendar)
    with pytest.raises(IntegrityError):
        add(database_url, "+919800000099", "martian")


def test_downgrading_drops_only_the_choice_and_upgrading_again_restores_the_column(database_url):
    user = add(database_url, "+919800000001", "tamil")
    migrate.downgrade(database_url, PREVIOUS)
    columns = {c["name"] for c in inspect(engine_for(database_url)).get_columns("user_detail")}
    assert "calendar" not in columns and "language" in columns
    migrate.upgrade(database_url)
    assert _differences(database_url, {"user_detail"}) == []
    with transaction(database_url) as session:
        row = session.execute(text(f"SELECT language, calendar FROM user_detail WHERE id = {user}"))
        assert tuple(row.one()) == ("en", None)
        held = session.execute(
            text(f"SELECT address FROM subscriber_address WHERE user_id = {user}")
        )
        assert held.scalars().all() == ["+919800000001"]  # the table copy kept their address
