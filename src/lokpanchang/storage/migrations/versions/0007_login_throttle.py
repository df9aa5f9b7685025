"""failed admin logins, counted per username and client address (login throttling)

Revision ID: 0007_login_throttle
Revises: 0005_prepared
"""

import sqlalchemy as sa
from alembic import op

import lokpanchang.storage.models

revision = "0007_login_throttle"
down_revision = "0005_prepared"
branch_labels = None
depends_on = None

UTC = lokpanchang.storage.models.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "login_failure",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("failed_at", UTC(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_login_failure_username_at", "login_failure", ["username", "failed_at"])
    op.create_index("ix_login_failure_address_at", "login_failure", ["address", "failed_at"])
    op.create_index("ix_login_failure_failed_at", "login_failure", ["failed_at"])


def downgrade() -> None:
    op.drop_index("ix_login_failure_failed_at", table_name="login_failure")
    op.drop_index("ix_login_failure_address_at", table_name="login_failure")
    op.drop_index("ix_login_failure_username_at", table_name="login_failure")
    op.drop_table("login_failure")
