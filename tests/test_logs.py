"""Structured logs: JSON lines, daily files, ids bound from context, secrets masked."""

from __future__ import annotations

import io
import json
import logging
import unicodedata
from datetime import UTC, datetime

import pytest
import structlog
import time_machine
from celery import Celery
from celery.signals import task_postrun, task_prerun

from lokpanchang import logs
from lokpanchang.web import create_app

NOW = datetime(2026, 11, 29, 23, 59, 30, tzinfo=UTC)
TOKEN = "EAAGm0PX4ZCpsBAKZCZBxyz1234567890"


@pytest.fixture
def configured(make_settings):
    settings = make_settings(whatsapp_access_token=TOKEN, whatsapp_app_secret="s3cr3t-app-value")
    stream = io.StringIO()
    logs.configure_logging(settings, stream=stream)
    yield settings, stream
    structlog.reset_defaults()
    structlog.contextvars.clear_contextvars()


def noop() -> None:
    return None


def events(stream: io.StringIO) -> list[dict]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_it_keeps_country_code_and_last_two_digits_of_a_phone():
    assert logs.mask_phone("+919876543210") == "+91********10"
    assert logs.mask_phone("14155550123") == "+1********23"


def test_it_masks_phones_and_tokens_inside_free_text():
    text = f"sent to +44 7700 900123 with Authorization: Bearer {TOKEN} ?access_token={TOKEN}&x=1"
    masked = logs.mask_text(text)
    assert TOKEN not in masked
    assert "Bearer ***" in masked and "access_token=***" in masked
    assert "+44********23" in masked


@pytest.mark.parametrize(
    "written",
    [
        "%28%2B91%29%2098765%2001234",  # (+91) 98765 01234, URL-encoded
        "%2B91.98765.01234",
        "\uff0b91 98765 01234",  # a full-width plus
        "+\uff19\uff11 \uff19\uff18\uff17\uff16\uff15 \uff10\uff11\uff12\uff13\uff14",
        "/admin/subscribers/%EF%BC%8B91%2098765%2001234/edit",  # inside a path
        "sent to +919876501234.",  # at the end of a sentence
    ],
)
def test_phone_forms_people_type_are_masked(written):
    """Issue 24, item 10: forms ``normalise_phone`` accepts reached the access log."""
    masked = logs.mask_text(f"GET {written} HTTP/1.1")
    digits = "".join(c for c in unicodedata.normalize("NFKC", masked) if c.isdigit())
    assert "98765" not in digits and "+91" in masked, masked


def test_it_masks_nested_headers_and_secret_named_keys():
    event = {
        "headers": {"Authorization": "Bearer abc.def", "Accept": "json"},
        "payload": [{"to": "919876543210", "app_secret": "xyz"}],
        "count": 3,
    }
    masked = logs.mask_value(event)
    assert masked == {
        "headers": {"Authorization": "***", "Accept": "json"},
        "payload": [{"to": "+91********10", "app_secret": "***"}],
        "count": 3,
    }


def test_it_leaves_ids_dates_and_durations_alone():
    event = {"run_id": 123456789012, "at": "2026-11-29T06:30:00+05:30", "elapsed_ms": 1234.5}
    assert logs.mask_value(event) == event


def test_it_writes_json_lines_to_the_stream_and_the_days_file(configured):
    settings, stream = configured
    with time_machine.travel(NOW, tick=False):
        structlog.get_logger().info("sent", phone="+919876543210", error=f"bad token {TOKEN}")
    [event] = events(stream)
    assert event["event"] == "sent" and event["level"] == "info"
    assert event["phone"] == "+91********10"
    assert TOKEN not in json.dumps(event)
    day_file = settings.effective_log_dir / "lokpanchang-2026-11-29.jsonl"
    assert logs.read_log_lines(day_file) == [event]


def test_a_line_after_midnight_goes_to_the_next_days_file(configured):
    settings, _ = configured
    with time_machine.travel(NOW, tick=False) as traveller:
        structlog.get_logger().info("before")
        traveller.shift(60)  # 00:00:30 the next day
        structlog.get_logger().info("after")
    days = {path.name: logs.read_log_lines(path) for path in settings.effective_log_dir.iterdir()}
    assert [e["event"] for e in days["lokpanchang-2026-11-29.jsonl"]] == ["before"]
    assert [e["event"] for e in days["lokpanchang-2026-11-30.jsonl"]] == ["after"]


_WRITER = """
import sys
from pathlib import Path
from lokpanchang.logs import JsonLinesLogger
writer = JsonLinesLogger(None, Path(sys.argv[1]))
for n in range(int(sys.argv[3])):
    writer.msg('{"writer": "%s", "n": %d, "pad": "%s"}' % (sys.argv[2], n, "x" * 6000))
"""


