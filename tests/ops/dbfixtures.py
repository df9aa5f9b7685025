"""Migrated databases whose pooled connections are closed after the test.

``engine_for`` caches a few engines per process; an engine evicted later with open
connections would warn at a random point of the session, so each fixture disposes its own.
Import the fixtures into a test module to use them.
"""

from __future__ import annotations

import pytest

from lokpanchang.storage import migrate
from lokpanchang.storage.db import engine_for


def _migrated(url: str):
    migrate.upgrade(url)
    yield url
    engine_for(url).dispose()


@pytest.fixture
def migrated_sqlite(sqlite_url):
    yield from _migrated(sqlite_url)


@pytest.fixture
def migrated_postgres(postgres_url):
    yield from _migrated(postgres_url)
