"""SQL for the shared store of panchangams prepared before a run's instant."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from lokpanchang.storage.db import insert_ignoring_conflicts
from lokpanchang.storage.models import PreparedPanchangam


def prepared_values(session: Session, keys: list[str]) -> dict[str, dict]:
    """The stored panchangams among ``keys`` (key -> ``to_dict()`` value)."""
    found: dict[str, dict] = {}
    for start in range(0, len(keys), 500):  # bounded IN lists
        chunk = keys[start : start + 500]
        query = select(PreparedPanchangam.key, PreparedPanchangam.value).where(
            PreparedPanchangam.key.in_(chunk)
        )
        found.update({key: value for key, value in session.execute(query)})  # noqa: C416
    return found


def store_prepared(session: Session, rows: list[dict]) -> None:
    """Insert ``{key, local_date, value, created_at}`` rows; a key already stored is kept."""
    if rows:
        statement = insert_ignoring_conflicts(session, PreparedPanchangam).on_conflict_do_nothing(
            index_elements=["key"]
        )
        session.execute(statement, rows)