def test_lines_of_several_processes_writing_at_once_stay_whole(tmp_path):
    import subprocess
    import sys

    command = [sys.executable, "-c", _WRITER, str(tmp_path)]
    writers = [subprocess.Popen([*command, name, "400"]) for name in ("a", "b", "c")]
    assert [writer.wait(60) for writer in writers] == [0, 0, 0]
    [day_file] = tmp_path.iterdir()
    lines = logs.read_log_lines(day_file)  # each line parses: none was split by another
    assert sorted((e["writer"], e["n"]) for e in lines) == [
        (name, n) for name in ("a", "b", "c") for n in range(400)
    ]


def test_it_masks_configured_secret_values_wherever_they_appear(configured):
    _settings, stream = configured
    structlog.get_logger().warning("webhook", note="secret is s3cr3t-app-value here")
    assert events(stream)[0]["note"] == "secret is *** here"


def test_every_secret_setting_is_masked_wherever_it_appears(make_settings):
    """Issue 24, item 6: the masker missed the Telegram token and secret and DATABASE_URL."""
    settings = make_settings(
        telegram_bot_token="123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
        telegram_webhook_secret="hook-secret-Zq81xT",
        database_url="postgresql+psycopg://app:pg-pass-77Wq@db.internal/lokpanchang",
        email_smtp_password="mail-pass-31Kd",
    )
    stream = io.StringIO()
    logs.configure_logging(settings, stream=stream)
    try:
        structlog.get_logger().error(
            "sending",
            url="https://api.telegram.org/bot123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/x",
            note="header hook-secret-Zq81xT; db postgresql+psycopg://app:pg-pass-77Wq@db.internal"
            "/lokpanchang; alone: pg-pass-77Wq; mail mail-pass-31Kd",
        )
    finally:
        structlog.reset_defaults()
    line = stream.getvalue()
    for value in ("AAHdqTcv", "hook-secret-Zq81xT", "pg-pass-77Wq", "mail-pass-31Kd"):
        assert value not in line, (value, line)
    assert "db.internal" not in line  # the whole URL is a secret setting too


def test_it_binds_run_and_subscriber_ids_to_later_events(configured):
    _settings, stream = configured
    logs.bind_ids(run_id=7, subscriber_id=42)
    structlog.get_logger().info("claimed")
    event = events(stream)[0]
    assert (event["run_id"], event["subscriber_id"]) == (7, 42)


def test_a_celery_task_start_binds_its_id_and_name_and_drops_stale_ids(configured):
    _settings, stream = configured
    logs.connect_celery_signals()
    task = Celery("t", set_as_current=False).task(name="tasks.example", shared=False)(noop)
    logs.bind_ids(request_id="left-over")
    task_prerun.send(sender=task, task_id="abc-123", task=task, args=(), kwargs={})
    structlog.get_logger().info("inside")
    task_postrun.send(
        sender=task, task_id="abc-123", task=task, args=(), kwargs={}, retval=None, state="SUCCESS"
    )
    structlog.get_logger().info("after")
    inside, after = events(stream)
    assert inside["task_id"] == "abc-123" and inside["task_name"] == "tasks.example"
    assert "request_id" not in inside
    assert "task_id" not in after


def test_each_web_request_gets_its_request_id_in_logs(configured, make_settings):
    _settings, stream = configured
    app = create_app(make_settings())
    app.add_url_rule("/log-me", "log_me", lambda: (structlog.get_logger().info("hit"), "ok")[1])
    client = app.test_client()
    response = client.get("/log-me", headers={"X-Request-ID": "req-1"})
    generated = client.get("/log-me").headers["X-Request-ID"]
    first, second = events(stream)
    assert response.headers["X-Request-ID"] == "req-1" == first["request_id"]
    assert second["request_id"] == generated and generated != "req-1"


@pytest.fixture
def restore_root_logging():
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)


def test_stdlib_records_become_masked_json_lines_with_context(make_settings, restore_root_logging):
    stream = io.StringIO()
    settings = make_settings()
    logs.route_stdlib_logging(settings, level="INFO", stream=stream)
    logs.bind_ids(task_id="t-9")
    try:
        logging.getLogger("celery.worker").warning(
            "retry with access_token=%s for %s", "abc123xyz", "+919876543210"
        )
        logging.getLogger("noisy").debug("not shown at INFO")
    finally:
        structlog.contextvars.clear_contextvars()
    [event] = events(stream)
    assert event["event"] == "retry with access_token=*** for +91********10"
    assert (event["level"], event["logger"], event["task_id"]) == (
        "warning",
        "celery.worker",
        "t-9",
    )
    today = logs.daily_log_path(settings.effective_log_dir)
    assert logs.read_log_lines(today) == [event]


def test_dates_are_not_taken_for_phone_numbers():
    line = "GET /?place=Chennai&date=2026-12-01&lang=ta for +919812345678 on 2026-12-31"
    assert (
        logs.mask_text(line)
        == "GET /?place=Chennai&date=2026-12-01&lang=ta for +91********78 on 2026-12-31"
    )
    assert (
        logs.mask_text("call 2026-13-01 0000") != "call 2026-13-01 0000"
    )  # not a date: masked as digits
