from __future__ import annotations

import pytest

from lokpanchang.storage.db import session_factory


@pytest.fixture
def session(database_url):
    """A session on a fresh migrated database (SQLite and PostgreSQL)."""
    with session_factory(database_url)() as session:
        yield session
