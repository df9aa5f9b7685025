"""Telegram as a second channel: a subscriber's channel, chat id and link code; the phone
becomes optional (a Telegram subscriber may have none)

Revision ID: 0010_telegram
Revises: 0009_ledger_states
"""

import sqlalchemy as sa
from alembic import op

revision = "0010_telegram"
down_revision = "0009_ledger_states"
branch_labels = None
depends_on = None

CHANNELS = ("whatsapp", "telegram")  # the enum's values when this migration was written
ADDRESSED = (
    "(channel = 'whatsapp' AND phone IS NOT NULL) OR (channel = 'telegram' AND chat_id IS NOT NULL)"
)


def upgrade() -> None:
    if op.get_context().dialect.name == "sqlite":
        op.execute("PRAGMA foreign_keys=OFF")  # the table copy must not trip foreign keys
    with op.batch_alter_table("user_detail", recreate="auto") as batch:
        batch.add_column(
            sa.Column("channel", sa.String(length=16), nullable=False, server_default="whatsapp")
        )
        batch.add_column(sa.Column("chat_id", sa.String(length=32), nullable=True))
        batch.add_column(sa.Column("link_code", sa.String(length=64), nullable=True))
        batch.alter_column("phone", existing_type=sa.String(length=20), nullable=True)
        batch.create_unique_constraint("uq_user_detail_chat_id", ["chat_id"])
        batch.create_unique_constraint("uq_user_detail_link_code", ["link_code"])
        channels = ", ".join(repr(value) for value in CHANNELS)
        batch.create_check_constraint("ck_user_detail_channel", f"channel IN ({channels})")
        batch.create_check_constraint("ck_user_detail_address", ADDRESSED)


def downgrade() -> None:
    phoneless = op.get_bind().execute(
        sa.text("SELECT count(*) FROM user_detail WHERE phone IS NULL")
    )
    if phoneless.scalar():
        raise RuntimeError("cannot downgrade: Telegram subscribers without a phone exist")
    with op.batch_alter_table("user_detail", recreate="auto") as batch:
        batch.drop_constraint("ck_user_detail_address", type_="check")
        batch.drop_constraint("ck_user_detail_channel", type_="check")
        batch.drop_constraint("uq_user_detail_link_code", type_="unique")
        batch.drop_constraint("uq_user_detail_chat_id", type_="unique")
        batch.alter_column("phone", existing_type=sa.String(length=20), nullable=False)
        batch.drop_column("link_code")
        batch.drop_column("chat_id")
        batch.drop_column("channel")
