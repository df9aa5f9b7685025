"""Ledger states 'prepared' (owed and made ready before the run's instant) and 'withdrawn'
(not sent: the subscriber stopped or paused after the row was owed) (issue 23 item 1)

Revision ID: 0021_ledger_prepared
Revises: 0020_notice_log
"""

from alembic import op

revision = "0021_ledger_prepared"
down_revision = "0020_notice_log"
branch_labels = None
depends_on = None

# ``states.LedgerStatus`` before and after this revision (a migration does not follow the code).
BEFORE = (
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
AFTER = ("pending", "prepared", *BEFORE[1:], "withdrawn")
LEDGERS = ("message_log", "announcement_log", "notice_log")


def _in(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(value) for value in values)})"


def _set_statuses(values: tuple[str, ...]) -> None:
    if op.get_context().dialect.name == "sqlite":
        # SQLite changes a CHECK by copying the table; the copy must not trip foreign keys.
        op.execute("PRAGMA foreign_keys=OFF")
    for table in LEDGERS:
        with op.batch_alter_table(table, recreate="auto") as batch:
            batch.drop_constraint(f"ck_{table}_status", type_="check")
            batch.create_check_constraint(f"ck_{table}_status", _in("status", values))


def upgrade() -> None:
    _set_statuses(AFTER)


def downgrade() -> None:
    # Rows prepared but not sent are owed again; withdrawn ones were not sent by rule.
    for table in LEDGERS:
        op.execute(f"UPDATE {table} SET status = 'pending' WHERE status = 'prepared'")
        op.execute(f"UPDATE {table} SET status = 'skipped' WHERE status = 'withdrawn'")
    _set_statuses(BEFORE)
