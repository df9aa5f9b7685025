"""A new user, end to end: signed webhooks -> web -> Redis -> real Celery worker -> the fake."""

from __future__ import annotations

import hashlib
import hmac
import json
import subprocess
import sys
import time

import pytest

from lokpanchang import clock
from lokpanchang.storage import migrate
from lokpanchang.storage.addresses import at_addresses
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import FOREVER, UserDetail
from lokpanchang.web import create_app
from tests.conversation import bodies
from tests.fakes.support import PHONE_NUMBER_ID, TOKEN, FakeInThread, fake_config

SECRET = "e2e-secret"
WA_ID = "447911123456"


def signed_post(client, body: dict, secret: str | None = SECRET):
    raw = json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if secret is not None:
        headers["X-Hub-Signature-256"] = (
            "sha256=" + hmac.new(secret.encode(), raw, hashlib.sha256).hexdigest()
        )
    return client.post("/webhook", data=raw, headers=headers)


def wait_for(predicate, what: str, deadline_s: float = 60.0):
    deadline = clock.monotonic() + deadline_s
    while clock.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"{what}: not seen within {deadline_s} s")


def welcome_expected() -> bool:
    """Today's panchangam goes out at once when London's 06:30 has passed (before it, the
    daily run serves the new subscriber)."""
    from datetime import time as clock_time
    from zoneinfo import ZoneInfo

    return clock.now().astimezone(ZoneInfo("Europe/London")).time() >= clock_time(6, 30)


@pytest.fixture
def fake():
    fake = FakeInThread(fake_config())
    yield fake
    fake.stop()


@pytest.fixture
def environment(tmp_path, redis_url, fake):
    database_url = f"sqlite:///{tmp_path / 'e2e.sqlite3'}"
    migrate.upgrade(database_url)
    return {
        "ENVIRONMENT": "test",
        "DATA_DIR": str(tmp_path / "var"),
        "DATABASE_URL": database_url,
        "CELERY_BROKER_URL": redis_url,
        "CELERY_RESULT_BACKEND": redis_url,
        "DELIVERY_BACKEND": "whatsapp",
        "WHATSAPP_BASE_URL": fake.base_url,
        "WHATSAPP_PHONE_NUMBER_ID": PHONE_NUMBER_ID,
        "WHATSAPP_ACCESS_TOKEN": TOKEN,
        "WHATSAPP_APP_SECRET": SECRET,
    }


@pytest.fixture
def worker(environment):
    import os

    env = {**os.environ, **environment}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "lokpanchang.tasks",
            "worker",
            "-Q",
            "priority",
            "-c",
            "1",
            "--pool",
            "solo",
            "--loglevel",
            "WARNING",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    yield process
    process.terminate()
    process.wait(timeout=30)


@pytest.mark.integration
@pytest.mark.slow
def test_a_new_user_subscribes_by_sharing_a_location(environment, worker, fake):
    from lokpanchang.config import load_settings

    client = create_app(load_settings(environment)).test_client()
    assert signed_post(client, bodies.text(WA_ID, "start")).status_code == 200
    asked = wait_for(
        lambda: [m for m in fake.received() if m["type"] == "interactive"], "the location request"
    )
    assert asked[0]["to"] == WA_ID

    assert signed_post(client, bodies.location(WA_ID, "51.5072", "-0.1276")).status_code == 200
    confirmation = wait_for(
        lambda: [m for m in fake.received() if m["type"] == "text"], "the confirmation"
    )
    assert "Europe/London" in confirmation[0]["payload"]["text"]["body"]
    with transaction(environment["DATABASE_URL"]) as session:
        subscriber = session.query(UserDetail).filter(at_addresses("whatsapp", [f"+{WA_ID}"])).one()
        assert (subscriber.timezone, subscriber.obsoleted_on) == ("Europe/London", FOREVER)
    if welcome_expected():
        [template] = wait_for(
            lambda: [m for m in fake.received() if m["type"] == "template"], "today's panchangam"
        )
        assert template["to"] == WA_ID and template["accepted"]

    before = len(fake.received())
    assert signed_post(client, bodies.text(WA_ID, "stop"), secret=None).status_code == 401
    assert signed_post(client, bodies.text(WA_ID, "stop"), secret="wrong").status_code == 403
    assert signed_post(client, bodies.text(WA_ID, "help")).status_code == 200
    wait_for(lambda: len(fake.received()) > before, "the help reply")
    with transaction(environment["DATABASE_URL"]) as session:
        assert (
            session.query(UserDetail)
            .filter(at_addresses("whatsapp", [f"+{WA_ID}"]))
            .one()
            .obsoleted_on
            == FOREVER
        )
