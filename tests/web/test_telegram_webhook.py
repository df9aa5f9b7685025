"""``POST /telegram/webhook`` through the Flask test client, publishing to a real Redis broker:
only an update carrying the configured secret header is read, stored and its id queued."""

from __future__ import annotations

import json

import pytest

from lokpanchang.storage.models import InboundWork
from lokpanchang.web import create_app
from tests.web.test_webhook import queued, stored, task_args

SECRET = "tg-secret_0123456789"
UPDATE = {
    "update_id": 5001,
    "message": {
        "message_id": 1,
        "chat": {"id": 42, "type": "private"},
        "date": 1,
        "text": "/start",
    },
}


@pytest.fixture
def app_settings(make_settings, redis_url, migrated_sqlite):
    return make_settings(
        environment="test",
        database_url=migrated_sqlite,
        telegram_webhook_secret=SECRET,
        celery_broker_url=redis_url,
        celery_result_backend=redis_url,
    )


@pytest.fixture
def client(app_settings):
    return create_app(app_settings).test_client()


def post(client, raw: bytes, secret: str | None):
    headers = {"Content-Type": "application/json"}
    if secret is not None:
        headers["X-Telegram-Bot-Api-Secret-Token"] = secret
    return client.post("/telegram/webhook", data=raw, headers=headers)


def test_an_update_with_the_secret_is_stored_and_its_id_queued(client, app_settings):
    assert post(client, json.dumps(UPDATE).encode(), SECRET).status_code == 200
    [row] = stored(app_settings, InboundWork.CONVERSATION)
    assert (row.channel, json.loads(row.body)) == ("telegram", UPDATE)
    [message] = queued(app_settings)
    assert message["queue"] == "priority"
    assert message["headers"]["task"] == "tasks.handle_inbound"
    assert task_args(message) == [row.id]


def test_a_missing_secret_is_401_and_nothing_is_queued(client, app_settings):
    assert post(client, json.dumps(UPDATE).encode(), None).status_code == 401
    assert queued(app_settings) == []


@pytest.mark.parametrize("secret", ["", "wrong", SECRET + "x", SECRET[:-1], SECRET.upper()])
def test_a_wrong_secret_is_403_and_nothing_is_queued(client, app_settings, secret):
    assert post(client, json.dumps(UPDATE).encode(), secret).status_code == 403
    assert queued(app_settings) == []


def test_a_wrong_secret_is_refused_before_the_body_is_read(client, app_settings):
    response = post(client, b"x" * (2 * 1024 * 1024), "wrong")
    assert response.status_code == 403  # not 413: the body was never read


def test_without_a_configured_secret_every_update_is_refused(make_settings, redis_url):
    settings = make_settings(environment="test", celery_broker_url=redis_url)
    client = create_app(settings).test_client()
    assert post(client, json.dumps(UPDATE).encode(), "").status_code == 403
    assert queued(settings) == []


@pytest.mark.parametrize(
    "raw", [b"{not json", b"[1]", b'{"update_id": "5"}', b'{"message": {}}', b"\xff"]
)
def test_a_body_that_is_no_update_is_400_and_nothing_is_queued(client, app_settings, raw):
    response = post(client, raw, SECRET)
    assert response.status_code == 400 and response.text
    assert queued(app_settings) == []


def test_a_bad_webhook_secret_setting_stops_start_up_naming_it(make_settings):
    from lokpanchang.config import ConfigError

    with pytest.raises(ConfigError, match="TELEGRAM_WEBHOOK_SECRET"):
        make_settings(telegram_webhook_secret="has spaces")
    with pytest.raises(ConfigError, match="TELEGRAM_BOT_USERNAME"):
        make_settings(telegram_bot_username="not a bot")
