"""Migration 0003_ops creates exactly what the models describe, on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from lokpanchang.storage.db import engine_for
from lokpanchang.storage.models import Base

OPS_TABLES = {"scheduled_job", "scheduled_job_run", "beat_entry_status", "announcement_log"}


def _differences(url: str, tables: set[str]) -> list:
    with engine_for(url).connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        diffs = compare_metadata(context, Base.metadata)
    return [diff for diff in diffs if _table_of(diff) in tables]


def _table_of(diff) -> str | None:
    change = diff[0] if isinstance(diff, list) else diff
    for part in change[1:]:
        name = getattr(part, "name", None) if not hasattr(part, "table") else part.table.name
        if name:
            return name
        if isinstance(part, str):
            return part
    return None


def test_the_ops_tables_match_their_models(database_url):
    assert _differences(database_url, OPS_TABLES) == []
