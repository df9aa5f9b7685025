"""A subscriber's addresses in one table, ``subscriber_address`` (channel, address): the
WhatsApp numbers (``user_detail.phone``) and Telegram chats (``user_detail.chat_id``) move
there with their subscriber, and the per-channel columns (with ``wa_id``, the number without
its ``+``) and CHECKs go

Revision ID: 0014_subscriber_addresses
Revises: 0013_inbound_webhook
"""

import sqlalchemy as sa
from alembic import op

import lokpanchang.storage.models

revision = "0014_subscriber_addresses"
down_revision = "0013_inbound_webhook"
branch_labels = None
depends_on = None

COLUMNS = {"whatsapp": "phone", "telegram": "chat_id"}  # the columns this migration replaces
CHANNELS = ("whatsapp", "telegram")  # user_detail.channel's CHECK before this migration
ADDRESSED = (
    "(channel = 'whatsapp' AND phone IS NOT NULL) OR (channel = 'telegram' AND chat_id IS NOT NULL)"
)


def upgrade() -> None:
    if op.get_context().dialect.name == "sqlite":
        # The table copy must not trip foreign keys: before any write (SQLite ignores the
        # pragma inside a transaction, and the first INSERT starts one).
        op.execute("PRAGMA foreign_keys=OFF")
    op.create_table(
        "subscriber_address",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=16), nullable=False),
        sa.Column("address", sa.String(length=320), nullable=False),
        sa.Column(
            "created_on", lokpanchang.storage.models.UTCDateTime(timezone=True), nullable=False
        ),
        sa.ForeignKeyConstraint(["user_id"], ["user_detail.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("channel", "address", name="uq_subscriber_address"),
        sa.UniqueConstraint("user_id", "channel", name="uq_subscriber_address_channel"),
    )
    op.create_index("ix_subscriber_address_user_id", "subscriber_address", ["user_id"])
    for channel, column in COLUMNS.items():
        op.execute(
            "INSERT INTO subscriber_address (user_id, channel, address, created_on) "
            f"SELECT id, '{channel}', {column}, created_on FROM user_detail "
            f"WHERE {column} IS NOT NULL ORDER BY id"
        )
    with op.batch_alter_table("user_detail", recreate="auto") as batch:
        batch.drop_constraint("ck_user_detail_address", type_="check")
        batch.drop_constraint("ck_user_detail_channel", type_="check")
        batch.drop_constraint("uq_user_detail_chat_id", type_="unique")
        batch.drop_column("chat_id")  # its unnamed UNIQUE of the first migration goes with it
        batch.drop_column("phone")  # its unnamed UNIQUE of the first migration goes with it
        batch.drop_column("wa_id")
    with op.batch_alter_table("inbound_message") as batch:  # a sender's address of any channel
        batch.alter_column(
            "from_phone", existing_type=sa.String(length=20), type_=sa.String(length=320)
        )


def downgrade() -> None:
    others = op.get_bind().execute(
        sa.text(
            "SELECT DISTINCT channel FROM subscriber_address WHERE channel NOT IN "
            f"({', '.join(repr(c) for c in COLUMNS)}) ORDER BY channel"
        )
    )
    unheld = [row[0] for row in others]
    if unheld:
        raise RuntimeError(
            f"cannot downgrade: subscribers have addresses on {', '.join(unheld)}, "
            "which user_detail's columns cannot hold"
        )
    if op.get_context().dialect.name == "sqlite":
        op.execute("PRAGMA foreign_keys=OFF")
    op.execute("UPDATE inbound_message SET from_phone = substr(from_phone, 1, 20)")
    with op.batch_alter_table("inbound_message") as batch:
        batch.alter_column(
            "from_phone", existing_type=sa.String(length=320), type_=sa.String(length=20)
        )
    with op.batch_alter_table("user_detail", recreate="auto") as batch:
        batch.add_column(sa.Column("phone", sa.String(length=20), nullable=True))
        batch.add_column(sa.Column("chat_id", sa.String(length=32), nullable=True))
        batch.add_column(sa.Column("wa_id", sa.String(length=32), nullable=True))
    for channel, column in COLUMNS.items():
        op.execute(
            f"UPDATE user_detail SET {column} = (SELECT address FROM subscriber_address "
            f"WHERE subscriber_address.user_id = user_detail.id "
            f"AND subscriber_address.channel = '{channel}')"
        )
    op.execute("UPDATE user_detail SET wa_id = substr(phone, 2) WHERE phone LIKE '+%'")
    with op.batch_alter_table("user_detail", recreate="auto") as batch:
        batch.create_unique_constraint("uq_user_detail_phone", ["phone"])
        batch.create_unique_constraint("uq_user_detail_chat_id", ["chat_id"])
        channels = ", ".join(repr(value) for value in CHANNELS)
        batch.create_check_constraint("ck_user_detail_channel", f"channel IN ({channels})")
        batch.create_check_constraint("ck_user_detail_address", ADDRESSED)
    op.drop_index("ix_subscriber_address_user_id", table_name="subscriber_address")
    op.drop_table("subscriber_address")
