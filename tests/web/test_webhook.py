"""``/webhook`` through the Flask test client: bodies stored in a real database (the durable
inbound store), tasks published to a real Redis broker."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json

import pytest
import redis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lokpanchang.storage import inbound
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import InboundWebhook, InboundWork
from lokpanchang.web import create_app
from lokpanchang.web.webhook import DEVELOPMENT_VERIFY_TOKEN
from tests.conversation import bodies

SECRET = "app-secret"


def sign(raw: bytes, secret: str = SECRET) -> str:
    return "sha256=" + hmac.new(secret.encode(), raw, hashlib.sha256).hexdigest()


@pytest.fixture
def app_settings(make_settings, redis_url, migrated_sqlite):
    return make_settings(
        environment="test",
        database_url=migrated_sqlite,
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
        make_settings(environment="production", secret_key="Jq4Vb8-Xn2Lr6Zt0Wm3Hs7Kd1Pf5Yc9Gu")
    )
    url = f"/webhook?hub.mode=subscribe&hub.verify_token={DEVELOPMENT_VERIFY_TOKEN}&hub.challenge=1"
    assert app.test_client().get(url).status_code == 403


def test_development_has_a_logged_default_verify_token(make_settings):
    app = create_app(make_settings(environment="development"))
    url = f"/webhook?hub.mode=subscribe&hub.verify_token={DEVELOPMENT_VERIFY_TOKEN}&hub.challenge=7"
    assert app.test_client().get(url).text == "7"


def stored(app_settings, work: InboundWork) -> list[InboundWebhook]:
    """The rows of the inbound store waiting for ``work``, oldest first."""
    with transaction(app_settings.effective_database_url) as session:
        return list(session.query(InboundWebhook).filter_by(work=work).order_by(InboundWebhook.id))


def task_args(message: dict) -> list:
    return json.loads(base64.b64decode(message["body"]))[0]


def test_a_signed_body_is_stored_and_its_id_queued_on_the_priority_queue(client, app_settings):
    raw = json.dumps(bodies.text("919800000001", "start")).encode()
    assert post(client, raw, sign(raw)).status_code == 200
    [row] = stored(app_settings, InboundWork.CONVERSATION)
    assert (row.channel, json.loads(row.body)) == ("whatsapp", json.loads(raw))
    [message] = queued(app_settings)
    assert message["queue"] == "priority"
    assert message["headers"]["task"] == "tasks.handle_inbound"
    assert task_args(message) == [row.id]  # the id, never what the person wrote
    assert "919800000001" not in json.dumps(message)


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
def test_a_broker_outage_still_answers_200_because_the_body_is_stored(
    make_settings, migrated_sqlite, body
):
    from tests import servers

    dead = f"redis://127.0.0.1:{servers.free_port()}/0"
    settings = make_settings(
        environment="test",
        whatsapp_app_secret=SECRET,
        database_url=migrated_sqlite,
        celery_broker_url=dead,
        celery_result_backend=dead,
    )
    raw = json.dumps(body).encode()
    assert post(create_app(settings).test_client(), raw, sign(raw)).status_code == 200
    with transaction(migrated_sqlite) as session:
        assert inbound.waiting(session) == 1  # recovery queues it once the broker is back


@pytest.mark.parametrize(
    "body", [bodies.text("919800000001", "start"), bodies.status("read")], ids=["text", "status"]
)
def test_a_database_that_cannot_store_it_answers_503_so_meta_retries(
    make_settings, redis_url, tmp_path, body
):
    settings = make_settings(
        environment="test",
        whatsapp_app_secret=SECRET,
        database_url=f"sqlite:///{tmp_path / 'never-migrated.sqlite3'}",
        celery_broker_url=redis_url,
        celery_result_backend=redis_url,
    )
    raw = json.dumps(body).encode()
    assert post(create_app(settings).test_client(), raw, sign(raw)).status_code == 503
    assert queued(settings) == []


# Status webhooks: stored as neutral events, their own queue -------------------------------


def stored_statuses(app_settings) -> list[list[tuple]]:
    return [
        [(s["status"], s["ledger_id"]) for s in json.loads(row.body)]
        for row in stored(app_settings, InboundWork.STATUSES)
    ]


def test_status_webhooks_are_stored_and_one_applier_is_queued(client, app_settings):
    for state in ("sent", "delivered", "read"):
        raw = json.dumps(bodies.status(state, callback="message_log:7")).encode()
        assert post(client, raw, sign(raw)).status_code == 200
    assert stored_statuses(app_settings) == [[("sent", 7)], [("delivered", 7)], [("read", 7)]]
    [message] = queued(app_settings)  # nothing on priority: a person's "start" waits for none
    assert (message["queue"], message["headers"]["task"]) == ("statuses", "tasks.apply_statuses")
    assert task_args(message) == []


def test_a_stored_status_names_no_one(client, app_settings):
    raw = json.dumps(bodies.status("read", callback="message_log:7")).encode()
    assert b"recipient_id" in raw
    assert post(client, raw, sign(raw)).status_code == 200
    [row] = stored(app_settings, InboundWork.STATUSES)
    assert "919800000001" not in row.body and "recipient" not in row.body


def test_a_body_with_statuses_and_a_message_is_split_between_the_queues(client, app_settings):
    body = bodies.text("919800000001", "start")
    body["entry"][0]["changes"][0]["value"]["statuses"] = bodies.status("read")["entry"][0][
        "changes"
    ][0]["value"]["statuses"]
    raw = json.dumps(body).encode()
    assert post(client, raw, sign(raw)).status_code == 200
    assert [[status for status, _ in row] for row in stored_statuses(app_settings)] == [["read"]]
    [row] = stored(app_settings, InboundWork.CONVERSATION)
    value = json.loads(row.body)["entry"][0]["changes"][0]["value"]
    assert ("statuses" in value, value["messages"][0]["text"]) == (False, {"body": "start"})
    conversation = [m for m in queued(app_settings) if m["queue"] == "priority"]
    assert [task_args(m) for m in conversation] == [[row.id]]


def test_a_body_with_nothing_we_read_stores_and_queues_nothing(client, app_settings):
    raw = json.dumps(bodies.envelope({"errors": [{"code": 1}]})).encode()
    assert post(client, raw, sign(raw)).status_code == 200
    assert queued(app_settings) == []
    with transaction(app_settings.effective_database_url) as session:
        assert inbound.waiting(session) == 0
