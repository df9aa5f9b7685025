"""The subscriber directory as the portal lists it: zones, languages (and, moving here,
search by address, name, place and status). Plain values out."""

from __future__ import annotations

from sqlalchemy import select

from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import UserDetail


def subscriber_zones(url: str) -> list[str]:
    """Every zone a subscriber has (or had), sorted."""
    return _distinct(url, UserDetail.timezone)


def subscriber_languages(url: str) -> list[str]:
    return _distinct(url, UserDetail.language)


def _distinct(url: str, column) -> list[str]:
    with transaction(url) as session:
        return [v for v in session.scalars(select(column).distinct().order_by(column)) if v]
