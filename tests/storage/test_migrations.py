from sqlalchemy import inspect

from lokpanchang.storage import migrate
from lokpanchang.storage.db import engine_for

SEED_TABLES = {
    "user_detail",
    "city_detail",
    "message_log",
    "daily_metrics",
    "system_health_log",
    "api_usage_log",
    "broadcast_run",
}


def _tables(url):
    engine = engine_for(url)
    engine.dispose()
    try:
        return set(inspect(engine).get_table_names())
    finally:
        # A pooled connection left in the cached engine warns when the cache evicts it later.
        engine.dispose()


def _round_trip(url):
    migrate.upgrade(url)
    assert migrate.current_revision(url) == migrate.head_revision(url)
    assert _tables(url) >= SEED_TABLES
    migrate.downgrade(url, "base")
    assert migrate.current_revision(url) is None
    assert not (SEED_TABLES & _tables(url))
    migrate.upgrade(url)
    assert _tables(url) >= SEED_TABLES


def test_migrations_run_up_and_down_on_sqlite(sqlite_url):
    _round_trip(sqlite_url)


def test_migrations_run_up_and_down_on_postgresql(postgres_url):
    _round_trip(postgres_url)


def test_sqlite_uses_wal_and_a_busy_timeout(sqlite_url):
    engine = engine_for(sqlite_url)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 5000
