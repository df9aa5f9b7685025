"""operator accounts for the admin portal

Revision ID: 0004_admin
Revises: 0003_ops
"""

import sqlalchemy as sa
from alembic import op

import lokpanchang.storage.models

revision = "0004_admin"
down_revision = "0003_ops"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "operator",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=False),
        sa.Column("password_hash", sa.String(length=256), nullable=False),
        sa.Column(
            "created_at", lokpanchang.storage.models.UTCDateTime(timezone=True), nullable=False
        ),
        sa.Column(
            "last_login_at", lokpanchang.storage.models.UTCDateTime(timezone=True), nullable=True
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("username"),
    )


def downgrade() -> None:
    op.drop_table("operator")
