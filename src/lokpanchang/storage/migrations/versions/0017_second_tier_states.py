"""Job, job-run, subscription-event and beat-entry states kept to their enums by CHECK
constraints (storage.states: JobStatus, JobRunOutcome, SubscriptionEventKind, BeatOutcome)

Revision ID: 0017_second_tier_states
Revises: 0016_inbound_counts
"""

from alembic import op

revision = "0017_second_tier_states"
down_revision = "0016_inbound_counts"
branch_labels = None
depends_on = None

# The enums' values when this migration was written (a migration does not follow the code).
JOBS = ("active", "paused", "running", "done", "failed")
JOB_RUNS = ("running", "ok", "failed")
EVENTS = (
    "subscribed",
    "resumed",
    "updated",
    "moved",
    "paused",
    "stopped",
    "disabled",
    "linked",
    "erased",
)
BEAT_OUTCOMES = (
    "STARTED",
    "SUCCESS",
    "FAILURE",
    "RETRY",
    "REVOKED",
    "REJECTED",
    "IGNORED",
    "UNKNOWN",
)
CONSTRAINTS = (  # (table, name, condition)
    ("scheduled_job", "ck_scheduled_job_status", ("status", JOBS)),
    ("scheduled_job_run", "ck_scheduled_job_run_outcome", ("outcome", JOB_RUNS)),
    ("subscription_event", "ck_subscription_event_kind", ("kind", EVENTS)),
    ("beat_entry_status", "ck_beat_entry_status_last_outcome", ("last_outcome", BEAT_OUTCOMES)),
)


def _in(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(value) for value in values)})"


def _condition(column: str, values: tuple[str, ...]) -> str:
    if column == "last_outcome":  # a beat entry that started and never finished has none
        return f"last_outcome IS NULL OR {_in(column, values)}"
    return _in(column, values)


def _foreign_keys_off() -> None:
    if op.get_context().dialect.name == "sqlite":
        # SQLite adds a CHECK by copying the table; the copy must not trip the foreign keys
        # of the rows that point at it (this takes effect before the first write).
        op.execute("PRAGMA foreign_keys=OFF")


def upgrade() -> None:
    _foreign_keys_off()
    # Celery states outside the enum (none that Celery reports today) are kept as UNKNOWN.
    op.execute(
        "UPDATE beat_entry_status SET last_outcome = 'UNKNOWN' "
        f"WHERE last_outcome IS NOT NULL AND NOT ({_in('last_outcome', BEAT_OUTCOMES)})"
    )
    for table, name, (column, values) in CONSTRAINTS:
        with op.batch_alter_table(table, recreate="auto") as batch:
            batch.create_check_constraint(name, _condition(column, values))


def downgrade() -> None:
    _foreign_keys_off()
    for table, name, _condition_of in reversed(CONSTRAINTS):
        with op.batch_alter_table(table, recreate="auto") as batch:
            batch.drop_constraint(name, type_="check")
