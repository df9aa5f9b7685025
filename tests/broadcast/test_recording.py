"""A batch's outcomes are recorded in a fixed number of statements, each row exactly."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from sqlalchemy import event

from lokpanchang.broadcast import planner_pass, start_run
from lokpanchang.broadcast.locks import DatabaseLock
from lokpanchang.broadcast.sending import apply_results
from lokpanchang.delivery.base import Outcome, SendResult
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.storage.models import UserDetail
from tests.broadcast.helpers import RecordingQueue, add_subscriber, ledger

DUE = datetime(2026, 3, 10, 1, 0, tzinfo=UTC)
CYCLE = [
    Outcome.SENT,
    Outcome.RETRY,
    Outcome.SKIP,
    Outcome.DISABLE,
    Outcome.HALT,
    Outcome.AMBIGUOUS,
]


@contextmanager
def counted_statements(url: str):
    """Counts every statement sent to the database (an executemany counts once)."""
    statements: list[str] = []

    def count(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    engine = engine_for(url)
    event.listen(engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", count)


def pending_rows(settings, subscribers: int) -> list[int]:
    for _ in range(subscribers):
        add_subscriber(settings.database_url, "Asia/Kolkata")
    queue = RecordingQueue()
    planner_pass(settings, DUE - timedelta(minutes=10), queue, DatabaseLock(settings.database_url))
    start_run(settings, queue.run_ids[0], DUE)
    return [row.id for row in ledger(settings.database_url)]


def outcomes_for(ledger_ids: list[int]) -> list[SendResult]:
    return [
        SendResult(
            ledger_id,
            CYCLE[n % len(CYCLE)],
            f"wamid.{ledger_id}" if n % 6 == 0 else None,
            None if n % 6 == 0 else 1000 + n,
            None if n % 6 == 0 else f"detail {n}",
            2.0 if n % 6 == 1 else None,
        )
        for n, ledger_id in enumerate(ledger_ids)
    ]


def recording_statements(url: str, results: list[SendResult]) -> int:
    with counted_statements(url) as statements, transaction(url) as session:
        apply_results(session, results, DUE)
    return len(statements)


def test_a_batch_of_outcomes_costs_the_same_few_statements_whatever_its_size(settings):
    ids = pending_rows(settings, 66)
    small = recording_statements(settings.database_url, outcomes_for(ids[:6]))
    large = recording_statements(settings.database_url, outcomes_for(ids[6:]))
    assert large == small and large <= 8  # 3 bulk UPDATEs, 1 SELECT, 1 UPDATE of subscribers, tx


def test_each_row_of_a_bulk_recorded_batch_gets_its_own_outcome(settings):
    ids = pending_rows(settings, 12)
    results = outcomes_for(ids)
    recording_statements(settings.database_url, results)
    rows = {row.id: row for row in ledger(settings.database_url)}
    expected = {
        Outcome.SENT: "sent",
        Outcome.RETRY: "retry",
        Outcome.SKIP: "skipped",
        Outcome.DISABLE: "failed",
        Outcome.HALT: "halted",
        Outcome.AMBIGUOUS: "ambiguous",
    }
    for result in results:
        row = rows[result.ledger_id]
        assert (row.status, row.error_code, row.error_detail) == (
            expected[result.outcome],
            result.error_code,
            result.error_detail,
        )
        assert row.whatsapp_message_id == result.message_id
        assert row.sent_at == (DUE if result.outcome is Outcome.SENT else None)
        failed = result.outcome in (Outcome.DISABLE, Outcome.HALT, Outcome.AMBIGUOUS)
        assert row.failed_at == (DUE if failed else None)
    disabled = {rows[r.ledger_id].user_id for r in results if r.outcome is Outcome.DISABLE}
    with transaction(settings.database_url) as session:
        for user in session.query(UserDetail):
            assert (user.id in disabled) == (user.disabled_reason is not None)
            if user.id in disabled:
                assert user.obsoleted_on == DUE and "channel error 10" in user.disabled_reason
