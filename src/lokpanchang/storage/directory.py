"""The subscriber directory as the portal lists it: search by address, name, place, zone,
language and status, a page at a time; the zones and languages in use; one subscriber.
Plain values out, except ``subscriber`` (the stored row, for the subscribers domain to change
in the caller's session)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time
from enum import StrEnum

from sqlalchemy import func, or_, select

from lokpanchang.storage.addresses import address_matches
from lokpanchang.storage.db import Session, transaction
from lokpanchang.storage.models import CityDetail, UserDetail


class SubscriberStatus(StrEnum):
    """Where a subscription stands at an instant (from ``obsoleted_on`` and ``disabled_reason``)."""

    ACTIVE = "active"  # obsoleted_on is after the instant
    STOPPED = "stopped"  # they (or an operator) stopped it
    DISABLED = "disabled"  # the channel said their address is gone (``disabled_reason``)


def subscriber_status(obsoleted_on: datetime, disabled_reason: str | None, now: datetime) -> str:
    """The subscription's status at ``now``: the same grouping ``_with_status`` queries."""
    if obsoleted_on > now:
        return SubscriberStatus.ACTIVE
    return SubscriberStatus.DISABLED if disabled_reason else SubscriberStatus.STOPPED


def _with_status(query, status: str, now: datetime):
    if status == SubscriberStatus.ACTIVE:
        return query.where(UserDetail.obsoleted_on > now)
    if status == SubscriberStatus.STOPPED:
        return query.where(UserDetail.obsoleted_on <= now, UserDetail.disabled_reason.is_(None))
    if status == SubscriberStatus.DISABLED:
        return query.where(UserDetail.obsoleted_on <= now, UserDetail.disabled_reason.is_not(None))
    return query


@dataclass(frozen=True)
class SubscriberFilter:
    """What the portal's list is narrowed to ("" for any): text in an address or name, a
    zone, text in the city's name, a status, a language."""

    text: str = ""
    zone: str = ""
    city: str = ""
    status: str = ""
    language: str = ""


@dataclass(frozen=True)
class SubscriberListing:
    """One subscriber as the portal's list shows them."""

    id: int
    address: str
    display_name: str
    language: str
    send_time: time
    timezone: str | None
    place: str  # "city, state, country" ("" when unknown)
    status: str  # a SubscriberStatus


def place_name(city) -> str:
    """A ``city_detail`` row (or None) as "city, state, country"."""
    return ", ".join(p for p in (city.city, city.state, city.country) if p) if city else ""


def subscribers_page(
    url: str, wanted: SubscriberFilter, now: datetime, page: int, page_size: int
) -> tuple[list[SubscriberListing], int]:
    """Page ``page`` (from 1) of the subscribers ``wanted`` names, by id; and how many there are."""
    query = _subscriber_query(wanted, now)
    with transaction(url) as session:
        total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
        page_query = query.order_by(UserDetail.id).offset((page - 1) * page_size).limit(page_size)
        users = session.scalars(page_query).unique().all()
        return [_listing(user, now) for user in users], total


def _listing(user: UserDetail, now: datetime) -> SubscriberListing:
    return SubscriberListing(
        user.id,
        user.address,
        user.display_name,
        user.language,
        user.send_time,
        user.timezone,
        place_name(user.city),
        subscriber_status(user.obsoleted_on, user.disabled_reason, now),
    )


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


def subscriber(session: Session, user_id: int) -> UserDetail | None:
    """Subscriber ``user_id``'s stored row in ``session`` (the unit of work in which the
    subscribers domain changes them), or None."""
    return session.get(UserDetail, user_id)


def subscribers_by_id(session: Session, user_ids: list[int]) -> list[UserDetail]:
    """The stored rows of the subscribers ``user_ids`` (those that exist)."""
    return list(session.scalars(select(UserDetail).where(UserDetail.id.in_(user_ids))))


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


def subscriber_with_link_code(session: Session, code: str) -> UserDetail | None:
    """The stored subscriber whose link code (``subscribers.linking``) is ``code``, or None."""
    return session.scalar(select(UserDetail).where(UserDetail.link_code == code))


def listed_subscribers(
    session: Session, now: datetime, wanted: Listed, limit: int | None = None, offset: int = 0
) -> list[UserDetail]:
    """The stored subscribers ``wanted`` names, oldest first (``limit`` of them after
    ``offset``)."""
    query = _listed(select(UserDetail), now, wanted).order_by(UserDetail.id).offset(offset)
    if limit is not None:
        query = query.limit(limit)
    return list(session.scalars(query).unique())


def count_listed(session: Session, now: datetime, wanted: Listed) -> int:
    """How many subscribers ``wanted`` names."""
    query = _listed(select(func.count()).select_from(UserDetail), now, wanted)
    return session.scalar(query) or 0


@dataclass(frozen=True)
class Listed:
    """Which subscribers a command lists: active at the instant or not, of a zone, of a
    language, with ``text`` in an address or the name; None (or empty) for any."""

    active: bool | None = None
    timezone: str | None = None
    language: str | None = None
    text: str | None = None


def _listed(query, now: datetime, wanted: Listed):
    if wanted.active is True:
        query = query.where(UserDetail.obsoleted_on > now)
    elif wanted.active is False:
        query = query.where(UserDetail.obsoleted_on <= now)
    if wanted.timezone:
        query = query.where(UserDetail.timezone == wanted.timezone)
    if wanted.language:
        query = query.where(UserDetail.language == wanted.language)
    if wanted.text:
        pattern = f"%{wanted.text.strip()}%"
        query = query.where(or_(address_matches(pattern), UserDetail.display_name.ilike(pattern)))
    return query
