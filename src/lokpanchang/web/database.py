"""One SQLAlchemy session per request, closed when the request ends."""

from __future__ import annotations

from flask import g
from sqlalchemy.orm import Session

from lokpanchang.storage.db import session_factory
from lokpanchang.web import app_settings


def db() -> Session:
    """The current request's session (opened on first use)."""
    if "db_session" not in g:
        g.db_session = session_factory(app_settings().effective_database_url)()
    return g.db_session


def close_db(_exc: BaseException | None = None) -> None:
    session = g.pop("db_session", None)
    if session is not None:
        session.close()
