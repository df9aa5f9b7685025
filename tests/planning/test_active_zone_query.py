"""active_zone_send_times on a real (SQLite) database built by the migrations."""

from __future__ import annotations

from datetime import datetime, time, timedelta

import pytest

from lokpanchang.storage.audience import active_zone_send_times
from lokpanchang.storage.db import transaction
from tests.planning.conftest import STOPPED_AT


def test_it_lists_each_active_zone_and_send_time_once(subscribers_db):
    with transaction(subscribers_db) as session:
        pairs = active_zone_send_times(session, STOPPED_AT - timedelta(seconds=1))
    assert pairs == [
        ("America/New_York", time(6, 30)),
        ("Asia/Kathmandu", time(6, 30)),
        ("Asia/Kolkata", time(6, 30)),
        ("Asia/Kolkata", time(7, 0)),
        ("Mars/Olympus", time(6, 30)),
    ]


def test_a_subscriber_is_inactive_from_the_instant_they_stopped(subscribers_db):
    with transaction(subscribers_db) as session:
        zones = {zone for zone, _ in active_zone_send_times(session, STOPPED_AT)}
    assert "America/New_York" not in zones and "Asia/Kolkata" in zones


def test_it_refuses_a_naive_now(subscribers_db):
    with transaction(subscribers_db) as session, pytest.raises(ValueError, match="no time zone"):
        active_zone_send_times(session, datetime(2026, 3, 1))
