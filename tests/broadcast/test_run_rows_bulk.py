"""A run's rows at scale (issue 23 item 1): written and moved in bulk without bringing them
back, and at the instant only sent.

The run's owner prepares a million rows at once: neither writing them nor marking them
prepared may fetch a row per subscriber into the worker (it did: 130 MB of keys at 300,000
rows, the workers' peak RSS), and the count they report must still be right. At the
instant, a run owed ahead starts its batches without owing again (asking about every
subscriber took seconds at a million, before the first message); who became due since is
owed by the run's last batch.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import event

from lokpanchang.broadcast import finish_run, send_batch, start_run
from lokpanchang.broadcast.prepare import owe_ahead
from lokpanchang.storage import ledger, run_ledger
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.storage.states import LedgerStatus
from tests.broadcast.helpers import add_subscriber, add_subscribers, runs, sends_per_user_and_date
from tests.broadcast.helpers import ledger as rows_of
from tests.broadcast.test_prepared import worker
from tests.broadcast.test_sending import BEFORE, KOLKATA_DUE, plan


class Statements:
    """The SQL a database engine ran while this was entered."""

    def __init__(self, url: str) -> None:
        self.engine = engine_for(url)
        self.sql: list[str] = []

    def _seen(self, conn, cursor, statement, parameters, context, executemany) -> None:
        self.sql.append(statement)

    def __enter__(self) -> list[str]:
        event.listen(self.engine, "before_cursor_execute", self._seen)
        return self.sql

    def __exit__(self, *exc_info: object) -> None:
        event.remove(self.engine, "before_cursor_execute", self._seen)


def test_writing_a_runs_rows_counts_them_and_a_second_time_writes_none(settings):
    add_subscribers(settings.database_url, "Asia/Kolkata", 7)
    run_id = plan(settings)
    [run] = runs(settings.database_url)
    with transaction(settings.database_url) as session:
        run = session.merge(run)
        assert run_ledger.insert_run_rows(session, run, BEFORE) == 7
        assert run_ledger.insert_run_rows(session, run, BEFORE) == 0
    assert run_id == run.id


def test_preparing_a_run_fetches_no_row_back(settings):
    add_subscribers(settings.database_url, "Asia/Kolkata", 7)
    run_id = plan(settings)
    with Statements(settings.database_url) as sql:
        assert owe_ahead(settings, run_id, BEFORE) == 7
    writes = [s for s in sql if s.lstrip().upper().startswith(("INSERT", "UPDATE"))]
    assert writes, sql
    assert not [s for s in writes if "RETURNING" in s.upper()], writes


@pytest.mark.parametrize("target", [LedgerStatus.PREPARED, LedgerStatus.MISSED])
def test_a_bulk_move_fetches_no_row_back_and_counts_what_moved(settings, target):
    add_subscribers(settings.database_url, "Asia/Kolkata", 5)
    run_id = plan(settings)
    owe_ahead(settings, run_id, BEFORE)
    with Statements(settings.database_url) as sql, transaction(settings.database_url) as session:
        rows = ledger.run_rows(run_id)
        ids = ledger.ids_in(session, ledger.DAILY, rows, (LedgerStatus.PREPARED,))
        moved = ledger.move(session, ledger.DAILY, ids[:3], target)
    assert moved == 3
    updates = [s for s in sql if s.lstrip().upper().startswith("UPDATE")]
    assert updates and not [s for s in updates if "RETURNING" in s.upper()], updates


def test_at_the_instant_a_run_owed_ahead_is_not_owed_again_before_its_batches(settings):
    add_subscribers(settings.database_url, "Asia/Kolkata", 7)
    run_id = plan(settings)
    owe_ahead(settings, run_id, BEFORE)
    with Statements(settings.database_url) as sql:
        bounds = start_run(settings, run_id, KOLKATA_DUE)
    assert not [s for s in sql if s.lstrip().upper().startswith("INSERT")], sql
    # 7 rows in batches of 3, then the latecomers' batch, open at its end.
    assert len(bounds) == 4 and bounds[-1] == (8, run_ledger.OPEN_END)


def test_who_joined_between_the_preparation_and_the_instant_gets_one_message(settings):
    add_subscribers(settings.database_url, "Asia/Kolkata", 4)
    run_id = plan(settings)
    owe_ahead(settings, run_id, BEFORE)
    late = add_subscriber(settings.database_url, "Asia/Kolkata", created_on=BEFORE)
    ctx = worker(settings)
    bounds = start_run(settings, run_id, KOLKATA_DUE)
    for batch in reversed(bounds):  # the latecomers' batch may well run first
        send_batch(ctx, run_id, batch, KOLKATA_DUE)
    for batch in bounds:  # a batch delivered twice sends nothing twice
        send_batch(ctx, run_id, batch, KOLKATA_DUE + timedelta(seconds=1))
    assert finish_run(settings, run_id, KOLKATA_DUE)
    assert len(ctx.sender.sent) == 5
    assert {row.user_id: row.status for row in rows_of(settings.database_url)}[late] == "sent"
    assert set(sends_per_user_and_date(settings.database_url).values()) == {1}
    [run] = runs(settings.database_url)
    assert (run.total, run.sent) == (5, 5)


@pytest.mark.parametrize("gone", [0, 4, 2, 3])  # every gone-th row already sent (0: none)
def test_batches_cover_every_owed_row_once_and_hold_at_most_a_batch(settings, gone):
    add_subscribers(settings.database_url, "Asia/Kolkata", 20)
    run_id = plan(settings)
    owe_ahead(settings, run_id, BEFORE)
    with transaction(settings.database_url) as session:
        ids = ledger.ids_in(
            session, ledger.DAILY, ledger.run_rows(run_id), (LedgerStatus.PREPARED,)
        )
        sent = ids[gone - 1 :: gone] if gone else []
        ledger.move(session, ledger.DAILY, sent, LedgerStatus.SENDING)
        owed = [i for i in ids if i not in sent]
        stale = KOLKATA_DUE - timedelta(minutes=5)
        bounds = ledger.sendable_bounds(
            session, ledger.DAILY, ledger.run_rows(run_id), stale, KOLKATA_DUE, 3
        )
    batches = [[i for i in owed if low <= i <= high] for low, high in bounds]
    assert sorted(i for batch in batches for i in batch) == owed
    assert all(0 < len(batch) <= 3 for batch in batches[:-1]) and len(batches[-1]) <= 3
    assert len(bounds) <= 2 * -(-len(owed) // 3)  # never more than twice the fewest batches
