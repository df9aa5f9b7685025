"""Migration 0007_login_throttle creates exactly what the model describes, and goes back down."""

from __future__ import annotations

from lokpanchang.storage import migrate
from tests.storage.test_migrations import _tables
from tests.storage.test_ops_migration import _differences


def test_the_login_failure_table_matches_its_model(database_url):
    assert _differences(database_url, {"login_failure"}) == []


def test_downgrading_one_step_drops_only_the_login_failure_table(database_url):
    migrate.downgrade(database_url, "0005_prepared")
    tables = _tables(database_url)
    assert "login_failure" not in tables and "prepared_panchangam" in tables
    migrate.upgrade(database_url)
    assert "login_failure" in _tables(database_url)
