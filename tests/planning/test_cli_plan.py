"""`lokpanchang plan`: JSON shape, the forward rule, the database source, errors with exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import lokpanchang
from lokpanchang.cli import main
from lokpanchang.config import get_settings

SRC = Path(lokpanchang.__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def fresh_settings(monkeypatch, tmp_path):
    for name in ("PLANNER_LOOKAHEAD", "PLANNER_PERIOD", "DEFAULT_SEND_TIME", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DATA_DIR", str(tmp_path / "data"))
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


def plan_json(capsys, *args: str) -> list[dict]:
    assert main(["plan", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_pass_prints_the_slots_of_its_window_as_json(capsys):
    # Kathmandu's 06:30 is 00:45Z, before the pass at 00:50: only Kolkata's 01:00Z is ahead.
    slots = plan_json(
        capsys, "--at", "2026-03-01T00:50Z", "--zone", "Asia/Kolkata", "--zone", "Asia/Kathmandu"
    )
    assert slots == [
        {
            "timezone": "Asia/Kolkata",
            "local_date": "2026-03-01",
            "send_time": "06:30",
            "due_at": "2026-03-01T01:00:00Z",
        }
    ]


def test_the_instant_may_carry_any_offset(capsys):
    slots = plan_json(capsys, "--at", "2026-03-01T06:20+05:30", "--zone", "Asia/Kolkata")
    assert [s["due_at"] for s in slots] == ["2026-03-01T01:00:00Z"]


def test_a_send_time_in_the_gap_is_planned_an_hour_later(capsys):
    slots = plan_json(
        capsys, "--at", "2026-03-08T07:20Z", "--zone", "America/New_York", "--send-time", "02:30"
    )
    assert slots == [
        {
            "timezone": "America/New_York",
            "local_date": "2026-03-08",
            "send_time": "02:30",
            "due_at": "2026-03-08T07:30:00Z",
        }
    ]


def test_the_lookahead_comes_from_settings(capsys, monkeypatch):
    assert plan_json(capsys, "--at", "2026-03-01T00:40Z", "--zone", "Asia/Kolkata") == []
    monkeypatch.setenv("PLANNER_LOOKAHEAD", "1800")
    get_settings.cache_clear()
    assert len(plan_json(capsys, "--at", "2026-03-01T00:40Z", "--zone", "Asia/Kolkata")) == 1


def test_successive_passes_list_each_slot_once(capsys):
    slots = plan_json(
        capsys, "--from", "2026-03-01T00:00Z", "--to", "2026-03-03T00:00Z", "--zone", "Asia/Kolkata"
    )
    assert [s["local_date"] for s in slots] == ["2026-03-01", "2026-03-02"]


def test_passes_further_apart_than_the_lookahead_miss_slots(capsys):
    args = ["--from", "2026-03-01T00:00Z", "--to", "2026-03-03T00:00Z", "--zone", "Asia/Kathmandu"]
    # Hourly passes look at [hh:00, hh:15) only, so Kathmandu's 00:45Z is never seen.
    assert plan_json(capsys, *args, "--every", "3600") == []
    assert len(plan_json(capsys, *args, "--every", "600")) == 2


def test_without_json_it_prints_a_table_with_the_local_wall_time(capsys):
    assert (
        main(
            [
                "plan",
                "--at",
                "2026-03-08T07:20Z",
                "--zone",
                "America/New_York",
                "--send-time",
                "02:30",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:2] == ["due", "(UTC)"]
    assert out[1].split() == [
        "2026-03-08",
        "07:30",
        "2026-03-08",
        "03:30",
        "-0400",
        "America/New_York",
        "2026-03-08",
        "02:30",
    ]


def test_without_zones_it_plans_the_active_subscribers_in_the_database(capsys, subscribers_db):
    slots = plan_json(capsys, "--from", "2026-03-01T00:30Z", "--to", "2026-03-01T00:50Z")
    assert [(s["timezone"], s["send_time"]) for s in slots] == [
        ("Asia/Kathmandu", "06:30"),
        ("Asia/Kolkata", "06:30"),
    ]


def test_a_stored_invalid_zone_is_reported_not_guessed(capsys, subscribers_db):
    assert main(["plan", "--at", "2026-03-01T00:40Z", "--json"]) == 0
    captured = capsys.readouterr()
    assert "stored time zone 'Mars/Olympus' is not an IANA zone" in captured.err
    assert "Mars" not in captured.out


def test_send_time_keeps_only_those_subscribers_from_the_database(capsys, subscribers_db):
    slots = plan_json(
        capsys, "--from", "2026-03-01T00:00Z", "--to", "2026-03-01T02:00Z", "--send-time", "07:00"
    )
    assert slots == [
        {
            "timezone": "Asia/Kolkata",
            "local_date": "2026-03-01",
            "send_time": "07:00",
            "due_at": "2026-03-01T01:30:00Z",
        }
    ]


def test_a_subscriber_who_stopped_is_not_planned_after_stopping(capsys, subscribers_db):
    # New York's subscriber stopped at 2026-03-01T00:00Z; their 06:30 EST is 11:30Z.
    before = plan_json(capsys, "--at", "2026-02-28T11:20Z")
    after = plan_json(capsys, "--at", "2026-03-01T11:20Z")
    assert [s["timezone"] for s in before] == ["America/New_York"] and after == []


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--at", "2026-03-01T00:50"], "'2026-03-01T00:50' has no UTC offset"),
        (["--at", "yesterday"], "--at 'yesterday' is not an ISO 8601 instant"),
        (
            ["--at", "2026-03-01T00:50Z", "--zone", "Asia/Kolkatta"],
            "--zone 'Asia/Kolkatta' is not an IANA zone",
        ),
        (
            ["--at", "2026-03-01T00:50Z", "--zone", "UTC", "--send-time", "6h30"],
            "send time '6h30' is not HH:MM",
        ),
        (
            ["--at", "2026-03-01T00:50Z", "--zone", "UTC", "--send-time", "25:00"],
            "send time '25:00' is not HH:MM",
        ),
        (
            ["--from", "2026-03-02T00:00Z", "--to", "2026-03-01T00:00Z", "--zone", "UTC"],
            "--to '2026-03-01T00:00Z' is before --from '2026-03-02T00:00Z'",
        ),
        (
            [
                "--from",
                "2026-03-01T00:00Z",
                "--to",
                "2026-03-02T00:00Z",
                "--every",
                "0",
                "--zone",
                "UTC",
            ],
            "--every '0' must be more than 0",
        ),
        (
            [
                "--from",
                "2026-03-01T00:00Z",
                "--to",
                "2026-03-02T00:00Z",
                "--every",
                "-600",
                "--zone",
                "UTC",
            ],
            "--every '-600' must be more than 0",
        ),
        (
            [
                "--from",
                "2026-03-01T00:00Z",
                "--to",
                "2026-03-02T00:00Z",
                "--every",
                "inf",
                "--zone",
                "UTC",
            ],
            "--every 'inf' must be more than 0",
        ),
        (["--from", "2026-03-01T00:00Z", "--zone", "UTC"], "--from needs --to"),
        (
            ["--at", "2026-03-01T00:50Z", "--to", "2026-03-02T00:00Z", "--zone", "UTC"],
            "--to '2026-03-02T00:00Z' goes with --from",
        ),
        (["--at", "2026-03-01T00:50Z"], "no database at"),
    ],
)
def test_bad_input_exits_2_naming_the_value(capsys, args, named):
    assert main(["plan", *args, "--json"]) == 2
    captured = capsys.readouterr()
    assert named in captured.err and captured.out == ""


def test_the_installed_command_prints_json(tmp_path):
    env = {"PYTHONPATH": str(SRC), "DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    command = [
        sys.executable,
        "-m",
        "lokpanchang",
        "plan",
        "--at",
        "2026-10-03T15:40Z",
        "--zone",
        "Australia/Lord_Howe",
        "--send-time",
        "02:15",
        "--json",
    ]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [
        {
            "timezone": "Australia/Lord_Howe",
            "local_date": "2026-10-04",
            "send_time": "02:15",
            "due_at": "2026-10-03T15:45:00Z",
        }
    ]
