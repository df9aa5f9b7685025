"""Shared fixtures: real Redis and PostgreSQL, fresh migrated databases, settings."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest

import lokpanchang
from lokpanchang.config import get_settings, load_settings
from lokpanchang.storage import migrate
from lokpanchang.storage.db import dispose_engine, engine_for
from tests import servers

SRC = Path(lokpanchang.__file__).resolve().parents[1]

# Subprocesses (workers, beat, the CLI) import the package under test.
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))


# The slow tests start real worker, beat and `up` processes and wait for an instant a few seconds
# ahead; they run in two lanes (two xdist workers, one test at a time each), so no more than two
# clusters start at once on a two-core machine, while the other workers take the quick tests.
SLOW_LANES = 2


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups (--dist loadgroup)
def pytest_collection_modifyitems(items):
    """The slow tests first, dealt in turn to the lanes: the longest start at once and the
    quick tests fill the other workers, instead of the slow tests of the last files running at
    the end, one after another."""
    items.sort(key=lambda item: not item.get_closest_marker("slow"))
    slow = [item for item in items if item.get_closest_marker("slow")]
    for index, item in enumerate(slow):
        item.add_marker(pytest.mark.xdist_group(f"slow-lane-{index % SLOW_LANES}"))


@pytest.fixture(scope="session")
def redis_server():
    server = servers.start_redis()
    yield server
    server.discard()


@pytest.fixture
def redis_url(redis_server):
    """A Redis URL whose database is empty at the start of the test."""
    import redis

    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    client.close()
    return redis_server.url


@pytest.fixture(scope="session")
def postgres_server():
    server = servers.start_postgres()
    yield server
    server.discard(background=True)


@pytest.fixture
def own_postgres():
    """A PostgreSQL server of the test's own, which it may stop and start (an outage)."""
    server = servers.start_postgres()
    yield server
    server.discard()  # the test may have left it stopped


@pytest.fixture
def postgres_url(postgres_server):
    """A new, empty PostgreSQL database (not migrated)."""
    url = postgres_server.create_database()
    yield url
    dispose_engine(url)


@pytest.fixture
def sqlite_url(tmp_path):
    """A new, empty SQLite database file (not migrated)."""
    url = f"sqlite:///{tmp_path / 'lokpanchang.sqlite3'}"
    yield url
    dispose_engine(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    """A fresh, migrated database: once on SQLite, once on PostgreSQL."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'lokpanchang.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_server").create_database()
    migrate.upgrade(url)
    yield url
    dispose_engine(url)


def _start_tasks_process(monkeypatch) -> None:
    """What a Celery process does when it starts, for tests that call tasks in-process after
    changing the environment: its app's services are built from the settings read now (the
    app of ``lokpanchang.tasks`` gets its own back when the test ends)."""
    from lokpanchang.config import ConfigError
    from lokpanchang.services import Services
    from lokpanchang.tasks import app

    with contextlib.suppress(ConfigError):  # bad settings: no process would have started
        monkeypatch.setattr(app, "services", Services(get_settings()))


@pytest.fixture
def settings_env(monkeypatch, tmp_path):
    """Point the process settings at ``tmp_path`` (and the in-process Celery app's services);
    returns a function to add variables."""
    import lokpanchang.tasks  # noqa: F401 -- its app starts as the session's environment says

    monkeypatch.setenv("DATA_DIR", str(tmp_path / "var"))
    get_settings.cache_clear()
    _start_tasks_process(monkeypatch)

    def set_env(**values: str) -> None:
        for name, value in values.items():
            monkeypatch.setenv(name.upper(), str(value))
        get_settings.cache_clear()
        _start_tasks_process(monkeypatch)

    yield set_env
    get_settings.cache_clear()


@pytest.fixture
def make_settings(tmp_path):
    """Settings built from explicit values only (no process environment)."""

    def build(**values):
        values.setdefault("data_dir", tmp_path / "var")
        return load_settings({}, **values)

    return build


def _migrated(url: str):
    migrate.upgrade(url)
    yield url
    # engine_for caches a few engines per process; one evicted later with open connections
    # would warn at a random point of the session, so each fixture disposes its own.
    engine_for(url).dispose()


@pytest.fixture
def migrated_sqlite(sqlite_url):
    """A migrated SQLite database whose pooled connections are closed after the test."""
    yield from _migrated(sqlite_url)


@pytest.fixture
def migrated_postgres(postgres_url):
    """A migrated PostgreSQL database whose pooled connections are closed after the test."""
    yield from _migrated(postgres_url)
