"""Migration 0010_telegram on SQLite and PostgreSQL: a subscriber's channel, chat id and link
code, the phone optional, and every subscriber addressed on their channel (CHECK)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from lokpanchang.storage import migrate
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.storage.models import FOREVER, UserDetail
from tests.storage.test_ops_migration import _differences

PREVIOUS = "0009_ledger_states"
NOW = datetime(2026, 11, 29, tzinfo=UTC)


def add(url: str, **values) -> int:
    with transaction(url) as session:
        user = UserDetail(created_on=NOW, obsoleted_on=FOREVER, **values)
        session.add(user)
        session.flush()
        return user.id


def test_the_migration_creates_what_the_model_describes(database_url):
    assert _differences(database_url, {"user_detail"}) == []


def test_a_telegram_subscriber_needs_a_chat_and_a_whatsapp_one_a_phone(database_url):
    add(database_url, chat_id="123", channel="telegram")
    add(database_url, phone="+919800000001")
    for values in ({"channel": "telegram", "phone": "+919800000002"}, {"channel": "whatsapp"}):
        with pytest.raises(IntegrityError):
            add(database_url, **values)
    with pytest.raises(IntegrityError):
        add(database_url, chat_id="5", channel="signal")
    with pytest.raises(IntegrityError):  # one subscriber per chat
        add(database_url, chat_id="123", channel="telegram")


def test_downgrading_refuses_while_telegram_only_subscribers_exist(database_url):
    add(database_url, chat_id="123", channel="telegram")
    with pytest.raises(RuntimeError, match="Telegram subscribers without a phone"):
        migrate.downgrade(database_url, PREVIOUS)


def test_downgrading_and_upgrading_again_keeps_whatsapp_subscribers(database_url):
    user = add(database_url, phone="+919800000001")
    migrate.downgrade(database_url, PREVIOUS)
    columns = {c["name"] for c in inspect(engine_for(database_url)).get_columns("user_detail")}
    assert not {"channel", "chat_id", "link_code"} & columns
    migrate.upgrade(database_url)
    assert _differences(database_url, {"user_detail"}) == []
    with transaction(database_url) as session:
        row = session.execute(text(f"SELECT phone, channel FROM user_detail WHERE id = {user}"))
        assert tuple(row.one()) == ("+919800000001", "whatsapp")
