"""Job, job-run, subscription-event and beat-entry states are enums the database keeps to
(CHECK constraints, migration 0017_second_tier_states), like the ledger's and the run's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from lokpanchang.storage import beat_entries, migrate
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import (
    BeatEntryStatus,
    ScheduledJob,
    ScheduledJobRun,
    SubscriptionEvent,
)
from lokpanchang.storage.states import BeatOutcome, SubscriptionEventKind
from tests.broadcast.helpers import add_subscriber
from tests.storage.test_ops_migration import _differences

NOW = datetime(2026, 3, 10, 1, 0, tzinfo=UTC)
PREVIOUS = "0016_inbound_counts"  # the revision 0017_second_tier_states follows
CHANGED_TABLES = {"scheduled_job", "scheduled_job_run", "subscription_event", "beat_entry_status"}
BAD_VALUES = [
    ("scheduled_job", "status", "archived"),
    ("scheduled_job_run", "outcome", "maybe"),
    ("subscription_event", "kind", "vanished"),
    ("beat_entry_status", "last_outcome", "MAYBE"),
]


def _add_rows(url: str) -> None:
    """One row of each table, in a state of its enum."""
    user = add_subscriber(url, "Asia/Kolkata")
    with transaction(url) as session:
        job = ScheduledJob(kind="announcement", payload={}, created_at=NOW)
        session.add(job)
        session.flush()
        session.add(ScheduledJobRun(job_id=job.id, due_at=NOW, claimed_by="t", started_at=NOW))
        session.add(SubscriptionEvent(user_id=user, kind=SubscriptionEventKind.MOVED, at=NOW))
        session.add(BeatEntryStatus(key="k", task="t", last_outcome=BeatOutcome.SUCCESS))


@pytest.mark.parametrize(("table", "column", "value"), BAD_VALUES)
def test_the_database_refuses_a_state_outside_the_enums(database_url, table, column, value):
    _add_rows(database_url)
    with pytest.raises(IntegrityError, match="ck_"), transaction(database_url) as session:
        session.execute(text(f"UPDATE {table} SET {column} = '{value}'"))


def test_a_beat_entry_not_yet_finished_has_no_outcome(database_url):
    _add_rows(database_url)
    with transaction(database_url) as session:
        session.execute(text("UPDATE beat_entry_status SET last_outcome = NULL"))


def test_a_celery_state_outside_the_enum_is_stored_as_unknown(database_url):
    beat_entries.record_finish(database_url, "k", "t", "SOMETHING-NEW", NOW)
    assert beat_entries.stored_entries(database_url)["k"].last_outcome == BeatOutcome.UNKNOWN


def test_the_migration_creates_what_the_models_describe(database_url):
    assert _differences(database_url, CHANGED_TABLES) == []


def test_downgrading_one_step_drops_the_constraints_and_upgrading_restores_them(database_url):
    _add_rows(database_url)
    migrate.downgrade(database_url, PREVIOUS)
    with transaction(database_url) as session:  # the constraints are gone with the migration
        for table, column, value in BAD_VALUES:
            session.execute(text(f"UPDATE {table} SET {column} = '{value}'"))
    # A stored Celery state outside the enum becomes UNKNOWN; the other tables held only
    # values of their enums before this migration (the code wrote no other).
    with transaction(database_url) as session:
        for table in ("scheduled_job_run", "scheduled_job", "subscription_event"):
            session.execute(text(f"DELETE FROM {table}"))
    migrate.upgrade(database_url)
    assert _differences(database_url, CHANGED_TABLES) == []
    assert beat_entries.stored_entries(database_url)["k"].last_outcome == BeatOutcome.UNKNOWN
