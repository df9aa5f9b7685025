"""SQL for the cards the coming sends need (issue 27 item 3): who of a slot will get a
message, as the distinct places, languages and calendars their cards depend on; and whether
a run is open or about to be (pre-rendering then waits)."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import cast

from sqlalchemy import ColumnElement, func, or_, select, true
from sqlalchemy.orm import Session

from lokpanchang.card.cells import Reader
from lokpanchang.clock import require_aware
from lokpanchang.storage.models import BroadcastRun, CityDetail, UserDetail
from lokpanchang.storage.states import OPEN_RUNS


def wants_card() -> ColumnElement[bool]:
    """HOOK (issue 27 item 2, ``card off``): the subscribers who get the card with their
    message. Until the per-subscriber flag is on main, everyone; when it lands, this is
    ``UserDetail.card_on`` (or the flag's own name) and nothing else changes."""
    return true()


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
            func.coalesce(CityDetail.city, ""),
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
    located = tuple[float, float, str, str, str, str, str]  # latitude, longitude: not null
    return [Reader(*cast(located, row)) for row in session.execute(query)]


def open_runs_due_by(session: Session, until: datetime) -> int:
    """How many runs are planned, queued or sending with their instant at or before
    ``until``: a send going on, or about to start."""
    require_aware(until, "until")
    query = select(func.count(BroadcastRun.id)).where(
        BroadcastRun.status.in_(OPEN_RUNS), BroadcastRun.due_at <= until
    )
    return int(session.execute(query).scalar_one())
