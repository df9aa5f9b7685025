"""`lokpanchang up --fake-whatsapp`: the real channel against the shipped fake, webhooks included."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from lokpanchang.storage import migrate
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import UserDetail
from tests.broadcast.helpers import add_subscriber, ledger
from tests.scheduling.cluster import next_kolkata_morning
from tests.upprocess import Up, get_json, morning_env, running

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def fake_url(up: Up) -> str | None:
    return up.announced(r"fake WhatsApp Cloud API at (http://127\.0\.0\.1:\d+)")


def phone_of(database: str, user_id: int) -> str:
    with transaction(database) as session:
        return (session.get_one(UserDetail, user_id).address_on("whatsapp") or "").lstrip("+")


def webhook_accepted(base: str) -> bool:
    return any(w["response"] == 200 for w in get_json(f"{base}/_fake/webhooks").get("webhooks", []))


def test_up_with_the_fake_sends_the_template_there_and_takes_its_signed_webhooks(tmp_path):
    due = next_kolkata_morning(datetime.now(UTC))
    env = morning_env(tmp_path, due)
    database = f"sqlite:///{tmp_path / 'var' / 'lokpanchang.sqlite3'}"
    migrate.upgrade(database)
    user = add_subscriber(database, "Asia/Kolkata", created_on=due - timedelta(hours=1))
    with running(tmp_path, env, "--fake-whatsapp") as up:
        base = up.wait_for(lambda: fake_url(up), 30, "the fake's address")
        sent = up.wait_for(
            lambda: get_json(f"{base}/_fake/messages?accepted=1").get("messages"),
            150,
            "a message at the fake",
        )
        received = [(m["type"], str(m["to"]).lstrip("+")) for m in sent]
        assert received == [("template", phone_of(database, user))]
        up.wait_for(
            lambda: webhook_accepted(base), 60, "a signed status webhook accepted by /webhook"
        )
        up.wait_for(
            lambda: ledger(database)[0].status in ("delivered", "read"),
            60,
            "the ledger row moved forward by the fake's status webhooks",
        )
        assert not (tmp_path / "var" / "outbox.jsonl").exists()
