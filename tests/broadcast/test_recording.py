"""A batch's outcomes are recorded in a fixed number of statements, each row exactly."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from sqlalchemy import event

from lokpanchang.broadcast import pipeline, planner_pass, start_run
from lokpanchang.broadcast.daily import DailyBatch
from lokpanchang.broadcast.locks import DatabaseLock
from lokpanchang.delivery.base import Outcome, SendResult
from lokpanchang.storage import ledger as ledger_sql
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.storage.models import MessageLog, UserDetail
from lokpanchang.storage.states import LedgerStatus
from tests.broadcast.helpers import RecordingQueue, add_subscriber, ledger

DUE = datetime(2026, 3, 10, 1, 0, tzinfo=UTC)
CYCLE = [
    Outcome.SENT,
    Outcome.RETRY,
    Outcome.SKIP,
    Outcome.DISABLE,
    Outcome.HALT,
    Outcome.AMBIGUOUS,
    Outcome.BLOCK,
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
    ids = [row.id for row in ledger(settings.database_url)]
    with transaction(settings.database_url) as session:  # handed to the channel, as a batch is
        ledger_sql.move(session, MessageLog, ids, LedgerStatus.CLAIMED)
        ledger_sql.move(session, MessageLog, ids, LedgerStatus.SENDING, claimed_at=DUE)
    return ids


def outcomes_for(ledger_ids: list[int]) -> list[SendResult]:
    return [
        SendResult(
            ledger_id,
            CYCLE[n % len(CYCLE)],
            f"wamid.{ledger_id}" if n % 7 == 0 else None,
            None if n % 7 == 0 else 1000 + n,
            None if n % 7 == 0 else f"detail {n}",
            2.0 if n % 7 == 1 else None,
        )
        for n, ledger_id in enumerate(ledger_ids)
    ]


def recording_statements(ctx, results: list[SendResult]) -> int:
    sent = [pipeline.Claimed(r.ledger_id, 0, 1, None) for r in results]
    selection = DailyBatch(ctx.settings, 0, (0, 0))  # no such run: its halt moves nothing
    with counted_statements(ctx.settings.database_url) as statements:
        pipeline.record(ctx, selection, sent, results, DUE, pipeline.Tally())
    return len(statements)


def test_a_batch_of_outcomes_costs_the_same_few_statements_whatever_its_size(settings, ctx):
    ids = pending_rows(settings, 77)
    small = recording_statements(ctx, outcomes_for(ids[:7]))
    large = recording_statements(ctx, outcomes_for(ids[7:]))
    # 7 bulk UPDATEs (one per status), the disabled subscribers' SELECT and UPDATE, the halt's
    # UPDATE of the run, and the blocked subscribers' two notice queries.
    assert large == small and large <= 12


def test_each_row_of_a_bulk_recorded_batch_gets_its_own_outcome(settings, ctx):
    ids = pending_rows(settings, 14)
    results = outcomes_for(ids)
    recording_statements(ctx, results)
    rows = {row.id: row for row in ledger(settings.database_url)}
    expected = {
        Outcome.SENT: "sent",
        Outcome.RETRY: "retry",
        Outcome.SKIP: "skipped",
        Outcome.DISABLE: "failed",
        Outcome.HALT: "halted",
        Outcome.AMBIGUOUS: "ambiguous",
        Outcome.BLOCK: "blocked",
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
        failed = result.outcome not in (Outcome.SENT, Outcome.RETRY)
        assert row.failed_at == (DUE if failed else None)
        retried = result.outcome is Outcome.RETRY
        assert row.retry_at == (DUE + timedelta(seconds=2.0) if retried else None)
    disabled = {rows[r.ledger_id].user_id for r in results if r.outcome is Outcome.DISABLE}
    with transaction(settings.database_url) as session:
        for user in session.query(UserDetail):
            assert (user.id in disabled) == (user.disabled_reason is not None)
            if user.id in disabled:
                assert user.obsoleted_on == DUE and "channel error 10" in user.disabled_reason


def test_a_row_a_status_webhook_moved_on_keeps_what_the_webhook_wrote(settings, ctx):
    ids = pending_rows(settings, 4)
    with transaction(settings.database_url) as session:  # 'delivered' arrived before the answer
        ledger_sql.move(session, MessageLog, ids[:2], LedgerStatus.DELIVERED)
    sent = [SendResult(row_id, Outcome.SENT, f"wamid.{row_id}") for row_id in ids]
    recording_statements(ctx, sent)
    rows = {row.id: row for row in ledger(settings.database_url)}
    assert [rows[i].status for i in ids] == ["delivered", "delivered", "sent", "sent"]
    assert [rows[i].whatsapp_message_id for i in ids] == [
        None,
        None,
        *(f"wamid.{i}" for i in ids[2:]),
    ]
    assert [rows[i].sent_at for i in ids] == [None, None, DUE, DUE]


def test_pins_cost_one_statement_per_number_and_pin_each_subscriber(settings):
    users = [add_subscriber(settings.database_url, "Asia/Kolkata") for _ in range(9)]
    pins = {user_id: ("4242", "4343", "4444")[n % 3] for n, user_id in enumerate(users)}
    with (
        counted_statements(settings.database_url) as statements,
        transaction(settings.database_url) as session,
    ):
        ledger_sql.pin_numbers(session, pins)
    assert len([s for s in statements if s.lstrip().upper().startswith("UPDATE")]) == 3
    with transaction(settings.database_url) as session:
        pinned = {user.id: user.number_id for user in session.query(UserDetail)}
    assert pinned == pins


def test_statements_by_id_touch_exactly_the_rows_named(settings):
    ids = pending_rows(settings, 6)
    chosen = [ids[4], ids[1]]
    with transaction(settings.database_url) as session:
        pairs = ledger_sql.with_subscribers(session, MessageLog, chosen)
        moved = ledger_sql.move(session, MessageLog, chosen, LedgerStatus.AMBIGUOUS)
    assert [row.id for row, _ in pairs] == sorted(chosen) and moved == 2
    assert all(row.user_id == user.id for row, user in pairs)
    statuses = {row.id: row.status for row in ledger(settings.database_url)}
    assert {i for i, status in statuses.items() if status == "ambiguous"} == set(chosen)
