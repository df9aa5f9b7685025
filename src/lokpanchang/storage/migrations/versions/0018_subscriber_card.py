"""user_detail.card_off: a subscriber who sent ``card off`` gets the daily message without
its picture (issue 27, item 2); false for everyone until they say so

Revision ID: 0018_subscriber_card
Revises: 0017_second_tier_states
"""

import sqlalchemy as sa
from alembic import op

revision = "0018_subscriber_card"
down_revision = "0017_second_tier_states"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN with a constant default: no table copy on SQLite, none on PostgreSQL.
    op.add_column(
        "user_detail",
        sa.Column("card_off", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    # SQLite copies the table to drop a column: ``subscriber_address``'s foreign key must not
    # trip on it (set before any write: SQLite ignores the pragma inside a transaction).
    if op.get_context().dialect.name == "sqlite":
        op.execute("PRAGMA foreign_keys=OFF")
    with op.batch_alter_table("user_detail") as batch:
        batch.drop_column("card_off")
