"""inbound_count: running counts of the inbound side for /metrics (messages received, commands
answered, replies sent, by channel and outcome)

Revision ID: 0016_inbound_counts
Revises: 0015_subscriber_calendar
"""

import sqlalchemy as sa
from alembic import op

revision = "0016_inbound_counts"
down_revision = "0015_subscriber_calendar"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "inbound_count",
        sa.Column("counter", sa.String(16), primary_key=True),
        sa.Column("channel", sa.String(32), primary_key=True),
        sa.Column("label", sa.String(32), primary_key=True),
        sa.Column("count", sa.BigInteger(), nullable=False, server_default="0"),
    )


def downgrade() -> None:
    op.drop_table("inbound_count")
