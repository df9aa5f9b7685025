"""A run's rows are written and moved in bulk without bringing them back (issue 23 item 1).

The run's owner prepares a million rows at once: neither writing them nor marking them
prepared may fetch a row per subscriber into the worker (it did: 130 MB of keys at 300,000
rows, the workers' peak RSS), and the count they report must still be right.
"""

from __future__ import annotations

import pytest
from sqlalchemy import event

from lokpanchang.broadcast.prepare import owe_ahead
from lokpanchang.storage import ledger
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.storage.states import LedgerStatus
from tests.broadcast.helpers import add_subscribers, runs
from tests.broadcast.test_sending import BEFORE, plan


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
        assert ledger.insert_run_rows(session, run, BEFORE) == 7
        assert ledger.insert_run_rows(session, run, BEFORE) == 0
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
