"""user_detail: the subscriber's own choices (issue 14): sunrise delivery, a pause, a delete
waiting for its confirmation

Revision ID: 0011_subscriber_choices
Revises: 0010_telegram
"""

import sqlalchemy as sa
from alembic import op

import lokpanchang.storage.models

revision = "0011_subscriber_choices"
down_revision = "0010_telegram"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("user_detail") as batch:
        batch.add_column(sa.Column("sunrise_offset", sa.Integer(), nullable=True))
        batch.add_column(
            sa.Column(
                "sunrise_due_at",
                lokpanchang.storage.models.UTCDateTime(timezone=True),
                nullable=True,
            )
        )
        batch.add_column(sa.Column("paused_until", sa.Date(), nullable=True))
        batch.add_column(
            sa.Column(
                "delete_asked_at",
                lokpanchang.storage.models.UTCDateTime(timezone=True),
                nullable=True,
            )
        )
        batch.create_index("ix_user_detail_sunrise_due_at", ["sunrise_due_at"])


def downgrade() -> None:
    with op.batch_alter_table("user_detail") as batch:
        batch.drop_index("ix_user_detail_sunrise_due_at")
        batch.drop_column("delete_asked_at")
        batch.drop_column("paused_until")
        batch.drop_column("sunrise_due_at")
        batch.drop_column("sunrise_offset")
