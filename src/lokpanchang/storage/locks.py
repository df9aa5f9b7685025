"""SQL for the locks kept in the database (the embedded mode's ``SET NX EX``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import update
from sqlalchemy.orm import Session

from lokpanchang.storage.db import affected_rows, insert_ignoring_conflicts
from lokpanchang.storage.models import SchedulerLock


def take_db_lock(session: Session, key: str, now: datetime, expires_at: datetime) -> bool:
    """``SET NX EX`` in SQL: insert the key, or take it over when it has expired."""
    inserted = session.execute(
        insert_ignoring_conflicts(session, SchedulerLock)
        .values(key=key, expires_at=expires_at)
        .on_conflict_do_nothing(index_elements=["key"])
        .returning(SchedulerLock.key)
    ).first()
    if inserted is not None:
        return True
    statement = (
        update(SchedulerLock)
        .where(SchedulerLock.key == key, SchedulerLock.expires_at <= now)
        .values(expires_at=expires_at)
    )
    return affected_rows(session.execute(statement)) == 1
