"""`lokpanchang simulate`: signed webhooks as WhatsApp sends them, accepted by the real web,
and a subscriber made by the real conversation from them."""

from __future__ import annotations

import base64
import json
import threading
from datetime import UTC, datetime

import pytest
import redis
from werkzeug.serving import make_server

from lokpanchang.broadcast import make_context
from lokpanchang.cli import main
from lokpanchang.conversation import process_inbound
from lokpanchang.delivery.outbox import read_outbox
from lokpanchang.storage.addresses import at_addresses
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import InboundWebhook, UserDetail
from lokpanchang.web import create_app
from tests import servers

SECRET = "simulated-app-secret"
PHONE = "+919812345678"
NOW = datetime(2026, 12, 1, 4, 0, tzinfo=UTC)


@pytest.fixture
def web(make_settings, settings_env, redis_url, migrated_sqlite):
    settings = make_settings(
        environment="test",
        database_url=migrated_sqlite,
        whatsapp_app_secret=SECRET,
        celery_broker_url=redis_url,
        celery_result_backend=redis_url,
        delivery_backend="outbox",
    )
    server = make_server("127.0.0.1", 0, create_app(settings), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    # The worker's side (the welcome send) reads the process settings: the same ones.
    settings_env(
        database_url=migrated_sqlite,
        delivery_backend="outbox",
        celery_broker_url=redis_url,
        environment="test",
    )
    yield settings, f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    thread.join(10)


def queued_ids(settings) -> list[int]:
    client = redis.Redis.from_url(settings.celery_broker_url)
    try:
        messages = [json.loads(raw) for raw in reversed(client.lrange("priority", 0, -1))]
    finally:
        client.close()
    assert all(m["headers"]["task"] == "tasks.handle_inbound" for m in messages)
    return [json.loads(base64.b64decode(m["body"]))[0][0] for m in messages]


def stored_body(settings, inbound_id: int) -> dict:
    with transaction(settings.effective_database_url) as session:
        row = session.get(InboundWebhook, inbound_id)
        assert row is not None
        return json.loads(row.body)


def test_start_and_a_location_reach_the_conversation_as_a_subscription(web, capsys):
    settings, url = web
    args = ["simulate", "start", "--phone", PHONE, "--lat", "28.6139", "--lon", "77.2090"]
    assert main([*args, "--url", url, "--app-secret", SECRET]) == 0
    out = capsys.readouterr().out
    assert out.count("HTTP 200") == 1 and "outbox" in out
    # One body, the text before the location: one task handles them, in order. (Two bodies
    # were two tasks, and two workers sometimes handled the location first: the "start"
    # after it was answered "You are already subscribed".)
    [inbound_id] = queued_ids(settings)
    body = stored_body(settings, inbound_id)
    [messages] = [change["value"]["messages"] for change in body["entry"][0]["changes"]]
    assert [m["type"] for m in messages] == ["text", "location"]
    process_inbound(
        inbound_id, make_context(settings), NOW
    )  # what handle_inbound does with it, on a worker
    with transaction(settings.effective_database_url) as session:
        user = session.query(UserDetail).filter(at_addresses("whatsapp", [PHONE])).one()
        assert (user.timezone, user.is_active(NOW)) == ("Asia/Kolkata", True)
    outbox = read_outbox(settings.data_dir / "outbox.jsonl")
    sent = [(line["kind"], line["text"]) for line in outbox]
    # "start" asked for the place, the place subscribed them, today's message followed
    assert [kind for kind, _ in sent] == ["location_request", "text", "broadcast"], sent
    assert sent[1][1].startswith("You are subscribed"), sent


def test_the_running_ups_address_and_secret_are_used_by_default(web, capsys):
    settings, url = web
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    (settings.data_dir / "up.json").write_text(json.dumps({"web": url, "app_secret": SECRET}))
    assert main(["simulate", "help", "--phone", PHONE]) == 0
    assert "HTTP 200" in capsys.readouterr().out


def test_a_wrong_secret_is_refused_and_said_so(web, capsys):
    _settings, url = web
    assert main(["simulate", "stop", "--phone", PHONE, "--url", url, "--app-secret", "wrong"]) == 2
    assert "app secret differs" in capsys.readouterr().err


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--phone", "12"], "--phone"),
        (["--phone", PHONE, "--lat", "95", "--lon", "0"], "95"),
        (["--phone", PHONE, "--lat", "28"], "--lat and --lon together"),
    ],
)
def test_bad_input_is_named(settings_env, capsys, extra, message):
    args = ["simulate", "start", *extra, "--url", "http://127.0.0.1:9/", "--app-secret", "s"]
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_nothing_listening_is_said_plainly(settings_env, capsys):

    url = f"http://127.0.0.1:{servers.free_port()}/"
    assert main(["simulate", "start", "--phone", PHONE, "--url", url, "--app-secret", "s"]) == 2
    assert "is `lokpanchang up` running?" in capsys.readouterr().err
