"""`lokpanchang up --fake-whatsapp`: the real channel against the shipped fake, webhooks included."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from lokpanchang.storage import migrate
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import UserDetail
from tests import servers
from tests.broadcast.helpers import add_subscriber, ledger
from tests.scheduling.cluster import next_kolkata_morning, wait_until
from tests.upprocess import morning_env

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def fake_url(log: Path) -> str | None:
    found = re.search(r"fake WhatsApp Cloud API at (http://127\.0\.0\.1:\d+)", log.read_text())
    return found.group(1) if found else None


def phone_of(database: str, user_id: int) -> str:
    with transaction(database) as session:
        return (session.get_one(UserDetail, user_id).address_on("whatsapp") or "").lstrip("+")


def get_json(url: str) -> dict:
    """The fake's answer, or {} while it is not listening yet."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return json.loads(response.read())
    except OSError:
        return {}


def wait_for(predicate, timeout: float, what: str, log: Path):
    """``wait_until``, failing with the end of `up`'s output as it is then."""
    try:
        return wait_until(predicate, timeout, what, interval=0.5)
    except AssertionError as error:
        raise AssertionError(f"{error}\n{log.read_text()[-4000:]}") from None


def webhook_accepted(base: str) -> bool:
    return any(w["response"] == 200 for w in get_json(f"{base}/_fake/webhooks").get("webhooks", []))


def test_up_with_the_fake_sends_the_template_there_and_takes_its_signed_webhooks(tmp_path):
    port = servers.free_port()
    due = next_kolkata_morning(datetime.now(UTC))
    env = morning_env(tmp_path, due)
    database = f"sqlite:///{tmp_path / 'var' / 'lokpanchang.sqlite3'}"
    migrate.upgrade(database)
    user = add_subscriber(database, "Asia/Kolkata", created_on=due - timedelta(hours=1))
    log = tmp_path / "up.log"
    with open(log, "w") as out:
        up = subprocess.Popen(
            [sys.executable, "-m", "lokpanchang", "up", "--port", str(port), "--fake-whatsapp"],
            env=env,
            cwd=tmp_path,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        base = wait_for(lambda: fake_url(log), 30, "the fake's address", log)
        sent = wait_for(
            lambda: get_json(f"{base}/_fake/messages?accepted=1").get("messages"),
            150,
            "a message at the fake",
            log,
        )
        received = [(m["type"], str(m["to"]).lstrip("+")) for m in sent]
        assert received == [("template", phone_of(database, user))]
        wait_for(
            lambda: webhook_accepted(base), 60, "a signed status webhook accepted by /webhook", log
        )
        wait_for(
            lambda: ledger(database)[0].status in ("delivered", "read"),
            60,
            "the ledger row moved forward by the fake's status webhooks",
            log,
        )
        assert not (tmp_path / "var" / "outbox.jsonl").exists()
    finally:
        up.terminate()
        try:
            up.wait(timeout=40)
        except subprocess.TimeoutExpired:
            up.kill()
            up.wait()
