"""Telegram updates as neutral events, and several channels behind one sender."""

from __future__ import annotations

import asyncio

import pytest

from lokpanchang.delivery.base import Outcome, OutgoingMessage
from lokpanchang.delivery.channels import Channels, identities_for
from lokpanchang.delivery.events import Inbound, InboundKind
from lokpanchang.delivery.memory import MemorySender
from lokpanchang.delivery.telegram_inbound import parse_update


def update(message: dict, update_id: int = 900) -> dict:
    chat = {"id": 4242, "type": "private", "first_name": "Asha"}
    person = {"id": 4242, "is_bot": False, "first_name": "Asha", "last_name": "Rao"}
    return {"update_id": update_id, "message": {"message_id": 3, "from": person, "chat": chat,
                                                "date": 1, **message}}  # fmt: skip


@pytest.mark.parametrize(
    ("text", "word", "code"),
    [
        ("/start", "start", ""),
        ("/start abc_DEF-123", "start", "abc_DEF-123"),
        ("/stop@LokPanchangBot", "stop", ""),
        ("/help", "help", ""),
        ("हिंदी", "हिंदी", ""),
        ("/stop now", "stop", ""),
    ],
)
def test_commands_lose_their_slash_and_bot_name_and_start_keeps_its_code(text, word, code):
    [event] = parse_update(update({"text": text}))
    assert event == Inbound(
        "telegram", "4242", "tg:900", InboundKind.TEXT, word, name="Asha Rao", link_code=code
    )


def test_a_shared_location_is_a_location_event():
    [event] = parse_update(update({"location": {"latitude": 40.71, "longitude": -74.0}}))
    assert (event.kind, event.latitude, event.longitude) == (InboundKind.LOCATION, 40.71, -74.0)
    assert event.message_id == "tg:900" and event.sender == "4242"


@pytest.mark.parametrize(
    "body",
    [
        None,
        [],
        {"update_id": "9", "message": {}},
        {"update_id": True, "message": {}},
        {"update_id": 9},
        {"update_id": 9, "edited_message": {"text": "/stop"}},
        {"update_id": 9, "message": {"chat": {"id": -100, "type": "group"}, "text": "/stop"}},
        {"update_id": 9, "message": {"chat": {"id": "4242", "type": "private"}, "text": "/stop"}},
    ],
)
def test_anything_but_a_private_message_with_ids_is_nothing(body):
    assert parse_update(body) == []


def test_a_sticker_is_nothing_to_answer():
    [event] = parse_update(update({"sticker": {"file_id": "x"}}))
    assert event.kind is InboundKind.OTHER


def test_a_start_code_longer_than_telegram_allows_is_ignored():
    [event] = parse_update(update({"text": "/start " + "a" * 65}))
    assert (event.text, event.link_code) == ("start", "")


def test_channels_send_each_message_on_its_own_channel_in_order():
    whatsapp, telegram = MemorySender(identities=("111",)), MemorySender(name="telegram")
    channels = Channels({"whatsapp": whatsapp, "telegram": telegram})
    messages = [
        OutgoingMessage(1, "+919800000001"),
        OutgoingMessage(2, "4242", channel="telegram"),
        OutgoingMessage(3, "+919800000002"),
    ]
    results = asyncio.run(channels.send_batch(messages))
    assert [r.ledger_id for r in results] == [1, 2, 3]
    assert [m.ledger_id for m in whatsapp.sent] == [1, 3]
    assert [m.ledger_id for m in telegram.sent] == [2]
    assert identities_for(channels, "whatsapp") == ("111",)
    assert identities_for(channels, "telegram") == ()


def test_a_message_for_a_channel_not_configured_is_skipped_saying_which_setting():
    channels = Channels({"whatsapp": MemorySender()})
    [result] = asyncio.run(channels.send_batch([OutgoingMessage(5, "4242", channel="telegram")]))
    assert result.outcome is Outcome.SKIP and "TELEGRAM_BOT_TOKEN" in result.error_detail
