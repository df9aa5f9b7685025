"""The portal's subscriber list (``storage.directory``): a status is one grouping, queried in SQL
and shown from the row, and both say the same for every subscriber."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import update

from lokpanchang.storage import directory
from lokpanchang.storage.db import transaction
from lokpanchang.storage.directory import SubscriberFilter, SubscriberStatus
from lokpanchang.storage.models import UserDetail
from tests.broadcast.helpers import add_subscriber

NOW = datetime(2026, 3, 10, 1, 0, tzinfo=UTC)
BEFORE = datetime(2026, 3, 1, tzinfo=UTC)


def test_each_status_filter_finds_exactly_the_subscribers_shown_with_that_status(database_url):
    active = add_subscriber(database_url, "Asia/Kolkata")
    stopped = add_subscriber(database_url, "Asia/Kolkata")
    disabled = add_subscriber(database_url, "Europe/London")
    with transaction(database_url) as session:
        session.execute(
            update(UserDetail).where(UserDetail.id == stopped).values(obsoleted_on=BEFORE)
        )
        session.execute(
            update(UserDetail)
            .where(UserDetail.id == disabled)
            .values(obsoleted_on=BEFORE, disabled_reason="131026")
        )
    everyone, total = directory.subscribers_page(database_url, SubscriberFilter(), NOW, 1, 10)
    assert total == 3
    shown = {listing.id: listing.status for listing in everyone}
    assert shown == {
        active: SubscriberStatus.ACTIVE,
        stopped: SubscriberStatus.STOPPED,
        disabled: SubscriberStatus.DISABLED,
    }
    for status in SubscriberStatus:
        found, _ = directory.subscribers_page(
            database_url, SubscriberFilter(status=status), NOW, 1, 10
        )
        assert [listing.id for listing in found] == [i for i, s in shown.items() if s == status]
