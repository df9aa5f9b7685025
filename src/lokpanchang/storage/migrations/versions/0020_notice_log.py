"""notice_log: the ledger of notices, so a notice that a message was blocked is sent by the
pipeline like every other send (claimed, admitted by the messaging limit, recorded) and
never twice (issue 26 item 1)

Revision ID: 0020_notice_log
Revises: 0019_planner_indexes
"""

import sqlalchemy as sa
from alembic import op

import lokpanchang.storage.models

revision = "0020_notice_log"
down_revision = "0019_planner_indexes"
branch_labels = None
depends_on = None

# ``states.LedgerStatus`` and ``states.NoticeKind`` when this revision was written.
STATUSES = [
    "pending",
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
]
NOTICES = ("blocked",)


def _instant():
    return lokpanchang.storage.models.UTCDateTime(timezone=True)


def _in(column: str, values) -> str:
    return f"{column} IN ({', '.join(repr(value) for value in values)})"


def upgrade() -> None:
    op.create_table(
        "notice_log",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("user_detail.id"), nullable=False),
        sa.Column("notice", sa.String(16), nullable=False),
        sa.Column("occasion", sa.Integer(), nullable=False),
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
        sa.UniqueConstraint("user_id", "notice", "occasion", name="uq_notice_log_user_occasion"),
        sa.CheckConstraint(_in("status", STATUSES), name="ck_notice_log_status"),
        sa.CheckConstraint(_in("notice", NOTICES), name="ck_notice_log_notice"),
    )
    op.create_index("ix_notice_log_user_id", "notice_log", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_notice_log_user_id", table_name="notice_log")
    op.drop_table("notice_log")
