"""Ledger and run states: one table of moves, checked in code and refused by the database."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from lokpanchang.storage import ledger, migrate
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import MessageLog, ScheduledJob, ScheduledJobRun
from lokpanchang.storage.states import (
    MOVES,
    IllegalMove,
    JobStatus,
    LedgerStatus,
    RunStatus,
    check_move,
    may_move,
    sources,
)
from tests.broadcast.helpers import add_subscriber
from tests.storage.test_migrations import _tables
from tests.storage.test_ops_migration import _differences

L = LedgerStatus
NOW = datetime(2026, 3, 10, 1, 0, tzinfo=UTC)
PREVIOUS = "0009_operator_sessions"  # the revision 0009_ledger_states follows
CHANGED_TABLES = {"user_detail", "broadcast_run", "message_log", "announcement_log"}


@pytest.mark.parametrize("enum", list(MOVES), ids=lambda enum: enum.__name__)
def test_every_state_has_its_moves_and_sources_are_the_table_read_backwards(enum):
    table = MOVES[enum]
    assert set(table) == set(enum)
    for target in enum:
        expected = {target} | {state for state, moves in table.items() if target in moves}
        assert set(sources(target)) == expected


def test_a_finished_one_off_job_never_runs_again_and_a_paused_one_is_never_claimed():
    for current, target in [
        (JobStatus.DONE, JobStatus.RUNNING),
        (JobStatus.FAILED, JobStatus.ACTIVE),
        (JobStatus.PAUSED, JobStatus.RUNNING),
    ]:
        with pytest.raises(IllegalMove, match=f"a JobStatus cannot move from '{current}'"):
            check_move(current, target)


@pytest.mark.parametrize(
    ("current", "target"),
    [
        (L.SENDING, L.PENDING),  # handed to a channel: never sent again
        (L.SENDING, L.CLAIMED),
        (L.AMBIGUOUS, L.RETRY),  # may have gone out: never resent blindly
        (L.DELIVERED, L.SENT),  # statuses never go back
        (L.READ, L.DELIVERED),
        (L.DELIVERED, L.FAILED),
        (L.SENT, L.PENDING),
        (L.DEFERRED, L.CLAIMED),
    ],
)
def test_moves_that_could_double_or_rewind_a_message_are_refused(current, target):
    assert not may_move(current, target)
    with pytest.raises(IllegalMove, match=f"from '{current}' to '{target}'"):
        check_move(current, target)


def test_the_sending_path_and_a_webhook_racing_the_worker_are_allowed():
    path = [L.PENDING, L.CLAIMED, L.SENDING, L.SENT, L.DELIVERED, L.READ]
    assert all(may_move(a, b) for a, b in zip(path, path[1:]))
    assert may_move(L.SENDING, L.DELIVERED) and may_move(L.AMBIGUOUS, L.SENT)
    assert may_move(RunStatus.RUNNING, RunStatus.DONE)
    assert not may_move(RunStatus.DONE, RunStatus.RUNNING)


def test_a_bulk_move_leaves_rows_whose_state_forbids_it(database_url):
    user = add_subscriber(database_url, "Asia/Kolkata")
    other = add_subscriber(database_url, "Asia/Kolkata")
    with transaction(database_url) as session:
        rows = [
            MessageLog(user_id=user, local_date=date(2026, 3, 10), status=L.DELIVERED),
            MessageLog(user_id=other, local_date=date(2026, 3, 10), status=L.SENDING),
        ]
        session.add_all(rows)
        session.flush()
        ids = [row.id for row in rows]
    with transaction(database_url) as session:
        assert ledger.move(session, MessageLog, ids, L.SENT, sent_at=NOW) == 1
    with transaction(database_url) as session:
        assert [session.get(MessageLog, i).status for i in ids] == [L.DELIVERED, L.SENT]


@pytest.mark.parametrize(
    ("table", "column", "value"),
    [
        ("message_log", "status", "queued"),
        ("message_log", "kind", "promo"),
        ("broadcast_run", "status", "paused"),
        ("announcement_log", "status", "queued"),
    ],
)
def test_the_database_refuses_a_state_outside_the_enums(database_url, table, column, value):
    user = add_subscriber(database_url, "Asia/Kolkata")
    inserts = {
        "message_log": f"INSERT INTO message_log (user_id, local_date, timezone, kind, status, "
        f"attempts, late) VALUES ({user}, '2026-03-10', '', 'daily', 'pending', 0, false)",
        "broadcast_run": "INSERT INTO broadcast_run (timezone, send_time, local_date, due_at, "
        "status, late, planned_at, enqueue_count, total, sent, failed, skipped, batches) VALUES "
        "('Asia/Kolkata', '06:30:00', '2026-03-10', '2026-03-10 01:00:00', 'planned', false, "
        "'2026-03-10 00:00:00', 0, 0, 0, 0, 0, 0)",
    }
    with transaction(database_url) as session:
        if table in inserts:
            session.execute(text(inserts[table]))
    _add_job_run(database_url)
    with pytest.raises(IntegrityError, match="ck_"), transaction(database_url) as session:
        if table == "announcement_log":
            session.execute(_announcement_row(user, value))
        else:
            session.execute(text(f"UPDATE {table} SET {column} = '{value}'"))


def _announcement_row(user: int, status: str):
    """An announcement row of a real job run (its foreign keys hold), in ``status``."""
    return text(
        "INSERT INTO announcement_log (job_run_id, user_id, status, created_at, attempts) "
        f"VALUES ({_job_run()}, {user}, '{status}', '2026-03-10 00:00:00', 0)"
    )


def _job_run() -> str:
    return "(SELECT max(id) FROM scheduled_job_run)"


def _add_job_run(url: str) -> None:
    with transaction(url) as session:
        job = ScheduledJob(kind="announcement", payload={}, created_at=NOW)
        session.add(job)
        session.flush()
        session.add(ScheduledJobRun(job_id=job.id, due_at=NOW, claimed_by="t", started_at=NOW))


def test_the_migration_creates_what_the_models_describe(database_url):
    assert _differences(database_url, CHANGED_TABLES) == []


def test_downgrading_one_step_removes_the_new_columns_and_upgrading_restores_them(database_url):
    migrate.downgrade(database_url, PREVIOUS)
    assert "message_log" in _tables(database_url)
    with transaction(database_url) as session:  # the constraint is gone with its migration
        user = add_subscriber_raw(session)
        session.execute(
            text(
                "INSERT INTO message_log (user_id, local_date, timezone, kind, status, attempts, "
                f"late) VALUES ({user}, '2026-03-10', '', 'daily', 'queued', 0, false)"
            )
        )
        session.execute(text("DELETE FROM message_log"))
    migrate.upgrade(database_url)
    assert _differences(database_url, CHANGED_TABLES) == []


def add_subscriber_raw(session) -> int:
    session.execute(
        text(
            "INSERT INTO user_detail (phone, display_name, language, send_time, created_on, "
            "obsoleted_on, undeliverable_days) VALUES ('+919800099999', '', 'en', '06:30:00', "
            "'2026-01-01 00:00:00', '2099-12-31 00:00:00', 0)"
        )
    )
    return session.execute(text("SELECT max(id) FROM user_detail")).scalar_one()
