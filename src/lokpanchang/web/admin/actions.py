"""What operators change: subscribers (edit, stop, reactivate) and runs (resume, backfill)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time

from sqlalchemy import select
from sqlalchemy.orm import Session

from lokpanchang.config import parse_send_time
from lokpanchang.planning import slot_for
from lokpanchang.storage.models import FOREVER, BroadcastRun, CityDetail, SubscriptionEvent, UserDetail
from lokpanchang.web import integrations


class ActionError(ValueError):
    """The operator asked for something that cannot be done; the message says why."""


def record_event(session: Session, user: UserDetail, kind: str, now: datetime, detail: str) -> None:
    session.add(SubscriptionEvent(user_id=user.id, kind=kind, at=now, detail=detail))


def stop_subscriber(session: Session, user: UserDetail, now: datetime, operator: str) -> None:
    if not user.is_active(now):
        raise ActionError(f"subscriber {user.phone} is already stopped")
    user.obsoleted_on = now
    user.updated_on = now
    record_event(session, user, "stopped", now, f"by operator {operator}")


def reactivate_subscriber(session: Session, user: UserDetail, now: datetime, operator: str) -> None:
    if user.is_active(now):
        raise ActionError(f"subscriber {user.phone} is already active")
    user.obsoleted_on = FOREVER
    user.disabled_reason = None
    user.undeliverable_days = 0
    user.updated_on = now
    record_event(session, user, "resumed", now, f"by operator {operator}")


@dataclass(frozen=True)
class SubscriberEdit:
    display_name: str
    language: str
    send_time: time
    latitude: float
    longitude: float


def parse_edit(form, languages: tuple[str, ...]) -> SubscriberEdit:
    """Validate the edit form; raises ActionError naming the bad field and value."""
    language = form.get("language", "")
    if language not in languages:
        raise ActionError(f"language {language!r} is not one of {', '.join(languages)}")
    try:
        send_time = parse_send_time(form.get("send_time", ""))
    except ValueError as exc:
        raise ActionError(str(exc)) from None
    return SubscriberEdit(
        display_name=form.get("display_name", "").strip()[:200],
        language=language,
        send_time=send_time,
        latitude=_coordinate(form.get("latitude", ""), "latitude", 90),
        longitude=_coordinate(form.get("longitude", ""), "longitude", 180),
    )


def _coordinate(text: str, name: str, limit: float) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ActionError(f"{name} {text!r} is not a number of degrees") from None
    if not -limit <= value <= limit:
        raise ActionError(f"{name} {value} is outside -{limit}..{limit} degrees")
    return value


def apply_edit(session: Session, user: UserDetail, edit: SubscriberEdit, now: datetime, operator: str) -> None:
    """Change the subscriber; new coordinates re-resolve the city and zone through places."""
    moved = (edit.latitude, edit.longitude) != (user.latitude, user.longitude)
    if moved:
        place = integrations.lookup_place(edit.latitude, edit.longitude)
        user.city_id = _city_for(session, place).id
        user.timezone = place.timezone
        user.latitude, user.longitude = edit.latitude, edit.longitude
        record_event(session, user, "moved", now, f"to {place.city}, {place.country} by {operator}")
    user.display_name = edit.display_name
    user.language = edit.language
    user.send_time = edit.send_time
    user.updated_on = now


def _city_for(session: Session, place) -> CityDetail:
    city = session.scalar(
        select(CityDetail).where(
            CityDetail.city == place.city,
            CityDetail.state == place.region,
            CityDetail.country == place.country,
        )
    )
    if city is None:
        city = CityDetail(
            city=place.city, state=place.region, country=place.country,
            country_code=place.country_code, timezone=place.timezone,
            latitude=place.latitude, longitude=place.longitude,
        )
        session.add(city)
        session.flush()
    return city


RESUMABLE = ("halted",)


def resume_run(session: Session, run: BroadcastRun, now: datetime) -> None:
    """Put a halted run back to ``planned`` so the planner's next pass enqueues it."""
    broadcast = integrations.optional("lokpanchang.broadcast")
    if broadcast is not None and hasattr(broadcast, "resume_run"):
        broadcast.resume_run(session, run.id, now)
        return
    if run.status not in RESUMABLE:
        raise ActionError(f"run {run.id} is {run.status}; only a halted run can be resumed")
    run.status = "planned"
    run.error = None


def local_due(zone: str, day: date, send_time: time) -> datetime:
    """The UTC instant the planner gives ``send_time`` on ``day`` in ``zone`` (its gap/fold rules)."""
    try:
        slot = slot_for(zone, day, send_time)
    except ValueError as exc:
        raise ActionError(str(exc)) from None
    if slot is None:
        raise ActionError(f"{zone} skipped {day} (a calendar change): there is no such send")
    return slot.due_at


def backfill_run(session: Session, zone: str, day: date, send_time: time, now: datetime) -> BroadcastRun:
    """A planned run for (zone, send time, day), created or re-planned; late if already due."""
    due = local_due(zone, day, send_time)
    run = session.scalar(
        select(BroadcastRun).where(
            BroadcastRun.timezone == zone,
            BroadcastRun.send_time == send_time,
            BroadcastRun.local_date == day,
        )
    )
    if run is None:
        run = BroadcastRun(timezone=zone, send_time=send_time, local_date=day, due_at=due, planned_at=now)
        session.add(run)
    elif run.status in ("planned", "enqueued", "running"):
        raise ActionError(f"run {run.id} for {zone} on {day} is already {run.status}")
    run.status = "planned"
    run.late = due < now
    run.error = None
    session.flush()
    return run
