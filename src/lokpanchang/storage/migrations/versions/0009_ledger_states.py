"""Ledger and run states kept to their enums by CHECK constraints; a subscriber's pinned
number and blocked-notice instant; the messaging limit's admission instant; announcement rows
that wait out a back-off like ledger rows

Revision ID: 0009_ledger_states
Revises: 0009_operator_sessions
"""

import sqlalchemy as sa
from alembic import op

import lokpanchang.storage.models

revision = "0009_ledger_states"
down_revision = "0009_operator_sessions"
branch_labels = None
depends_on = None

# The enums' values when this migration was written (a migration does not follow the code).
LEDGER = (
    "pending",
    "claimed",
    "sending",
    "retry",
    "sent",
    "delivered",
    "read",
    "failed",
    "skipped",
    "blocked",
    "deferred",
    "missed",
    "halted",
    "ambiguous",
)
RUNS = ("planned", "enqueued", "running", "done", "halted", "missed")
KINDS = ("daily", "backfill", "welcome", "manual")
# Rows that could still reach their subscriber count against the messaging limit from now.
REACHING = ("pending", "claimed", "retry", "sending", "sent", "delivered", "read", "ambiguous")


def _in(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(value) for value in values)})"


def _instant(name: str) -> sa.Column:
    return sa.Column(name, lokpanchang.storage.models.UTCDateTime(timezone=True), nullable=True)


def upgrade() -> None:
    if op.get_context().dialect.name == "sqlite":
        # SQLite adds a CHECK by copying the table; the copy must not trip the foreign keys
        # of the rows that point at it (this takes effect before the first write).
        op.execute("PRAGMA foreign_keys=OFF")
    with op.batch_alter_table("user_detail") as batch:
        batch.add_column(sa.Column("number_id", sa.String(length=32), nullable=True))
        batch.add_column(_instant("blocked_notice_at"))
    with op.batch_alter_table("broadcast_run", recreate="auto") as batch:
        batch.create_check_constraint("ck_broadcast_run_status", _in("status", RUNS))
    with op.batch_alter_table("message_log", recreate="auto") as batch:
        batch.add_column(_instant("admitted_at"))
        batch.create_index("ix_message_log_admitted_at", ["admitted_at"])
        batch.create_check_constraint("ck_message_log_status", _in("status", LEDGER))
        batch.create_check_constraint("ck_message_log_kind", _in("kind", KINDS))
    with op.batch_alter_table("announcement_log", recreate="auto") as batch:
        batch.add_column(sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(_instant("retry_at"))
        batch.add_column(_instant("admitted_at"))
        batch.create_index("ix_announcement_log_admitted_at", ["admitted_at"])
        batch.create_check_constraint("ck_announcement_log_status", _in("status", LEDGER))
    # Rows written before admissions were recorded count from when they were claimed.
    for table in ("message_log", "announcement_log"):
        op.execute(
            f"UPDATE {table} SET admitted_at = COALESCE(claimed_at, sent_at) "
            f"WHERE admitted_at IS NULL AND {_in('status', REACHING)}"
        )


def downgrade() -> None:
    if op.get_context().dialect.name == "sqlite":
        op.execute("PRAGMA foreign_keys=OFF")
    with op.batch_alter_table("announcement_log", recreate="auto") as batch:
        batch.drop_constraint("ck_announcement_log_status", type_="check")
        batch.drop_index("ix_announcement_log_admitted_at")
        batch.drop_column("admitted_at")
        batch.drop_column("retry_at")
        batch.drop_column("attempts")
    with op.batch_alter_table("message_log", recreate="auto") as batch:
        batch.drop_constraint("ck_message_log_kind", type_="check")
        batch.drop_constraint("ck_message_log_status", type_="check")
        batch.drop_index("ix_message_log_admitted_at")
        batch.drop_column("admitted_at")
    with op.batch_alter_table("broadcast_run", recreate="auto") as batch:
        batch.drop_constraint("ck_broadcast_run_status", type_="check")
    with op.batch_alter_table("user_detail") as batch:
        batch.drop_column("blocked_notice_at")
        batch.drop_column("number_id")
