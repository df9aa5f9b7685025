"""Alembic environment: runs online against the URL set by lokpanchang.storage.migrate."""

from alembic import context

from lokpanchang.storage.db import make_engine
from lokpanchang.storage.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_online() -> None:
    engine = make_engine(config.get_main_option("sqlalchemy.url") or "")
    try:
        with engine.connect() as connection:
            context.configure(
                connection=connection,
                target_metadata=target_metadata,
                render_as_batch=connection.dialect.name == "sqlite",
                compare_type=True,
            )
            with context.begin_transaction():
                context.run_migrations()
    finally:
        engine.dispose()  # also when a migration refuses: no connection is left to the GC


run_migrations_online()
