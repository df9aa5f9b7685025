"""operator_session (sessions revoked on the server at logout) and case-blind usernames

Revision ID: 0009_operator_sessions
Revises: 0008_inbound_language
"""

import sqlalchemy as sa
from alembic import op

import lokpanchang.storage.models

revision = "0009_operator_sessions"
down_revision = "0008_inbound_language"
branch_labels = None
depends_on = None

UTC = lokpanchang.storage.models.UTCDateTime


def upgrade() -> None:
    _refuse_case_duplicates()
    with op.batch_alter_table("operator") as batch:
        batch.add_column(sa.Column("username_key", sa.String(length=64), nullable=True))
    op.execute("UPDATE operator SET username_key = lower(username)")
    with op.batch_alter_table("operator") as batch:
        batch.alter_column("username_key", existing_type=sa.String(length=64), nullable=False)
        batch.create_unique_constraint("uq_operator_username_key", ["username_key"])
    op.create_table(
        "operator_session",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("operator_id", sa.Integer(), nullable=False),
        sa.Column("created_at", UTC(timezone=True), nullable=False),
        sa.Column("expires_at", UTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["operator_id"], ["operator.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    op.create_index("ix_operator_session_operator_id", "operator_session", ["operator_id"])
    op.create_index("ix_operator_session_expires_at", "operator_session", ["expires_at"])


def _refuse_case_duplicates() -> None:
    """Stop with the names when two accounts differ only in case (an operator must choose)."""
    rows = op.get_bind().execute(
        sa.text("SELECT lower(username) FROM operator GROUP BY lower(username) HAVING count(*) > 1")
    )
    clashes = [row[0] for row in rows]
    if clashes:
        raise RuntimeError(
            "operator usernames that differ only in case must be merged or renamed first: "
            + ", ".join(clashes)
        )


def downgrade() -> None:
    op.drop_index("ix_operator_session_expires_at", table_name="operator_session")
    op.drop_index("ix_operator_session_operator_id", table_name="operator_session")
    op.drop_table("operator_session")
    with op.batch_alter_table("operator") as batch:
        batch.drop_constraint("uq_operator_username_key", type_="unique")
        batch.drop_column("username_key")
