"""operations: scheduled jobs, their runs, beat entry status

Revision ID: 0003_ops
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

import lokpanchang.storage.models

revision = "0003_ops"
down_revision = "0001"
branch_labels = None
depends_on = None

UTC = lokpanchang.storage.models.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "scheduled_job",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("cron", sa.String(length=120), nullable=True),
        sa.Column("cron_zone", sa.String(length=64), nullable=False),
        sa.Column("next_run_at", UTC(timezone=True), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", UTC(timezone=True), nullable=False),
        sa.Column("last_run_at", UTC(timezone=True), nullable=True),
        sa.Column("claimed_by", sa.String(length=200), nullable=True),
        sa.Column("run_count", sa.Integer(), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("scheduled_job", schema=None) as batch_op:
        batch_op.create_index("ix_scheduled_job_due", ["status", "next_run_at"], unique=False)
    op.create_table(
        "scheduled_job_run",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("job_id", sa.Integer(), nullable=False),
        sa.Column("due_at", UTC(timezone=True), nullable=False),
        sa.Column("claimed_by", sa.String(length=200), nullable=False),
        sa.Column("started_at", UTC(timezone=True), nullable=False),
        sa.Column("finished_at", UTC(timezone=True), nullable=True),
        sa.Column("outcome", sa.String(length=16), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["job_id"], ["scheduled_job.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("job_id", "due_at", name="uq_scheduled_job_run_due"),
    )
    with op.batch_alter_table("scheduled_job_run", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_scheduled_job_run_job_id"), ["job_id"], unique=False)
    op.create_table(
        "beat_entry_status",
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("task", sa.String(length=200), nullable=False),
        sa.Column("last_started_at", UTC(timezone=True), nullable=True),
        sa.Column("last_finished_at", UTC(timezone=True), nullable=True),
        sa.Column("last_outcome", sa.String(length=16), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("last_task_id", sa.String(length=64), nullable=True),
        sa.Column("last_duration_s", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("key"),
    )


def downgrade() -> None:
    op.drop_table("beat_entry_status")
    with op.batch_alter_table("scheduled_job_run", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_scheduled_job_run_job_id"))
    op.drop_table("scheduled_job_run")
    with op.batch_alter_table("scheduled_job", schema=None) as batch_op:
        batch_op.drop_index("ix_scheduled_job_due")
    op.drop_table("scheduled_job")
