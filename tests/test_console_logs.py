"""A quiet, readable terminal: human lines on a terminal, JSON lines (without colour codes)
elsewhere and always in the day's file, and no static-file request lines at INFO."""

from __future__ import annotations

import io
import json
import logging

import pytest
import structlog

from lokpanchang import logs


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def restore_logging():
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)
    structlog.reset_defaults()
    structlog.contextvars.clear_contextvars()


def file_events(settings) -> list[dict]:
    return logs.read_log_lines(logs.daily_log_path(settings.effective_log_dir))


def test_json_lines_carry_no_terminal_colour_codes(make_settings, restore_logging):
    stream = io.StringIO()
    settings = make_settings()
    logs.route_stdlib_logging(settings, level="INFO", stream=stream)
    logging.getLogger("werkzeug").info('"\x1b[33mGET /admin HTTP/1.1\x1b[0m" 302 -')
    [line] = stream.getvalue().splitlines()
    assert "\\u001b" not in line and "\x1b" not in line
    assert json.loads(line)["event"] == '"GET /admin HTTP/1.1" 302 -'


def test_a_terminal_gets_readable_lines_and_the_file_json(make_settings, restore_logging):
    terminal = Terminal()
    settings = make_settings()
    logs.configure_logging(settings, stream=terminal)
    structlog.get_logger("lokpanchang.test").info("planner.pass", planned=3, late=0)
    [line] = terminal.getvalue().splitlines()
    assert not line.startswith("{")
    assert "info" in line and "planner.pass" in line and "planned=3" in line and "late=0" in line
    [stored] = file_events(settings)
    assert (stored["event"], stored["planned"]) == ("planner.pass", 3)


def test_log_json_true_keeps_json_on_a_terminal(make_settings, restore_logging):
    terminal = Terminal()
    logs.configure_logging(make_settings(log_json=True), stream=terminal)
    structlog.get_logger().info("planner.pass", planned=3)
    assert json.loads(terminal.getvalue())["planned"] == 3


def test_log_json_false_gives_readable_lines_on_a_pipe_too(make_settings, restore_logging):
    stream = io.StringIO()
    logs.configure_logging(make_settings(log_json=False), stream=stream)
    structlog.get_logger().info("planner.pass", planned=3)
    assert stream.getvalue().startswith(tuple("0123456789")) and "planned=3" in stream.getvalue()


def test_readable_lines_are_masked_like_json_ones(make_settings, restore_logging):
    terminal = Terminal()
    logs.configure_logging(make_settings(), stream=terminal)
    structlog.get_logger().info("sent", to="+919876543210")
    assert "+91********10" in terminal.getvalue() and "9876543210" not in terminal.getvalue()


@pytest.mark.parametrize("level, shown", [("INFO", False), ("DEBUG", True)])
def test_static_file_request_lines_are_debug_only(make_settings, restore_logging, level, shown):
    stream = io.StringIO()
    logs.route_stdlib_logging(make_settings(), level=level, stream=stream)
    request_log = logging.getLogger("werkzeug")
    request_log.info('127.0.0.1 - - [01/Dec/2026 10:11:23] "GET /static/style.css HTTP/1.1" 200 -')
    request_log.info(
        '127.0.0.1 - - [01/Dec/2026 10:11:23] "\x1b[33mGET /static/x.css HTTP/1.1\x1b[0m" 404 -'
    )
    request_log.info('127.0.0.1 - - [01/Dec/2026 10:11:24] "GET /admin/ HTTP/1.1" 200 -')
    lines = stream.getvalue().splitlines()
    assert any("/admin/" in line for line in lines)
    assert any("/static/" in line for line in lines) is shown
