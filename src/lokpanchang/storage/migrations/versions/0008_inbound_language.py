"""inbound_message.language: the language a stranger's words suggested, kept for sign-up

Revision ID: 0008_inbound_language
Revises: 0007_login_throttle
"""

import sqlalchemy as sa
from alembic import op

revision = "0008_inbound_language"
down_revision = "0007_login_throttle"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("inbound_message") as batch:
        batch.add_column(sa.Column("language", sa.String(length=8), nullable=True))
        batch.create_index("ix_inbound_message_from_received", ["from_phone", "received_at"])


def downgrade() -> None:
    with op.batch_alter_table("inbound_message") as batch:
        batch.drop_index("ix_inbound_message_from_received")
        batch.drop_column("language")
