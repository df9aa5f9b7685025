"""The subscriber directory as the portal lists it: zones, languages (and, moving here,
search by address, name, place and status). Plain values out."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import UserDetail


def subscriber_zones(url: str) -> list[str]:
    """Every zone a subscriber has (or had), sorted."""
    return _distinct(url, UserDetail.timezone)


def subscriber_languages(url: str) -> list[str]:
    return _distinct(url, UserDetail.language)


def active_subscriber_ids(
    url: str, now: datetime, zone: str | None = None, user_id: int | None = None
) -> list[int]:
    """Ids of the subscribers active at ``now`` (of one zone, or the one subscriber), sorted."""
    query = select(UserDetail.id).where(UserDetail.obsoleted_on > now)
    if zone is not None:
        query = query.where(UserDetail.timezone == zone)
    if user_id is not None:
        query = query.where(UserDetail.id == user_id)
    with transaction(url) as session:
        return list(session.scalars(query.order_by(UserDetail.id)))


def _distinct(url: str, column) -> list[str]:
    with transaction(url) as session:
        return [v for v in session.scalars(select(column).distinct().order_by(column)) if v]
