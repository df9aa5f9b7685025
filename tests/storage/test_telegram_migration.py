"""Migration 0010_telegram on SQLite and PostgreSQL: a subscriber's channel, chat id and link
code, the phone optional, and every subscriber addressed on their channel (CHECK). Checked
at the revision before the addresses moved to their own table (0014)."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from lokpanchang.storage import migrate
from lokpanchang.storage.db import dispose_engine, engine_for

PREVIOUS = "0009_ledger_states"
THIS = "0011_subscriber_choices"  # 0010 and the columns 0011 adds, before 0014 moves them


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        found = f"sqlite:///{tmp_path / 'lokpanchang.sqlite3'}"
    else:
        found = request.getfixturevalue("postgres_server").create_database()
    migrate.upgrade(found, THIS)
    yield found
    dispose_engine(found)


def add(url: str, **values) -> int:
    values = {"display_name": "", "language": "en", "send_time": "06:30:00"} | values
    values |= {"created_on": "2026-11-29 00:00:00", "obsoleted_on": "2099-12-31 00:00:00"}
    values.setdefault("undeliverable_days", 0)
    columns = ", ".join(values)
    with engine_for(url).begin() as connection:
        return connection.execute(
            text(
                f"INSERT INTO user_detail ({columns}) VALUES "
                f"({', '.join(':' + name for name in values)}) RETURNING id"
            ),
            values,
        ).scalar_one()


def test_a_telegram_subscriber_needs_a_chat_and_a_whatsapp_one_a_phone(url):
    add(url, chat_id="123", channel="telegram")
    add(url, phone="+919800000001")
    for values in ({"channel": "telegram", "phone": "+919800000002"}, {"channel": "whatsapp"}):
        with pytest.raises(IntegrityError):
            add(url, **values)
    with pytest.raises(IntegrityError):
        add(url, chat_id="5", channel="signal")
    with pytest.raises(IntegrityError):  # one subscriber per chat
        add(url, chat_id="123", channel="telegram")


def test_downgrading_refuses_while_telegram_only_subscribers_exist(url):
    add(url, chat_id="123", channel="telegram")
    with pytest.raises(RuntimeError, match="Telegram subscribers without a phone"):
        migrate.downgrade(url, PREVIOUS)


def test_downgrading_and_upgrading_again_keeps_whatsapp_subscribers(url):
    user = add(url, phone="+919800000001")
    migrate.downgrade(url, PREVIOUS)
    columns = {c["name"] for c in inspect(engine_for(url)).get_columns("user_detail")}
    assert not {"channel", "chat_id", "link_code"} & columns
    migrate.upgrade(url, THIS)
    with engine_for(url).connect() as connection:
        row = connection.execute(text(f"SELECT phone, channel FROM user_detail WHERE id = {user}"))
        assert tuple(row.one()) == ("+919800000001", "whatsapp")
