"""`lokpanchang up` writes every process's logs as masked JSON lines into the day's file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.scheduling.cluster import wait_until
from tests.upprocess import embedded_env, running

pytestmark = [pytest.mark.integration, pytest.mark.slow]

PHONE = "919812345678"
DAILY_FILE = re.compile(r"lokpanchang-\d{4}-\d{2}-\d{2}\.jsonl")


def events(log_dir: Path) -> list[dict]:
    found = []
    for path in sorted(log_dir.glob("lokpanchang-*.jsonl")):
        assert DAILY_FILE.fullmatch(path.name)
        # The last line may be half-written by a running process.
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                found.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return found


def has_event(log_dir: Path, predicate) -> bool:
    return any(predicate(event) for event in events(log_dir))


def test_up_writes_masked_json_lines_from_web_worker_and_beat(tmp_path):
    env = embedded_env(tmp_path, drop=("LOG_DIR", "LOKPANCHANG_CLOCK_OFFSET"), PLANNER_PERIOD="2")
    env.pop("LOG_JSON")  # as a terminal-less run has it
    log_dir = tmp_path / "var" / "logs"
    with running(tmp_path, env) as up:
        up.wait_for(lambda: up.answers(f"livez?to=+{PHONE}"), 60, "the web process")
        # The request line (werkzeug's stdlib record) carries the phone number.
        wait_until(
            lambda: has_event(
                log_dir,
                lambda e: e.get("logger") == "werkzeug" and "/livez?to=" in e.get("event", ""),
            ),
            30,
            "the web request in the day's log file",
        )
        wait_until(
            lambda: has_event(
                log_dir, lambda e: str(e.get("logger", "")).startswith("celery.worker")
            ),
            60,
            "the worker's Celery records in the day's log file",
        )
        wait_until(
            lambda: has_event(log_dir, lambda e: e.get("event") == "planner.pass"),
            60,
            "a planner pass (beat -> worker) in the day's log file",
        )
    text = "".join(p.read_text(encoding="utf-8") for p in log_dir.glob("lokpanchang-*.jsonl"))
    assert PHONE not in text
    request = next(e for e in events(log_dir) if "/livez?to=" in e.get("event", ""))
    assert "+91********78" in request["event"]
    assert all(isinstance(event.get("level"), str) for event in events(log_dir))
