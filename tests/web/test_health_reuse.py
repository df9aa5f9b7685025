"""/healthz reuses a healthy answer for a second (a burst of probes is one query)."""

from __future__ import annotations

from datetime import timedelta

import time_machine
from sqlalchemy import delete

from lokpanchang import clock
from lokpanchang.storage import heartbeats
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import SchedulerLock
from lokpanchang.web import create_app
from lokpanchang.web.health import CHECK_REUSE
from tests.scheduling.test_health import beat


def test_a_healthy_answer_is_reused_for_a_second_and_then_looked_at_again(
    make_settings, migrated_sqlite
):
    client = create_app(make_settings(database_url=migrated_sqlite)).test_client()
    beat(migrated_sqlite, heartbeats.HEARTBEAT_WORKER_PREFIX + "w1@host", timedelta(minutes=5))
    beat(migrated_sqlite, heartbeats.HEARTBEAT_BEAT_KEY, timedelta(minutes=5))
    with time_machine.travel(clock.now(), tick=False) as traveller:
        assert client.get("/healthz").status_code == 200
        with transaction(migrated_sqlite) as session:
            session.execute(delete(SchedulerLock))  # every heartbeat gone
        assert client.get("/healthz").status_code == 200  # within the second: reused
        traveller.shift(CHECK_REUSE)
        assert client.get("/healthz").status_code == 503
        assert client.get("/healthz").status_code == 503  # unhealthy is never reused
