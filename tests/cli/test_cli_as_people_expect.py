"""The command line as people expect it: --version, plan's default window, create-user
without a terminal, a readable status, and empty states that say so."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from importlib.metadata import version

import pytest

from lokpanchang.cli import main
from lokpanchang.operators import find_operator
from lokpanchang.storage.db import transaction
from tests.broadcast.helpers import add_subscriber

GOOD_PASSWORD = "correct horse battery"


def run_cli(*args: str, stdin: str = "", env=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "lokpanchang", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )


def test_version_prints_the_installed_version():
    done = run_cli("--version")
    assert (done.returncode, done.stdout.strip()) == (0, f"lokpanchang {version('lokpanchang')}")


def test_plan_without_a_window_shows_the_next_24_hours(settings_env, migrated_sqlite, capsys):
    settings_env(DATABASE_URL=migrated_sqlite)
    add_subscriber(migrated_sqlite, "Asia/Kolkata")
    assert main(["plan", "--json"]) == 0
    [slot] = json.loads(capsys.readouterr().out)
    assert slot["timezone"] == "Asia/Kolkata" and slot["send_time"] == "06:30"


def test_create_user_reads_the_password_from_stdin_without_a_terminal(
    settings_env, migrated_sqlite, tmp_path
):
    env = {**__import__("os").environ, "DATA_DIR": str(tmp_path / "var")}
    env["DATABASE_URL"] = migrated_sqlite
    done = run_cli(
        "admin", "create-user", "--username", "asha", stdin=GOOD_PASSWORD + "\n", env=env
    )
    assert done.returncode == 0, done.stderr
    with transaction(migrated_sqlite) as session:
        assert find_operator(session, "asha") is not None
    short = run_cli("admin", "create-user", "--username", "ravi", stdin="pw\n", env=env)
    assert short.returncode == 2 and "Traceback" not in short.stderr
    assert "at least 10 characters" in short.stderr


def test_create_user_refuses_a_taken_name_before_asking(
    settings_env, migrated_sqlite, monkeypatch, capsys
):
    settings_env(DATABASE_URL=migrated_sqlite)
    monkeypatch.setattr(sys, "stdin", io.StringIO(GOOD_PASSWORD + "\n"))
    assert main(["admin", "create-user", "--username", "asha"]) == 0
    asked: list[str] = []
    monkeypatch.setattr("getpass.getpass", lambda prompt="": asked.append(prompt) or GOOD_PASSWORD)
    monkeypatch.setattr(sys, "stdin", Terminal())
    assert main(["admin", "create-user", "--username", "asha"]) == 2
    assert "already exists" in capsys.readouterr().err and asked == []
    assert main(["admin", "create-user", "--username", "x"]) == 2
    assert "3-64 letters" in capsys.readouterr().err and asked == []


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_create_user_on_a_terminal_asks_twice(settings_env, migrated_sqlite, monkeypatch):
    settings_env(DATABASE_URL=migrated_sqlite)
    answers = iter([GOOD_PASSWORD, GOOD_PASSWORD])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    monkeypatch.setattr(sys, "stdin", Terminal())
    assert main(["admin", "create-user", "--username", "asha"]) == 0


def test_status_is_readable_by_default(settings_env, migrated_sqlite, capsys):
    settings_env(DATABASE_URL=migrated_sqlite)
    main(["status"])
    out = capsys.readouterr().out
    assert "{" not in out and "database  ok" in out
    assert "beat      not running" in out
    assert "redis     not configured" in out


def test_reports_says_when_there_are_none(settings_env, capsys):
    assert main(["reports"]) == 0
    assert "no weekly report yet" in capsys.readouterr().out


@pytest.mark.parametrize("args", [["up", "--help"], ["--help"]])
def test_help_does_nothing_else(args, tmp_path):
    env = {**__import__("os").environ, "DATA_DIR": str(tmp_path / "var")}
    done = run_cli(*args, env=env)
    assert done.returncode == 0 and "usage:" in done.stdout
    assert not (tmp_path / "var").exists()
