"""user_detail: a partial index on the subscribers at sunrise, so the planner's pass reads
them and not every subscriber (issue 23 item 5)

Revision ID: 0019_planner_indexes
Revises: 0018_subscriber_card
"""

import sqlalchemy as sa
from alembic import op

revision = "0019_planner_indexes"
down_revision = "0018_subscriber_card"
branch_labels = None
depends_on = None

# ``models.subscribers.AT_SUNRISE`` when this revision was written.
AT_SUNRISE = "sunrise_offset IS NOT NULL"


def upgrade() -> None:
    op.create_index(
        "ix_user_detail_sunrise_waiting",
        "user_detail",
        ["sunrise_due_at"],
        postgresql_where=sa.text(AT_SUNRISE),
        sqlite_where=sa.text(AT_SUNRISE),
    )


def downgrade() -> None:
    op.drop_index("ix_user_detail_sunrise_waiting", table_name="user_detail")
