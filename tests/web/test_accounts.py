"""Operator accounts: `lokpanchang admin create-user` and password checks."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from sqlalchemy import select

from lokpanchang import clock
from lokpanchang.cli import main
from lokpanchang.config import get_settings
from lokpanchang.operators import AccountError, authenticate, create_operator
from lokpanchang.storage import migrate
from lokpanchang.storage.db import engine_for, session_factory, transaction
from lokpanchang.storage.models import LoginFailure, Operator


def _cli(tmp_path, *args):
    """The real entry point in a subprocess (slow: used once)."""
    env = {
        "DATA_DIR": str(tmp_path / "var"),
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": os.environ["PYTHONPATH"],
    }
    return subprocess.run(
        [sys.executable, "-m", "lokpanchang", *args],
        env=env,
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def cli(settings_env, tmp_path, capsys):
    """``lokpanchang ...`` in this process against a migrated database under tmp_path."""

    def run(*args):
        code = main(list(args))
        return code, capsys.readouterr()

    run("db", "upgrade")
    yield run
    engine_for(get_settings().effective_database_url).dispose()


def test_create_user_reads_the_password_file_and_stores_only_a_hash(tmp_path):
    assert _cli(tmp_path, "db", "upgrade").returncode == 0
    (tmp_path / "pw").write_text("a-long-enough-password\n")
    result = _cli(
        tmp_path,
        "admin",
        "create-user",
        "--username",
        "asha",
        "--password-file",
        str(tmp_path / "pw"),
    )
    assert result.returncode == 0, result.stderr
    url = f"sqlite:///{tmp_path / 'var' / 'lokpanchang.sqlite3'}"
    with transaction(url) as session:
        operator = session.query(Operator).one()
        assert (
            operator.username == "asha" and "a-long-enough-password" not in operator.password_hash
        )
        assert authenticate(session, "asha", "a-long-enough-password", clock.now()) is not None
    engine_for(url).dispose()


def test_create_user_refuses_a_taken_name_and_a_short_password(cli, tmp_path):
    (tmp_path / "pw").write_text("a-long-enough-password")
    (tmp_path / "short").write_text("short")
    args = ("admin", "create-user", "--username", "asha", "--password-file")
    assert cli(*args, str(tmp_path / "pw"))[0] == 0
    code, out = cli(*args, str(tmp_path / "pw"))
    assert code == 2 and "username 'asha' already exists" in out.err
    code, out = cli(
        "admin", "create-user", "--username", "ravi", "--password-file", str(tmp_path / "short")
    )
    assert code == 2 and "at least 10 characters" in out.err


def test_create_user_names_an_unreadable_password_file(cli):
    code, out = cli(
        "admin", "create-user", "--username", "asha", "--password-file", "/nonexistent/pw"
    )
    assert code == 2 and "'/nonexistent/pw' cannot be read" in out.err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_create_user_prompts_twice_and_refuses_different_answers(cli, monkeypatch):
    answers = iter(["a-long-enough-password", "another-long-password"])
    monkeypatch.setattr("getpass.getpass", lambda prompt: next(answers))
    monkeypatch.setattr("sys.stdin", _Terminal())  # prompts only where someone can answer
    code, out = cli("admin", "create-user", "--username", "asha")
    assert code == 2 and "the two passwords differ" in out.err


@pytest.mark.parametrize("username", ["ab", "has space", "x" * 65, "ünï"])
def test_a_bad_username_is_refused(sqlite_url, username):
    migrate.upgrade(sqlite_url)
    with session_factory(sqlite_url)() as session, pytest.raises(AccountError, match="username"):
        create_operator(session, username, "a-long-enough-password", clock.now())
    engine_for(sqlite_url).dispose()


def test_login_records_the_instant(sqlite_url):
    migrate.upgrade(sqlite_url)
    now = clock.now()
    with transaction(sqlite_url) as session:
        create_operator(session, "asha", "a-long-enough-password", now)
    with transaction(sqlite_url) as session:
        assert authenticate(session, "asha", "wrong-password!", now) is None
        assert authenticate(session, "asha", "a-long-enough-password", now).last_login_at == now
    engine_for(sqlite_url).dispose()


def test_the_operator_table_migrates_on_postgresql(postgres_url):
    migrate.upgrade(postgres_url)
    with transaction(postgres_url) as session:
        create_operator(session, "asha", "a-long-enough-password", clock.now())
    migrate.downgrade(postgres_url, "0001")
    migrate.upgrade(postgres_url)
    engine_for(postgres_url).dispose()


def test_unlock_forgets_only_that_usernames_failed_logins(cli):
    url = get_settings().effective_database_url
    with transaction(url) as session:
        for username in ("asha", "asha", "ravi"):
            session.add(
                LoginFailure(username=username, address="203.0.113.7", failed_at=clock.now())
            )
    code, out = cli("admin", "unlock", "asha")
    assert code == 0 and "operator 'asha' unlocked (2 failed login(s) forgotten)" in out.out
    with transaction(url) as session:
        assert session.scalars(select(LoginFailure.username)).all() == ["ravi"]
