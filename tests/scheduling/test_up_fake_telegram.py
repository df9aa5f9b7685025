"""`lokpanchang up --fake-telegram`, as a new user would meet it: a /start update and a shared
location posted to /telegram/webhook with the right secret make a Telegram subscriber and a
sendMessage with today's panchangam; a wrong or missing secret stores nothing."""

from __future__ import annotations

import json
import urllib.request
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import InboundMessage, UserDetail
from tests.scheduling.cluster import next_kolkata_morning
from tests.upprocess import Up, embedded_env, get_json, running

pytestmark = [pytest.mark.integration, pytest.mark.slow]

CHAT, STRANGER = 4242, 999
UJJAIN = {"latitude": 23.1765, "longitude": 75.7885}


def fake_url(up: Up) -> str | None:
    return up.announced(r"fake Bot API at (http://127\.0\.0\.1:\d+)")


def post_update(base: str, **spec) -> dict:
    request = urllib.request.Request(
        f"{base}/_fake/updates",
        data=json.dumps(spec).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=15) as response:
        return json.loads(response.read())


def webhook_answer(base: str, **spec):
    """The web's status for an update, or None while the fake or the web is not listening."""
    try:
        status = post_update(base, **spec)["webhook_status"]
    except OSError:
        return None
    return status if isinstance(status, int) else None


def to_chat(base: str, chat: int) -> list[dict]:
    messages = get_json(f"{base}/_fake/messages?accepted=1").get("messages", [])
    return [m for m in messages if m["chat_id"] == chat]


def test_a_new_user_signs_up_on_telegram_and_gets_todays_panchangam(tmp_path):
    after_send_time = next_kolkata_morning(datetime.now(UTC)) + timedelta(minutes=90)
    offset = after_send_time - datetime.now(UTC)  # 08:00 in Kolkata: today's 06:30 has passed
    env = embedded_env(
        tmp_path,
        LOKPANCHANG_CLOCK_OFFSET=str(offset.total_seconds()),
    )
    with running(tmp_path, env, "--fake-telegram") as up:
        base = up.wait_for(lambda: fake_url(up), 30, "the fake's address")
        wrong = dict(chat_id=STRANGER, text="/start", secret="not-the-secret")
        assert up.wait_for(lambda: webhook_answer(base, **wrong), 90, "the web") == 403
        assert (
            post_update(base, chat_id=STRANGER, text="/start", secret="")["webhook_status"] == 401
        )
        refused_ids = [
            u["update"]["update_id"] for u in get_json(f"{base}/_fake/webhooks")["webhooks"]
        ]

        assert post_update(base, chat_id=CHAT, text="/start")["webhook_status"] == 200
        [ask] = up.wait_for(lambda: to_chat(base, CHAT), 60, "the location request")
        [[button]] = ask["payload"]["reply_markup"]["keyboard"]
        assert button["request_location"] is True

        assert post_update(base, chat_id=CHAT, location=UJJAIN)["webhook_status"] == 200
        panchangam = up.wait_for(
            lambda: [m for m in to_chat(base, CHAT) if "Tithi" in m["text"]],
            90,
            "today's panchangam in the chat",
        )
        assert len(panchangam) == 1 and "Ujjain" in panchangam[0]["text"]
        assert any(m["text"].startswith("You are subscribed") for m in to_chat(base, CHAT))

        database = f"sqlite:///{tmp_path / 'var' / 'lokpanchang.sqlite3'}"
        with transaction(database) as session:
            users = session.scalars(select(UserDetail)).all()
            inbound = set(session.scalars(select(InboundMessage.wa_message_id)))
        assert [(u.channel, u.address_on("telegram"), u.address_on("whatsapp")) for u in users] == [
            ("telegram", str(CHAT), "")
        ]
        assert not any(f"tg:{update_id}" in inbound for update_id in refused_ids)
        assert to_chat(base, STRANGER) == []
