"""Writing a batch's outcomes on its ledger rows: a few statements whatever the batch's size.

Each outcome moves its row only from a state that allows the move (``states.sources``), so
a status webhook that got there first is never undone.
"""

from __future__ import annotations

from collections import defaultdict
from typing import cast

from sqlalchemy import Table, bindparam, func, update
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Session

from lokpanchang.storage.ledger import Ledger, status_in
from lokpanchang.storage.states import LedgerStatus, sources


def record(session: Session, model: Ledger, rows: list[dict]) -> None:
    """Bulk UPDATE by id: each dict holds a row's ``id``, its new ``status`` and the columns
    that outcome writes. One statement per (status, columns): a batch of outcomes costs a
    few statements whatever its size. A row whose state no longer allows the move (a status
    webhook got there first) is left alone."""
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for row in rows:
        groups[(row["status"], tuple(sorted(row)))].append(row)
    table = cast(Table, model.__table__)
    write = _record_from_arrays if session.get_bind().dialect.name == "postgresql" else _record_each
    for (status, keys), members in sorted(groups.items()):
        write(
            session,
            table,
            LedgerStatus(status),
            [k for k in keys if k not in ("id", "status")],
            members,
        )


def _record_each(session: Session, table: Table, status, columns: list[str], rows: list[dict]):
    """One executemany UPDATE by id (SQLite)."""
    values = {name: bindparam(f"v_{name}", type_=table.c[name].type) for name in columns}
    statement = (
        update(table)
        .where(table.c.id == bindparam("row_id"), status_in(table.c, sources(status)))
        .values(status=status.value, **values)
    )
    session.execute(
        statement, [{"row_id": r["id"], **{f"v_{c}": r[c] for c in columns}} for r in rows]
    )


def _record_from_arrays(
    session: Session, table: Table, status, columns: list[str], rows: list[dict]
):
    """One UPDATE .. FROM unnest(ids, column arrays) (PostgreSQL): one statement and one
    parameter per column instead of one execution per row. The arrays are typed like their
    columns, so a column that is NULL in every row still has its type."""
    names = ["id", *columns]
    arrays = [
        bindparam(f"a_{name}", [r[name] for r in rows], type_=ARRAY(table.c[name].type))
        for name in names
    ]
    given = func.unnest(*arrays).table_valued(*names).render_derived(name="given")
    statement = (
        update(table)
        .where(table.c.id == given.c.id, status_in(table.c, sources(status)))
        .values(status=status.value, **{name: given.c[name] for name in columns})
    )
    session.execute(statement)
