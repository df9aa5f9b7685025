"""``/webhook`` through the Flask test client, publishing to a real Redis broker.

(The embedded SQL broker currently refuses ``broker_transport_options`` meant for Redis;
see the report. These tests use Redis, which is what production uses.)"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

import pytest
import redis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lokpanchang.storage import status_inbox
from lokpanchang.web import create_app
from lokpanchang.web.webhook import DEVELOPMENT_VERIFY_TOKEN
from tests.conversation import bodies

SECRET = "app-secret"


def sign(raw: bytes, secret: str = SECRET) -> str:
    return "sha256=" + hmac.new(secret.encode(), raw, hashlib.sha256).hexdigest()


@pytest.fixture
def app_settings(make_settings, redis_url):
    return make_settings(
        environment="test",
        whatsapp_app_secret=SECRET,
        whatsapp_verify_token="verify-me",
        celery_broker_url=redis_url,
        celery_result_backend=redis_url,
    )


@pytest.fixture
def client(app_settings):
    return create_app(app_settings).test_client()


def queued(app_settings) -> list[dict]:
    """Task messages waiting in the broker, on any queue (Redis lists named after queues)."""
    client = redis.Redis.from_url(app_settings.celery_broker_url)
    try:
        return [
            {"queue": queue, **json.loads(raw)}
            for queue in ("priority", "default", "statuses")
            for raw in client.lrange(queue, 0, -1)
        ]
    finally:
        client.close()


def post(client, raw: bytes, signature: str | None):
    headers = {"Content-Type": "application/json"}
    if signature is not None:
        headers["X-Hub-Signature-256"] = signature
    return client.post("/webhook", data=raw, headers=headers)


def test_the_handshake_echoes_the_challenge(client):
    response = client.get(
        "/webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=123"
    )
    assert (response.status_code, response.text) == (200, "123")


def test_the_handshake_refuses_a_wrong_token(client):
    response = client.get("/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1")
    assert response.status_code == 403


def test_production_has_no_default_verify_token(make_settings):
    app = create_app(
        make_settings(environment="production", secret_key="production-grade-key-0123456789-abcdef")
    )
    url = f"/webhook?hub.mode=subscribe&hub.verify_token={DEVELOPMENT_VERIFY_TOKEN}&hub.challenge=1"
    assert app.test_client().get(url).status_code == 403


def test_development_has_a_logged_default_verify_token(make_settings):
    app = create_app(make_settings(environment="development"))
    url = f"/webhook?hub.mode=subscribe&hub.verify_token={DEVELOPMENT_VERIFY_TOKEN}&hub.challenge=7"
    assert app.test_client().get(url).text == "7"


def test_a_signed_body_is_accepted_and_queued_on_the_priority_queue(client, app_settings):
    raw = json.dumps(bodies.text("919800000001", "start")).encode()
    assert post(client, raw, sign(raw)).status_code == 200
    [message] = queued(app_settings)
    assert message["queue"] == "priority"
    assert message["headers"]["task"] == "tasks.handle_inbound"


def test_a_missing_signature_is_401_and_nothing_is_queued(client, app_settings):
    raw = json.dumps(bodies.text("919800000001", "start")).encode()
    assert post(client, raw, None).status_code == 401
    assert queued(app_settings) == []


@pytest.mark.parametrize(
    "signature",
    ["sha256=00", "sha1=abc", "", sign(b"other body"), sign(b'{"a": 1}', "wrong-secret")],
)
def test_a_wrong_signature_is_refused_and_nothing_is_queued(client, app_settings, signature):
    raw = b'{"a": 1}'
    assert post(client, raw, signature).status_code in (401, 403)
    assert queued(app_settings) == []


def test_the_signature_is_checked_on_the_raw_bytes(client, app_settings):
    raw = b'{"entry":  [ ] }'  # re-serialising would change the bytes and the signature
    assert post(client, raw, sign(raw)).status_code == 200


@pytest.mark.parametrize("raw", [b"{not json", b"\xff\xfe", b"[1, 2]", b""])
def test_malformed_json_is_400_and_nothing_is_queued(client, app_settings, raw):
    assert post(client, raw, sign(raw)).status_code == 400
    assert queued(app_settings) == []


def test_no_app_secret_means_every_post_is_refused(make_settings):
    app = create_app(make_settings(environment="test"))
    raw = b"{}"
    assert post(app.test_client(), raw, sign(raw, "")).status_code == 403


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    raw=st.one_of(
        st.binary(max_size=300),
        st.recursive(
            st.none() | st.integers() | st.text(max_size=10),
            lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=3),
            max_leaves=10,
        ).map(lambda v: json.dumps(v).encode()),
    ),
    signed=st.booleans(),
    tamper=st.booleans(),
)
def test_no_webhook_body_signed_or_not_produces_a_500(client, raw, signed, tamper):
    signature = sign(raw) if signed else None
    if signed and tamper:
        signature = signature[:-1] + ("0" if signature[-1] != "0" else "1")
    assert post(client, raw, signature).status_code in (200, 400, 401, 403)


@pytest.mark.parametrize(
    "body", [bodies.text("919800000001", "start"), bodies.status("read")], ids=["text", "status"]
)
def test_a_broker_outage_answers_503_so_meta_retries(make_settings, body):
    from tests import servers

    dead = f"redis://127.0.0.1:{servers.free_port()}/0"
    app = create_app(
        make_settings(
            environment="test",
            whatsapp_app_secret=SECRET,
            celery_broker_url=dead,
            celery_result_backend=dead,
        )
    )
    raw = json.dumps(body).encode()
    assert post(app.test_client(), raw, sign(raw)).status_code == 503


# Status webhooks: their own queue, through the inbox ---------------------------------------


def inbox(app_settings) -> list[list[dict]]:
    """The statuses of each entry waiting in the inbox (a Redis stream), oldest first."""
    client = redis.Redis.from_url(app_settings.celery_broker_url)
    try:
        entries: Any = client.xrange(status_inbox.STREAM)
        return [json.loads(fields[b"s"]) for _id, fields in entries]
    finally:
        client.close()


def test_status_webhooks_go_to_the_inbox_and_one_applier_is_queued(client, app_settings):
    for state in ("sent", "delivered", "read"):
        raw = json.dumps(bodies.status(state, callback="message_log:7")).encode()
        assert post(client, raw, sign(raw)).status_code == 200
    assert [[(s["status"], s["ledger_id"]) for s in entry] for entry in inbox(app_settings)] == [
        [("sent", 7)],
        [("delivered", 7)],
        [("read", 7)],
    ]
    [message] = queued(app_settings)  # nothing on priority: a person's "start" waits for none
    assert (message["queue"], message["headers"]["task"]) == ("statuses", "tasks.apply_statuses")


def test_a_body_with_statuses_and_a_message_is_split_between_the_queues(client, app_settings):
    body = bodies.text("919800000001", "start")
    body["entry"][0]["changes"][0]["value"]["statuses"] = bodies.status("read")["entry"][0][
        "changes"
    ][0]["value"]["statuses"]
    raw = json.dumps(body).encode()
    assert post(client, raw, sign(raw)).status_code == 200
    assert [[s["status"] for s in entry] for entry in inbox(app_settings)] == [["read"]]
    conversation = [m for m in queued(app_settings) if m["queue"] == "priority"]
    channel, task_body = json.loads(base64.b64decode(conversation[0]["body"]))[0]
    assert channel == "whatsapp"
    value = task_body["entry"][0]["changes"][0]["value"]
    assert ("statuses" in value, value["messages"][0]["text"]) == (False, {"body": "start"})


def test_a_body_with_nothing_we_read_queues_nothing(client, app_settings):
    raw = json.dumps(bodies.envelope({"errors": [{"code": 1}]})).encode()
    assert post(client, raw, sign(raw)).status_code == 200
    assert (queued(app_settings), inbox(app_settings)) == ([], [])
