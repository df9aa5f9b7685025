"""``tasks.compact_erased`` in a real Celery worker on real Redis and PostgreSQL (issue 24,
item 3): the rewrite of the erased person's tables waits while a send is due, then runs."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest

from lokpanchang.storage import compaction
from lokpanchang.storage.compaction import PERSONAL_TABLES
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import BroadcastRun
from tests.tasks.test_ops_tasks import run, worker  # noqa: F401 -- the module's worker

pytestmark = pytest.mark.integration


def add_run(url: str, due_at: datetime) -> int:
    with transaction(url) as session:
        planned = BroadcastRun(
            timezone="Asia/Kolkata",
            send_time=time(6, 30),
            local_date=due_at.date(),
            due_at=due_at,
            status="planned",
            planned_at=due_at - timedelta(minutes=15),
        )
        session.add(planned)
        session.flush()
        return planned.id


def test_the_rewrite_waits_for_a_send_due_soon_then_runs(worker):  # noqa: F811
    client, url, _ = worker
    now = datetime.now(UTC)
    due = now + timedelta(minutes=5)  # within ERASURE_COMPACT_CLEAR (600 s)
    run_id = add_run(url, due)
    with transaction(url) as session:
        compaction.ask(session, now)
    waited = run(client, "tasks.compact_erased")
    assert waited["compacted"] is False
    assert datetime.fromisoformat(waited["after"]) > due
    with transaction(url) as session:
        assert not compaction.move(session, now + timedelta(hours=1), due_by=now)  # waits
        session.get_one(BroadcastRun, run_id).status = "done"
    done = run(client, "tasks.compact_erased")
    assert done == {"compacted": True, "rewritten": list(PERSONAL_TABLES), "left": []}
    assert run(client, "tasks.compact_erased") == {"compacted": False, "pending": False}
