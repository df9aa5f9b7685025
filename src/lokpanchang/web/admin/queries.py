"""What the portal's subscriber pages ask of ``storage.directory``, a page at a time (the
page size read at call time, so a test may make pages small). Every function takes ``now``
explicitly."""

from __future__ import annotations

from datetime import datetime

from lokpanchang.storage import directory
from lokpanchang.storage.directory import SubscriberFilter, SubscriberListing
from lokpanchang.storage.run_reports import PAGE_SIZE

__all__ = ["PAGE_SIZE", "SubscriberFilter", "subscriber_status", "subscribers_page"]


def subscribers_page(
    url: str, wanted: SubscriberFilter, now: datetime, page: int
) -> tuple[list[SubscriberListing], int]:
    return directory.subscribers_page(url, wanted, now, page, PAGE_SIZE)


def subscriber_status(user, now: datetime) -> str:
    """``user``'s (a stored subscriber's) status at ``now``: active, stopped or disabled."""
    return directory.subscriber_status(user.obsoleted_on, user.disabled_reason, now)
