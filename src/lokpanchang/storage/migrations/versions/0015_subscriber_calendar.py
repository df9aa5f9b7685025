"""user_detail.calendar: the calendar a subscriber chose for their message's month line
(issue 22), NULL for the default of their language and place, CHECKed to the known ones

Revision ID: 0015_subscriber_calendar
Revises: 0014_subscriber_addresses
"""

import sqlalchemy as sa
from alembic import op

revision = "0015_subscriber_calendar"
down_revision = "0014_subscriber_addresses"
branch_labels = None
depends_on = None

# The values of ``almanac.calendars.kinds.Calendar`` when this revision was written.
CHOSEN_CALENDAR = (
    "calendar IS NULL OR calendar IN "
    "('amanta', 'purnimanta', 'tamil', 'malayalam', 'bengali', 'odia')"
)


def _foreign_keys_off() -> None:
    """SQLite copies the table to add a CHECK: ``subscriber_address``'s foreign key must not
    trip on it (set before any write: SQLite ignores the pragma inside a transaction)."""
    if op.get_context().dialect.name == "sqlite":
        op.execute("PRAGMA foreign_keys=OFF")


def upgrade() -> None:
    _foreign_keys_off()
    with op.batch_alter_table("user_detail") as batch:
        batch.add_column(sa.Column("calendar", sa.String(16), nullable=True))
        batch.create_check_constraint("ck_user_detail_calendar", CHOSEN_CALENDAR)


def downgrade() -> None:
    # The choices are lost; every subscriber then gets their default calendar again.
    _foreign_keys_off()
    with op.batch_alter_table("user_detail") as batch:
        batch.drop_constraint("ck_user_detail_calendar", type_="check")
        batch.drop_column("calendar")
