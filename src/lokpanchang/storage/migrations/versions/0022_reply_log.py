"""reply_log: the ledger of direct sends (a reply to someone who wrote, an operator's test
message, an e-mail confirmation), so each is sent by the pipeline like every other send
(owed, admitted where the messaging limit applies, claimed, recorded) and at most once per
cause (issue 26 item 1)

Revision ID: 0022_reply_log
Revises: 0021_ledger_prepared
"""

import sqlalchemy as sa
from alembic import op

import lokpanchang.storage.models

revision = "0022_reply_log"
down_revision = "0021_ledger_prepared"
branch_labels = None
depends_on = None

# ``states.LedgerStatus`` and ``states.DirectKind`` when this revision was written.
STATUSES = [
    "pending",
    "prepared",
    "claimed",
    "sending",
    "retry",
    "sent",
    "delivered",
    "read",
    "failed",
    "skipped",
    "blocked",
    "deferred",
    "missed",
    "halted",
    "ambiguous",
    "withdrawn",
]
KINDS = ("reply", "test", "confirmation")


def _instant():
    return lokpanchang.storage.models.UTCDateTime(timezone=True)


def _in(column: str, values) -> str:
    return f"{column} IN ({', '.join(repr(value) for value in values)})"


def upgrade() -> None:
    op.create_table(
        "reply_log",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("user_detail.id")),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("via", sa.String(64), nullable=False),
        sa.Column("language", sa.String(16), nullable=False),
        sa.Column("message_kind", sa.String(24), nullable=False),
        sa.Column("template", sa.String(128), nullable=False),
        sa.Column("parameters", sa.JSON(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("whatsapp_message_id", sa.String(128)),
        sa.Column("error_code", sa.Integer()),
        sa.Column("error_detail", sa.Text()),
        sa.Column("created_at", _instant(), nullable=False),
        sa.Column("claimed_at", _instant()),
        sa.Column("sent_at", _instant()),
        sa.Column("failed_at", _instant()),
        sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("retry_at", _instant()),
        sa.Column("admitted_at", _instant()),
        sa.UniqueConstraint("kind", "key", name="uq_reply_log_kind_key"),
        sa.CheckConstraint(_in("status", STATUSES), name="ck_reply_log_status"),
        sa.CheckConstraint(_in("kind", KINDS), name="ck_reply_log_kind"),
    )
    op.create_index("ix_reply_log_user_id", "reply_log", ["user_id"])
    op.create_index("ix_reply_log_status_created", "reply_log", ["status", "created_at"])
    op.create_index("ix_reply_log_address", "reply_log", ["channel", "address"])


def downgrade() -> None:
    op.drop_index("ix_reply_log_address", table_name="reply_log")
    op.drop_index("ix_reply_log_status_created", table_name="reply_log")
    op.drop_index("ix_reply_log_user_id", table_name="reply_log")
    op.drop_table("reply_log")
