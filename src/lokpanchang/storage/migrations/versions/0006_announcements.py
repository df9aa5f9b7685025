"""announcement_log: the per-job-run ledger of operator announcements; daily_metrics counts
missed runs and ambiguous sends

Revision ID: 0006_announcements
Revises: 0004_admin
"""

import sqlalchemy as sa
from alembic import op

import lokpanchang.storage.models

revision = "0006_announcements"
down_revision = "0004_admin"
branch_labels = None
depends_on = None


def _instant(name: str, nullable: bool = True) -> sa.Column:
    return sa.Column(name, lokpanchang.storage.models.UTCDateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "announcement_log",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("job_run_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("whatsapp_message_id", sa.String(length=128), nullable=True),
        sa.Column("error_code", sa.Integer(), nullable=True),
        sa.Column("error_detail", sa.Text(), nullable=True),
        _instant("created_at", nullable=False),
        _instant("claimed_at"),
        _instant("sent_at"),
        _instant("failed_at"),
        sa.ForeignKeyConstraint(["job_run_id"], ["scheduled_job_run.id"]),
        sa.ForeignKeyConstraint(["user_id"], ["user_detail.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("job_run_id", "user_id", name="uq_announcement_log_run_user"),
    )
    op.create_index("ix_announcement_log_run_status", "announcement_log", ["job_run_id", "status"])
    for column in ("missed_runs", "ambiguous"):
        op.add_column(
            "daily_metrics", sa.Column(column, sa.Integer(), nullable=False, server_default="0")
        )


def downgrade() -> None:
    with op.batch_alter_table("daily_metrics") as batch:
        batch.drop_column("ambiguous")
        batch.drop_column("missed_runs")
    op.drop_index("ix_announcement_log_run_status", table_name="announcement_log")
    op.drop_table("announcement_log")
