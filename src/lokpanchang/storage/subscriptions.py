"""A subscriber's row made, and made active again. Active means ``obsoleted_on`` after the
instant: a subscription runs until ``FOREVER`` unless stopped. The stored row is handed to
the subscribers domain, which sets its other fields in the caller's session."""

from __future__ import annotations

from datetime import datetime

from lokpanchang.storage.db import Session
from lokpanchang.storage.models import DEFAULT_SEND_TIME, FOREVER, UserDetail

__all__ = ["DEFAULT_SEND_TIME", "FOREVER", "add", "new_subscriber", "reactivate", "reactivated"]


def new_subscriber(channel: str, address: str, now: datetime, **fields) -> UserDetail:
    """A subscriber at ``address`` on ``channel``, active from ``now``, with ``fields``
    (``user_detail`` columns); not stored until ``add``."""
    user = UserDetail(channel=channel, created_on=now, obsoleted_on=FOREVER, **fields)
    user.set_address(channel, address, now)
    return user


def add(session: Session, user: UserDetail) -> None:
    """Store a ``new_subscriber`` (flushed: it has its id)."""
    session.add(user)
    session.flush()


def reactivated(now: datetime) -> dict:
    """The ``user_detail`` values of a subscriber active again from ``now`` (and deliverable)."""
    return {
        "obsoleted_on": FOREVER,
        "updated_on": now,
        "disabled_reason": None,
        "undeliverable_days": 0,
    }


def reactivate(user: UserDetail, now: datetime) -> None:
    """Make the stored ``user`` active again from ``now`` (``reactivated``)."""
    for name, value in reactivated(now).items():
        setattr(user, name, value)
