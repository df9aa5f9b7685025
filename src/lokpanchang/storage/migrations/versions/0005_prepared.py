"""panchangams prepared before the send instant; the ledger's retry back-off

Revision ID: 0005_prepared
Revises: 0004_admin
"""

import sqlalchemy as sa
from alembic import op

import lokpanchang.storage.models

revision = "0005_prepared"
down_revision = "0006_announcements"
branch_labels = None
depends_on = None

UTC = lokpanchang.storage.models.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "prepared_panchangam",
        sa.Column("key", sa.String(length=160), nullable=False),
        sa.Column("local_date", sa.Date(), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("created_at", UTC(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_index("ix_prepared_panchangam_local_date", "prepared_panchangam", ["local_date"])
    with op.batch_alter_table("message_log") as batch:
        batch.add_column(sa.Column("retry_at", UTC(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("message_log") as batch:
        batch.drop_column("retry_at")
    op.drop_index("ix_prepared_panchangam_local_date", table_name="prepared_panchangam")
    op.drop_table("prepared_panchangam")
