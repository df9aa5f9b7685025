"""Engines and sessions. SQLite gets WAL and a busy timeout; PostgreSQL is used as it is."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

from sqlalchemy import CursorResult, Engine, Result, create_engine, event, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError, InterfaceError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session as Session  # re-exported: see below
from sqlalchemy.orm import sessionmaker
from sqlalchemy.pool import NullPool

SQLITE_BUSY_TIMEOUT_MS = 30_000
T = TypeVar("T")
STATEMENT_ROWS = 5000  # ids or rows one statement carries at most (bounded IN and VALUES lists)

# What the layers above hold of the database (they import no SQLAlchemy): ``Session``, the
# unit of work a caller opens and hands back to storage's functions (it builds no query on
# it), and the errors it catches.
DatabaseError = SQLAlchemyError
"""Any error of the database or its driver (a command reports it to a person)."""
UNREACHABLE: tuple[type[Exception], ...] = (OperationalError,)
"""The database could not be reached, or was locked or busy: worth a retry."""
OUTAGE: tuple[type[Exception], ...] = (OperationalError, InterfaceError)
"""What an unreachable database raises (a refused or dropped connection, a locked file)."""
DUPLICATE: tuple[type[Exception], ...] = (IntegrityError,)
"""A unique key another writer took at the same moment: a retry finds its row."""


def make_engine(url: str, **kwargs) -> Engine:
    """An engine for ``url``; for SQLite, creates the folder and turns on WAL."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _sqlite_engine(url, parsed.database, **kwargs)
    return create_engine(url, pool_pre_ping=True, **kwargs)


def _sqlite_engine(url: str, database: str | None, **kwargs) -> Engine:
    if database and database != ":memory:":
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000}, **kwargs)
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA secure_delete=ON")  # freed pages are zeroed (storage.erasure)
    cursor.close()


_engines: dict[str, Engine] = {}


def engine_for(url: str) -> Engine:
    """One engine per URL per process (kept until ``dispose_engine``)."""
    engine = _engines.get(url)
    if engine is None:
        engine = _engines[url] = make_engine(url)
    return engine


def dispose_engine(url: str) -> None:
    """Close the pooled connections of ``url``'s engine and forget it."""
    engine = _engines.pop(url, None)
    if engine is not None:
        engine.dispose()


def session_factory(url: str) -> sessionmaker[Session]:
    return sessionmaker(engine_for(url), expire_on_commit=False)


@contextmanager
def transaction(url: str) -> Iterator[Session]:
    """A session that commits on success and rolls back on error."""
    with session_factory(url).begin() as session:
        yield session


@contextmanager
def unpooled_transaction(url: str) -> Iterator[Session]:
    """``transaction`` on a connection of its own, closed after it (no pool is kept: safe in
    a process that forks, such as the prefork worker's parent)."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        with Session(engine) as session, session.begin():
            yield session
    finally:
        engine.dispose()


def missing_sqlite_file(url: str) -> str | None:
    """The file of a SQLite ``url`` when it does not exist yet (opening it would create an
    empty database), else None (not SQLite, in memory, or there)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return None if Path(parsed.database or "").exists() else parsed.database


def insert_ignoring_conflicts(session: Session, model):
    """An ``INSERT`` for ``model`` that can skip rows hitting a unique constraint
    (``.on_conflict_do_nothing(...)``), in the session's dialect."""
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    return dialect.insert(model)


def bulk_update(model):
    """An ORM ``UPDATE`` of ``model``'s rows that leaves the session's objects alone.

    SQLAlchemy otherwise synchronises them: a criterion it cannot evaluate in Python (a
    literal state list) makes it fetch the key of every matched row and look each up in the
    identity map, which for a run's million rows cost 130 MB and seconds of CPU. Use it
    where the rows moved are not loaded as objects in the same session.
    """
    return update(model).execution_options(synchronize_session=False)


def affected_rows(result: Result[Any]) -> int:
    """Rows an UPDATE or DELETE changed (SQLAlchemy types ``execute`` as a plain Result)."""
    return cast(CursorResult[Any], result).rowcount or 0


def in_chunks(items: Sequence[T], size: int = STATEMENT_ROWS) -> Iterator[Sequence[T]]:
    """``items`` in consecutive slices of at most ``size``, one statement each."""
    for start in range(0, len(items), size):
        yield items[start : start + size]
