"""`lokpanchang jobs create|list|pause|resume`."""

from __future__ import annotations

import json

import pytest

from lokpanchang.cli import main


@pytest.fixture
def db(settings_env, migrated_sqlite):
    settings_env(DATABASE_URL=migrated_sqlite)
    return migrated_sqlite


def listed(capsys) -> list[dict]:
    capsys.readouterr()
    assert main(["jobs", "list", "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_it_creates_lists_pauses_and_resumes_jobs(db, capsys):
    assert (
        main(
            [
                "jobs",
                "create",
                "--kind",
                "announcement",
                "--audience",
                "zone",
                "--zone",
                "Asia/Kolkata",
                "--text",
                "Happy Diwali",
                "--at",
                "2030-11-01T00:30:00Z",
                "--name",
                "diwali",
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "jobs",
                "create",
                "--kind",
                "report",
                "--cron",
                "0 9 * * mon",
                "--cron-zone",
                "Asia/Kolkata",
            ]
        )
        == 0
    )
    first, second = listed(capsys)
    assert (first["name"], first["next_run_at"], first["status"]) == (
        "diwali",
        "2030-11-01T00:30:00+00:00",
        "active",
    )
    assert first["payload"] == {"audience": "zone", "zone": "Asia/Kolkata", "text": "Happy Diwali"}
    assert second["next_run_at"].endswith("T03:30:00+00:00")  # 09:00 IST
    assert main(["jobs", "pause", str(first["id"])]) == 0
    assert listed(capsys)[0]["status"] == "paused"
    assert main(["jobs", "resume", str(first["id"])]) == 0
    assert listed(capsys)[0]["status"] == "active"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            [
                "jobs",
                "create",
                "--kind",
                "backfill",
                "--zone",
                "Asia/Kolkata",
                "--date",
                "2026-13-01",
                "--at",
                "2030-01-01T00:00Z",
            ],
            "backfill date '2026-13-01' is not YYYY-MM-DD",
        ),
        (["jobs", "create", "--kind", "report", "--at", "tomorrow"], "--at 'tomorrow'"),
        (["jobs", "create", "--kind", "report", "--at", "2030-01-01T00:00"], "has no time zone"),
        (["jobs", "pause", "999"], "no scheduled job with id 999"),
    ],
)
def test_bad_input_is_a_clear_error_and_creates_nothing(db, capsys, argv, message):
    assert main(argv) == 2
    assert message in capsys.readouterr().err
    assert listed(capsys) == []
