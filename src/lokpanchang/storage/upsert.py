"""INSERT ... ON CONFLICT for SQLite and PostgreSQL, the two databases we run on."""

from __future__ import annotations

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session


def insert_for(session: Session):
    """The INSERT construct of ``session``'s database, with ``on_conflict_do_update``."""
    name = session.get_bind().dialect.name
    if name == "postgresql":
        return postgresql.insert
    if name == "sqlite":
        return sqlite.insert
    raise NotImplementedError(f"upsert is not implemented for the {name!r} database")


def upsert(session: Session, table, rows: list[dict], keys: tuple[str, ...]) -> None:
    """Insert ``rows``; where ``keys`` already exist, overwrite the other columns."""
    if not rows:
        return
    statement = insert_for(session)(table).values(rows)
    updates = {column: statement.excluded[column] for column in rows[0] if column not in keys}
    session.execute(statement.on_conflict_do_update(index_elements=list(keys), set_=updates))
