"""SQL for the cards the coming sends need (issue 27 item 3): who of a slot will get a
message, as the distinct places, languages and calendars their cards depend on; and whether
a run is open or about to be (pre-rendering then waits)."""

from __future__ import annotations

from datetime import date, datetime, time

from sqlalchemy import ColumnElement, func, or_, select
from sqlalchemy.orm import Session

from lokpanchang.card.cells import Reader
from lokpanchang.clock import require_aware
from lokpanchang.places import local_name
from lokpanchang.storage.models import BroadcastRun, CityDetail, UserDetail
from lokpanchang.storage.states import OPEN_RUNS


def wants_card() -> ColumnElement[bool]:
    """The subscribers who get the card with their message: all but those who said
    ``card off`` (issue 27 item 2)."""
    return UserDetail.card_off.is_(False)


def slot_readers(
    session: Session, zone: str, send_time: time, local_date: date, now: datetime
) -> list[Reader]:
    """The distinct readers (place, language, calendar, town) among the subscribers the
    slot (``zone``, ``send_time``) of ``local_date`` will send to, as ``storage.ledger``
    owes them: active at ``now``, located, not paused that date, and wanting the card."""
    require_aware(now, "now")
    query = (
        select(
            UserDetail.latitude,
            UserDetail.longitude,
            UserDetail.language,
            func.coalesce(UserDetail.calendar, ""),
            CityDetail.city,
            CityDetail.latitude,
            CityDetail.longitude,
            func.coalesce(CityDetail.country_code, ""),
            func.coalesce(CityDetail.state, ""),
        )
        .outerjoin(CityDetail, CityDetail.id == UserDetail.city_id)
        .where(
            UserDetail.timezone == zone,
            UserDetail.send_time == send_time,
            UserDetail.obsoleted_on > now,
            UserDetail.latitude.is_not(None),
            UserDetail.longitude.is_not(None),
            or_(UserDetail.paused_until.is_(None), UserDetail.paused_until < local_date),
            wants_card(),
        )
        .distinct()
    )
    return [_reader(*row) for row in session.execute(query)]


def _reader(latitude, longitude, language, calendar, city, city_lat, city_lon, country, state):
    """A row of ``slot_readers`` as a ``Reader``, its town named as the message names it
    (``storage.cities.city_name_in``: in the reader's script where the gazetteer has it)."""
    town = local_name(city, city_lat, city_lon, language) if city is not None else ""
    return Reader(latitude, longitude, language, calendar, town, country, state)


def open_runs_due_by(session: Session, until: datetime) -> int:
    """How many runs are planned, queued or sending with their instant at or before
    ``until``: a send going on, or about to start."""
    require_aware(until, "until")
    query = select(func.count(BroadcastRun.id)).where(
        BroadcastRun.status.in_(OPEN_RUNS), BroadcastRun.due_at <= until
    )
    return int(session.execute(query).scalar_one())
