"""The migrated schema is exactly what the models describe: Alembic's autogenerate, with the
options of ``migrations/env.py``, finds nothing to change, on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Column, Integer, MetaData, Table

from lokpanchang.storage.db import engine_for
from lokpanchang.storage.models import Base


def _differences(url: str, metadata) -> list:
    with engine_for(url).connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, metadata)


def test_autogenerate_finds_no_difference_between_the_migrations_and_the_models(database_url):
    assert _differences(database_url, Base.metadata) == []


def test_a_table_missing_on_either_side_is_a_difference(database_url):
    # The comparison can fail: a model no migration created, and a migrated table no model
    # describes (a model module the package forgot to import), are both reported.
    metadata = MetaData()
    for table in Base.metadata.tables.values():
        if table.name != "login_failure":
            table.to_metadata(metadata)
    Table("not_migrated", metadata, Column("id", Integer, primary_key=True))
    tables = {(d[0], d[1].name) for d in _differences(database_url, metadata) if "table" in d[0]}
    assert tables == {("add_table", "not_migrated"), ("remove_table", "login_failure")}
