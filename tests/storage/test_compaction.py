"""Erasure's table rewrite on PostgreSQL (issue 24, item 3; ``storage.compaction``): one
rewrite however many erasures ask for it, none while a send is due, and a table in use is
given up after the lock timeout instead of making its users wait behind the rewrite."""

from __future__ import annotations

import threading
import time as timing
from datetime import UTC, datetime, time, timedelta

from sqlalchemy import text

from lokpanchang.storage import compaction, erasure
from lokpanchang.storage.compaction import PERSONAL_TABLES
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.storage.models import BroadcastRun

NOW = datetime(2026, 12, 1, 3, 0, tzinfo=UTC)
LATER = NOW + timedelta(minutes=1)
REPORT_S = 8.0


def due(url: str, now: datetime) -> bool:
    """What the recovery pass does: is the request due (then it is queued, and moved on)?"""
    with transaction(url) as session:
        return compaction.move(session, now + timedelta(minutes=30), due_by=now)


def test_many_erasures_ask_for_one_compaction_run_when_it_is_due(database_url):
    with transaction(database_url) as session:
        compaction.ask(session, LATER)
        compaction.ask(session, LATER + timedelta(minutes=5))  # the first one covers it
    assert not due(database_url, NOW)
    assert due(database_url, LATER)  # queued once,
    assert not due(database_url, LATER + timedelta(minutes=5))  # not at every pass
    with transaction(database_url) as session:
        assert compaction.take(session) and not compaction.take(session)
        compaction.ask(session, LATER)  # an erasure after it started asks for a new one
    assert due(database_url, LATER)


def test_a_queued_compaction_whose_task_was_lost_is_queued_again(database_url):
    with transaction(database_url) as session:
        assert not compaction.move(session, NOW)  # none pending: nothing to move
        compaction.ask(session, NOW)
    assert due(database_url, NOW)
    assert not due(database_url, NOW + timedelta(minutes=29))
    assert due(database_url, NOW + timedelta(minutes=30))  # the task never took it


def add_run(url: str, due_at: datetime, status: str, zone: str) -> None:
    with transaction(url) as session:
        session.add(
            BroadcastRun(
                timezone=zone,
                send_time=time(6, 30),
                local_date=due_at.date(),
                due_at=due_at,
                status=status,
                planned_at=due_at - timedelta(minutes=15),
            )
        )


def open_run_due_before(url: str, until: datetime) -> datetime | None:
    with transaction(url) as session:
        return compaction.last_open_run_due_before(session, until)


def test_a_send_due_soon_or_still_sending_holds_the_rewrite_back(database_url):
    add_run(database_url, NOW - timedelta(hours=1), "done", "Asia/Kolkata")
    add_run(database_url, NOW + timedelta(minutes=30), "planned", "Asia/Kathmandu")
    assert open_run_due_before(database_url, NOW + timedelta(minutes=10)) is None
    add_run(database_url, NOW + timedelta(minutes=5), "enqueued", "Asia/Dhaka")
    assert open_run_due_before(database_url, NOW + timedelta(minutes=10)) == NOW + timedelta(
        minutes=5
    )


def test_a_rewrite_gives_up_a_table_in_use_and_rewrites_the_others(migrated_postgres):
    report = engine_for(migrated_postgres).connect()
    report.execute(text("SELECT count(*) FROM user_detail"))  # a long report holds it
    ends = threading.Timer(REPORT_S, report.close)  # (a rewrite that waited for it: REPORT_S)
    ends.start()
    started = timing.monotonic()
    done = erasure.compact(migrated_postgres, wait_s=0.0, lock_timeout_ms=200)
    assert timing.monotonic() - started < REPORT_S
    ends.join()
    assert done.rewrites.gave_way == ("user_detail",)
    assert done.rewrites.rewritten == tuple(t for t in PERSONAL_TABLES if t != "user_detail")


def file_of(url: str, table: str) -> str:
    with engine_for(url).connect() as connection:
        return connection.scalar(text("SELECT pg_relation_filepath(:t)"), {"t": table})


def test_the_personal_tables_get_new_files(migrated_postgres):
    before = {table: file_of(migrated_postgres, table) for table in PERSONAL_TABLES}
    assert erasure.compact(migrated_postgres).rewrites.rewritten == PERSONAL_TABLES
    assert all(file_of(migrated_postgres, t) != path for t, path in before.items())
