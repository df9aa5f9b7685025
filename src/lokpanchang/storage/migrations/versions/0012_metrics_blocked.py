"""daily_metrics counts blocked rows on their own: "failed" is only failed or halted
(storage.states.FAILED_LEDGER), as the run and the portal count it

Revision ID: 0012_metrics_blocked
Revises: 0011_subscriber_choices
"""

import sqlalchemy as sa
from alembic import op

revision = "0012_metrics_blocked"
down_revision = "0011_subscriber_choices"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "daily_metrics", sa.Column("blocked", sa.Integer(), nullable=False, server_default="0")
    )


def downgrade() -> None:
    with op.batch_alter_table("daily_metrics") as batch:
        batch.drop_column("blocked")
