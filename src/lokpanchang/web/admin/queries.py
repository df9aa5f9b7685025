"""Read-only queries behind the portal's subscriber and job pages (moving to ``storage``).
Every function takes ``now`` explicitly."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from lokpanchang.storage.addresses import address_matches
from lokpanchang.storage.dashboard import active_filter
from lokpanchang.storage.models import (
    CityDetail,
    MessageLog,
    UserDetail,
)
from lokpanchang.storage.run_reports import PAGE_SIZE

__all__ = ["PAGE_SIZE", "active_filter"]


@dataclass(frozen=True)
class SubscriberFilter:
    text: str = ""
    zone: str = ""
    city: str = ""
    status: str = ""
    language: str = ""


def subscribers_page(session: Session, wanted: SubscriberFilter, now: datetime, page: int):
    query = _subscriber_query(wanted, now)
    total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
    users = (
        session.scalars(
            query.order_by(UserDetail.id).offset((page - 1) * PAGE_SIZE).limit(PAGE_SIZE)
        )
        .unique()
        .all()
    )
    return users, total


def _subscriber_query(wanted: SubscriberFilter, now: datetime):
    query = select(UserDetail).outerjoin(CityDetail, UserDetail.city_id == CityDetail.id)
    if wanted.text:
        like = f"%{wanted.text}%"
        query = query.where(or_(address_matches(like), UserDetail.display_name.ilike(like)))
    if wanted.zone:
        query = query.where(UserDetail.timezone == wanted.zone)
    if wanted.city:
        query = query.where(CityDetail.city.ilike(f"%{wanted.city}%"))
    if wanted.language:
        query = query.where(UserDetail.language == wanted.language)
    return _with_status(query, wanted.status, now)


def _with_status(query, status: str, now: datetime):
    if status == "active":
        return query.where(UserDetail.obsoleted_on > now)
    if status == "stopped":
        return query.where(UserDetail.obsoleted_on <= now, UserDetail.disabled_reason.is_(None))
    if status == "disabled":
        return query.where(UserDetail.obsoleted_on <= now, UserDetail.disabled_reason.is_not(None))
    return query


def subscriber_status(user: UserDetail, now: datetime) -> str:
    if user.is_active(now):
        return "active"
    return "disabled" if user.disabled_reason else "stopped"


def distinct_values(session: Session, column) -> list[str]:
    return [v for v in session.scalars(select(column).distinct().order_by(column)) if v]


def ledger_history(session: Session, user_id: int, limit: int = 60) -> Sequence[MessageLog]:
    return session.scalars(
        select(MessageLog)
        .where(MessageLog.user_id == user_id)
        .order_by(MessageLog.local_date.desc())
        .limit(limit)
    ).all()
