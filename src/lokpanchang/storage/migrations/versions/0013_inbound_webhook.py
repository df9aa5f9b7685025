"""inbound_webhook: verified webhook bodies, stored before the channel gets its 200 and
handled by tasks that take the row's id (issue 24)

Revision ID: 0013_inbound_webhook
Revises: 0012_metrics_blocked
"""

import sqlalchemy as sa
from alembic import op

import lokpanchang.storage.models

revision = "0013_inbound_webhook"
down_revision = "0012_metrics_blocked"
branch_labels = None
depends_on = None

WORK = ("conversation", "statuses")  # the enum's values when this migration was written


def upgrade() -> None:
    op.create_table(
        "inbound_webhook",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            primary_key=True,
            autoincrement=True,
        ),
        sa.Column("channel", sa.String(length=16), nullable=False),
        sa.Column("work", sa.String(length=16), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column(
            "received_at", lokpanchang.storage.models.UTCDateTime(timezone=True), nullable=False
        ),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.CheckConstraint(
            "work IN (" + ", ".join(repr(w) for w in WORK) + ")", name="ck_inbound_webhook_work"
        ),
    )
    op.create_index("ix_inbound_webhook_work", "inbound_webhook", ["work", "id"])


def downgrade() -> None:
    waiting = op.get_bind().execute(sa.text("SELECT count(*) FROM inbound_webhook"))
    if waiting.scalar():
        raise RuntimeError(
            "cannot downgrade: inbound_webhook holds webhooks not handled yet "
            "(let the workers drain it first)"
        )
    op.drop_index("ix_inbound_webhook_work", table_name="inbound_webhook")
    op.drop_table("inbound_webhook")
