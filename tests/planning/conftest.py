"""A migrated SQLite database with a few subscribers, for the query and the CLI."""

from __future__ import annotations

from datetime import UTC, datetime, time

import pytest

from lokpanchang.config import get_settings
from lokpanchang.storage import migrate
from lokpanchang.storage.db import dispose_engine, transaction
from lokpanchang.storage.models import FOREVER, UserDetail

SIGNED_UP = datetime(2026, 1, 1, tzinfo=UTC)
STOPPED_AT = datetime(2026, 3, 1, 0, 0, tzinfo=UTC)

# (phone, zone, send time, obsoleted_on)
SUBSCRIBERS = [
    ("+919800000001", "Asia/Kolkata", time(6, 30), FOREVER),
    ("+919800000002", "Asia/Kolkata", time(6, 30), FOREVER),
    ("+919800000003", "Asia/Kolkata", time(7, 0), FOREVER),
    ("+977980000004", "Asia/Kathmandu", time(6, 30), FOREVER),
    ("+12125550005", "America/New_York", time(6, 30), STOPPED_AT),
    ("+447700900006", "Mars/Olympus", time(6, 30), FOREVER),
    ("+447700900007", None, time(6, 30), FOREVER),
]


@pytest.fixture
def subscribers_db(tmp_path, monkeypatch):
    """A fresh migrated SQLite database holding SUBSCRIBERS; DATABASE_URL points at it."""
    url = f"sqlite:///{tmp_path / 'lokpanchang.sqlite3'}"
    migrate.upgrade(url)
    with transaction(url) as session:
        for phone, zone, send_time, obsoleted_on in SUBSCRIBERS:
            session.add(
                UserDetail.at(
                    "whatsapp",
                    phone,
                    timezone=zone,
                    send_time=send_time,
                    created_on=SIGNED_UP,
                    obsoleted_on=obsoleted_on,
                )
            )
    monkeypatch.setenv("DATABASE_URL", url)
    get_settings.cache_clear()
    yield url
    dispose_engine(url)
    get_settings.cache_clear()
