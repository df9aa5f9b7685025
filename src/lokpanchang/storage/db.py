"""Engines and sessions. SQLite gets WAL and a busy timeout; PostgreSQL is used as it is."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

from sqlalchemy import CursorResult, Engine, Result, create_engine, event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

SQLITE_BUSY_TIMEOUT_MS = 30_000
T = TypeVar("T")
STATEMENT_ROWS = 5000  # ids or rows one statement carries at most (bounded IN and VALUES lists)


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


def insert_ignoring_conflicts(session: Session, model):
    """An ``INSERT`` for ``model`` that can skip rows hitting a unique constraint
    (``.on_conflict_do_nothing(...)``), in the session's dialect."""
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    return dialect.insert(model)


def affected_rows(result: Result[Any]) -> int:
    """Rows an UPDATE or DELETE changed (SQLAlchemy types ``execute`` as a plain Result)."""
    return cast(CursorResult[Any], result).rowcount or 0


def in_chunks(items: Sequence[T], size: int = STATEMENT_ROWS) -> Iterator[Sequence[T]]:
    """``items`` in consecutive slices of at most ``size``, one statement each."""
    for start in range(0, len(items), size):
        yield items[start : start + size]
