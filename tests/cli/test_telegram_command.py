"""`lokpanchang telegram set-webhook|webhook-info` against the fake Bot API over real HTTP."""

from __future__ import annotations

import json

import pytest

from lokpanchang.cli import main
from lokpanchang.fakes.telegram import FAKE_KEY, TelegramConfig, serve
from tests.fakes.support import FakeInThread

TOKEN = "5555:command-test"
URL = "https://panchang.example.org/telegram/webhook"


@pytest.fixture
def fake():
    running = FakeInThread(TelegramConfig(token=TOKEN), serve, FAKE_KEY)
    yield running
    running.stop()


def test_set_webhook_registers_the_url_with_the_secret_and_info_shows_it(
    fake, settings_env, capsys
):
    settings_env(
        TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=fake.base_url, TELEGRAM_WEBHOOK_SECRET="s_1"
    )
    assert main(["telegram", "set-webhook", "--url", URL]) == 0
    assert (fake.api.config.webhook_url, fake.api.config.secret_token) == (URL, "s_1")
    capsys.readouterr()
    assert main(["telegram", "webhook-info"]) == 0
    assert json.loads(capsys.readouterr().out)["url"] == URL


def test_set_webhook_refuses_without_a_secret(fake, settings_env, capsys):
    settings_env(TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=fake.base_url)
    assert main(["telegram", "set-webhook", "--url", URL]) == 2
    assert "TELEGRAM_WEBHOOK_SECRET is not set" in capsys.readouterr().err
    assert fake.api.config.webhook_url == ""


def test_a_refusal_from_telegram_is_reported_with_its_description(fake, settings_env, capsys):
    settings_env(
        TELEGRAM_BOT_TOKEN="5555:wrong", TELEGRAM_API_BASE_URL=fake.base_url,
        TELEGRAM_WEBHOOK_SECRET="s_1",
    )  # fmt: skip
    assert main(["telegram", "set-webhook", "--url", URL]) == 2
    assert "Telegram refused setWebhook (HTTP 401): Unauthorized" in capsys.readouterr().err
