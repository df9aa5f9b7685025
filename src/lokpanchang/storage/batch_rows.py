"""A batch's ledger rows and their subscribers as plain values: what sending reads, in one
SELECT, without an ORM object per row.

Rendering and sending read a few columns of each row (its id, attempts, local date) and of
its subscriber (address, language, place, number, calendar, card choice, town). Loading them
as ``UserDetail`` objects cost a worker about a fifth of its CPU per message (an identity map
entry, a joined town and a second query for the addresses, per subscriber); these tuples are
read the same way (``user.address``, ``user.city.state``) and cost a fraction of that.
A row's town is one ``Town`` per batch, shared by its subscribers.
"""

from __future__ import annotations

from collections import namedtuple
from functools import cache
from typing import NamedTuple

from sqlalchemy import and_, select
from sqlalchemy.orm import Session

from lokpanchang.storage.models import CityDetail, SubscriberAddress, UserDetail


class Town(NamedTuple):
    """The town that names a subscriber's place (``storage.cities``)."""

    city: str
    state: str
    country_code: str
    latitude: float
    longitude: float


class Subscriber(NamedTuple):
    """What sending reads of a subscriber (the same names as ``UserDetail``'s)."""

    id: int
    channel: str
    address: str  # on their channel; "" when they have none there
    language: str
    number_id: str | None
    latitude: float | None
    longitude: float | None
    timezone: str | None
    calendar: str | None
    card_off: bool
    city: Town | None


_SUBSCRIBER = (
    UserDetail.id,
    UserDetail.channel,
    SubscriberAddress.address,
    UserDetail.language,
    UserDetail.number_id,
    UserDetail.latitude,
    UserDetail.longitude,
    UserDetail.timezone,
    UserDetail.calendar,
    UserDetail.card_off,
)
_TOWN = (
    CityDetail.id,
    CityDetail.city,
    CityDetail.state,
    CityDetail.country_code,
    CityDetail.latitude,
    CityDetail.longitude,
)


def with_subscribers(session: Session, model, where) -> list[tuple]:
    """(row, ``Subscriber``) for each row of ``model`` matching ``where``, in id order; the
    row carries the ledger's columns by name (``row.id``, ``row.attempts``)."""
    query = (
        select(*model.__table__.columns, *_SUBSCRIBER, *_TOWN)
        .join(UserDetail, UserDetail.id == model.user_id)
        .outerjoin(
            SubscriberAddress,
            and_(
                SubscriberAddress.user_id == UserDetail.id,
                SubscriberAddress.channel == UserDetail.channel,
            ),
        )
        .outerjoin(CityDetail, CityDetail.id == UserDetail.city_id)
        .where(where)
        .order_by(model.id)
    )
    return _pairs(session.execute(query).all(), _row_type(model))


@cache
def _row_type(model) -> type:
    """A named tuple of ``model``'s columns (one class per ledger)."""
    names = [column.key for column in model.__table__.columns]
    return namedtuple(f"{model.__name__}Row", names)


def _pairs(rows, row_type) -> list[tuple]:
    """Split each joined tuple into (ledger row, ``Subscriber``), one ``Town`` per town."""
    width = len(row_type._fields)
    end = width + len(_SUBSCRIBER)
    towns: dict[int, Town] = {}
    return [
        (row_type._make(values[:width]), _subscriber(values[width:end], _town(values[end:], towns)))
        for values in rows
    ]


def _subscriber(values, town: Town | None) -> Subscriber:
    """A subscriber from its columns (``_SUBSCRIBER``); no address on their channel: ""."""
    user_id, channel, address, *rest = values
    return Subscriber._make((user_id, channel, address or "", *rest, town))


def _town(values, towns: dict[int, Town]) -> Town | None:
    """The town of the columns ``values`` (``_TOWN``): one value per town id in ``towns``."""
    town_id = values[0]
    if town_id is None:
        return None
    if town_id not in towns:
        towns[town_id] = Town(*values[1:])
    return towns[town_id]
