"""Migration 0014_subscriber_addresses on SQLite and PostgreSQL: every subscriber's number and
chat move to ``subscriber_address`` with their subscriber, and back on a downgrade."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from lokpanchang.storage import migrate
from lokpanchang.storage.db import dispose_engine, engine_for, transaction
from lokpanchang.storage.models import SubscriberAddress, UserDetail
from tests.storage.test_ops_migration import _differences
from tests.storage.test_telegram_migration import add

BEFORE = "0013_inbound_webhook"
THIS = "0014_subscriber_addresses"


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        found = f"sqlite:///{tmp_path / 'lokpanchang.sqlite3'}"
    else:
        found = request.getfixturevalue("postgres_server").create_database()
    migrate.upgrade(found, BEFORE)
    yield found
    dispose_engine(found)


def subscribers(url: str) -> list[tuple]:
    """(id, channel, phone, WhatsApp id, chat id) of every subscriber, by id, as the old
    columns held them."""
    with engine_for(url).connect() as connection:
        rows = connection.execute(
            text("SELECT id, channel, phone, wa_id, chat_id FROM user_detail ORDER BY id")
        )
        return [tuple(row) for row in rows]


def three_subscribers(url: str) -> list[int]:
    return [
        add(url, phone="+919800000001", wa_id="919800000001"),
        add(url, chat_id="123456789", channel="telegram"),
        # crossed over: a WhatsApp number kept, messages on Telegram
        add(url, phone="+12025550123", wa_id="12025550123", chat_id="-42", channel="telegram"),
    ]


def test_the_addresses_move_to_their_table_with_their_subscribers(url):
    whatsapp, telegram, crossed = three_subscribers(url)
    migrate.upgrade(url)  # to the head: the model below has the later columns too
    assert _differences(url, {"user_detail", "subscriber_address"}) == []
    with transaction(url) as session:
        users = {u.id: u for u in session.query(UserDetail)}
        held = {
            uid: sorted((a.channel, a.address) for a in user.addresses)
            for uid, user in users.items()
        }
        assert held == {
            whatsapp: [("whatsapp", "+919800000001")],
            telegram: [("telegram", "123456789")],
            crossed: [("telegram", "-42"), ("whatsapp", "+12025550123")],
        }
        assert [users[uid].address for uid in (whatsapp, telegram, crossed)] == [
            "+919800000001",
            "123456789",
            "-42",
        ]
    columns = {c["name"] for c in inspect(engine_for(url)).get_columns("user_detail")}
    assert not {"phone", "chat_id", "wa_id"} & columns


def test_downgrading_puts_every_address_back_in_its_column(url):
    three_subscribers(url)
    before = subscribers(url)
    migrate.upgrade(url, THIS)
    migrate.downgrade(url, BEFORE)
    assert subscribers(url) == before
    with pytest.raises(IntegrityError):  # the CHECKs are back: a WhatsApp subscriber has a phone
        add(url, channel="whatsapp")
    migrate.upgrade(url)
    assert _differences(url, {"user_detail", "subscriber_address"}) == []


def test_an_address_belongs_to_one_subscriber_and_a_subscriber_has_one_per_channel(url):
    first, second, _ = three_subscribers(url)
    migrate.upgrade(url)  # to the head: the model below has the later columns too
    for user_id, address in ((second, "+919800000001"), (first, "+919800000002")):
        with pytest.raises(IntegrityError), transaction(url) as session:
            session.add(
                SubscriberAddress(
                    user_id=user_id,
                    channel="whatsapp",
                    address=address,
                    created_on=session.get(UserDetail, first).created_on,
                )
            )


def test_downgrading_refuses_while_addresses_on_newer_channels_exist(url):
    user = add(url, phone="+919800000001")
    migrate.upgrade(url, THIS)
    with engine_for(url).begin() as connection:
        connection.execute(
            text(
                "INSERT INTO subscriber_address (user_id, channel, address, created_on) "
                f"VALUES ({user}, 'carrier-pigeon', 'loft 7', '2026-11-29 00:00:00')"
            )
        )
    with pytest.raises(RuntimeError, match="addresses on carrier-pigeon"):
        migrate.downgrade(url, BEFORE)
