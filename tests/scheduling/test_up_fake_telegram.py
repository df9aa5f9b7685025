"""`lokpanchang up --fake-telegram`, as a new user would meet it: a /start update and a shared
location posted to /telegram/webhook with the right secret make a Telegram subscriber and a
sendMessage with today's panchangam; a wrong or missing secret stores nothing."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import InboundMessage, UserDetail
from tests import servers
from tests.scheduling.cluster import next_kolkata_morning
from tests.scheduling.test_up_fake_whatsapp import get_json, wait_for
from tests.upprocess import embedded_env

pytestmark = [pytest.mark.integration, pytest.mark.slow]

CHAT, STRANGER = 4242, 999
UJJAIN = {"latitude": 23.1765, "longitude": 75.7885}


def fake_url(log: Path) -> str | None:
    found = re.search(r"fake Bot API at (http://127\.0\.0\.1:\d+)", log.read_text())
    return found.group(1) if found else None


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
    port = servers.free_port()
    after_send_time = next_kolkata_morning(datetime.now(UTC)) + timedelta(minutes=90)
    offset = after_send_time - datetime.now(UTC)  # 08:00 in Kolkata: today's 06:30 has passed
    env = embedded_env(
        tmp_path,
        LOKPANCHANG_CLOCK_OFFSET=str(offset.total_seconds()),
    )
    log = tmp_path / "up.log"
    with open(log, "w") as out:
        up = subprocess.Popen(
            [sys.executable, "-m", "lokpanchang", "up", "--port", str(port), "--fake-telegram"],
            env=env,
            cwd=tmp_path,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        base = wait_for(lambda: fake_url(log), 30, "the fake's address", log)
        wrong = dict(chat_id=STRANGER, text="/start", secret="not-the-secret")
        assert wait_for(lambda: webhook_answer(base, **wrong), 90, "the web", log) == 403
        assert (
            post_update(base, chat_id=STRANGER, text="/start", secret="")["webhook_status"] == 401
        )
        refused_ids = [
            u["update"]["update_id"] for u in get_json(f"{base}/_fake/webhooks")["webhooks"]
        ]

        assert post_update(base, chat_id=CHAT, text="/start")["webhook_status"] == 200
        [ask] = wait_for(lambda: to_chat(base, CHAT), 60, "the location request", log)
        [[button]] = ask["payload"]["reply_markup"]["keyboard"]
        assert button["request_location"] is True

        assert post_update(base, chat_id=CHAT, location=UJJAIN)["webhook_status"] == 200
        panchangam = wait_for(
            lambda: [m for m in to_chat(base, CHAT) if "Tithi" in m["text"]],
            90,
            "today's panchangam in the chat",
            log,
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
    finally:
        up.terminate()
        try:
            up.wait(timeout=40)
        except subprocess.TimeoutExpired:
            up.kill()
            up.wait()
