"""The database of the app handling the request: its URL for ``storage`` functions, and (for
the views not yet moved to ``storage``) one session per request, closed when it ends."""

from __future__ import annotations

from flask import g

from lokpanchang.storage.db import Session, session_factory
from lokpanchang.web import app_settings


def database_url() -> str:
    return app_settings().effective_database_url


def db() -> Session:
    """The current request's session (opened on first use)."""
    if "db_session" not in g:
        g.db_session = session_factory(database_url())()
    return g.db_session


def close_db(_exc: BaseException | None = None) -> None:
    session = g.pop("db_session", None)
    if session is not None:
        session.close()
