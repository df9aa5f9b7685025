"""`up --fake-whatsapp` starts the fake with its random secrets, whatever characters they hold,
and tells the other children where it is so /healthz counts it."""

from __future__ import annotations

import asyncio
import threading

import pytest

from lokpanchang.cli import build_parser
from lokpanchang.cli.service import up as service_up
from lokpanchang.fakes.whatsapp import serve
from lokpanchang.fakes.whatsapp_spec import FakeConfig
from lokpanchang.web import create_app
from tests import servers

ME = ["python", "-m", "lokpanchang"]
DASHED = "-Qx3_fakeTokenThatLooksLikeAnOption"  # token_urlsafe draws '-' first ~1 time in 64


def fake_child(monkeypatch, value: str):
    monkeypatch.setattr(service_up.secrets, "token_urlsafe", lambda _n: value)
    return service_up._fake_whatsapp(ME, 8999, "http://127.0.0.1:5050/webhook")


def test_a_secret_that_starts_with_a_dash_reaches_the_fake_whole(monkeypatch):
    fake, env = fake_child(monkeypatch, DASHED)
    args = build_parser().parse_args(fake.argv[len(ME) :])
    assert (args.token, args.app_secret) == (DASHED, DASHED)
    assert env["WHATSAPP_ACCESS_TOKEN"] == DASHED and env["WHATSAPP_APP_SECRET"] == DASHED


def test_the_other_children_are_told_where_the_fake_is(monkeypatch):
    _fake, env = fake_child(monkeypatch, "plain")
    assert env["FAKE_WHATSAPP_URL"] == env["WHATSAPP_BASE_URL"] == "http://127.0.0.1:8999"


class RunningFake:
    """The shipped fake Cloud API on a free loopback port, in a thread of its own."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        self.port = 0

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            config = FakeConfig(token="T", phone_number_id="1")
            self.runner, self.port = self.loop.run_until_complete(serve(config, "127.0.0.1", 0))
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert ready.wait(10), "the fake did not start"

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


@pytest.fixture
def running_fake():
    fake = RunningFake()
    yield fake
    fake.stop()


def test_healthz_counts_the_fake_when_up_runs_one(make_settings, migrated_sqlite, running_fake):
    settings = make_settings(
        database_url=migrated_sqlite, fake_whatsapp_url=f"http://127.0.0.1:{running_fake.port}"
    )
    body = create_app(settings).test_client().get("/healthz").json
    assert body["fake_whatsapp"] == "ok"


def test_healthz_is_503_while_the_fake_up_runs_is_down(make_settings, migrated_sqlite):
    settings = make_settings(
        database_url=migrated_sqlite, fake_whatsapp_url=f"http://127.0.0.1:{servers.free_port()}"
    )
    response = create_app(settings).test_client().get("/healthz")
    assert response.status_code == 503 and response.json["fake_whatsapp"] == "down"


def test_healthz_has_no_fake_line_without_one(make_settings, migrated_sqlite):
    body = create_app(make_settings(database_url=migrated_sqlite)).test_client().get("/healthz")
    assert "fake_whatsapp" not in body.json


def test_healthz_counts_the_fake_bot_api_when_up_runs_one(make_settings, migrated_sqlite):
    import asyncio
    import threading

    from lokpanchang.fakes.telegram import TelegramConfig, serve

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    runner, port = asyncio.run_coroutine_threadsafe(serve(TelegramConfig("1:x")), loop).result(10)
    try:
        up = make_settings(
            database_url=migrated_sqlite, fake_telegram_url=f"http://127.0.0.1:{port}"
        )
        assert create_app(up).test_client().get("/healthz").json["fake_telegram"] == "ok"
        gone = f"http://127.0.0.1:{servers.free_port()}"
        down = make_settings(database_url=migrated_sqlite, fake_telegram_url=gone)
        assert create_app(down).test_client().get("/healthz").json["fake_telegram"] == "down"
    finally:
        asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()
