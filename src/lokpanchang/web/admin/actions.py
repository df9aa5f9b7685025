"""What operators change: subscribers (edit, stop, reactivate) and runs (resume, backfill)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time

from sqlalchemy import select
from sqlalchemy.orm import Session

from lokpanchang import subscribers
from lokpanchang.planning import slot_for
from lokpanchang.storage.models import BroadcastRun, SubscriptionEvent, UserDetail
from lokpanchang.web import integrations


class ActionError(ValueError):
    """The operator asked for something that cannot be done; the message says why."""


def stop_subscriber(session: Session, user: UserDetail, now: datetime, operator: str) -> None:
    if not user.is_active(now):
        raise ActionError(f"subscriber {user.phone} is already stopped")
    subscribers.stop(session, user.phone, now)
    _attribute(session, user, operator)


def reactivate_subscriber(session: Session, user: UserDetail, now: datetime, operator: str) -> None:
    """Subscribe again at the stored place (clears a disabled reason)."""
    if user.is_active(now):
        raise ActionError(f"subscriber {user.phone} is already active")
    if user.latitude is None or user.longitude is None:
        raise ActionError(f"subscriber {user.phone} has no location; edit it first")
    subscribers.subscribe(session, user.phone, user.latitude, user.longitude, now=now)
    _attribute(session, user, operator)


def _attribute(session: Session, user: UserDetail, operator: str) -> None:
    """Name the operator on the events the subscribers domain just recorded."""
    for event in session.new:
        if isinstance(event, SubscriptionEvent) and event.user_id == user.id:
            event.detail = " ".join(filter(None, [event.detail, f"(by operator {operator})"]))


@dataclass(frozen=True)
class SubscriberEdit:
    display_name: str
    language: str
    send_time: str
    latitude: float
    longitude: float


def parse_edit(form) -> SubscriberEdit:
    """The edit form's values; coordinates are checked here, the rest by the subscribers domain."""
    return SubscriberEdit(
        display_name=form.get("display_name", ""),
        language=form.get("language", ""),
        send_time=form.get("send_time", ""),
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
    """Change the subscriber; new coordinates re-resolve the city and zone through places.

    Raises ValueError (from the subscribers domain) naming a bad name, language or send time.
    """
    if not edit.send_time.strip():
        raise ActionError("send time '' is empty; write it as HH:MM, e.g. 06:30")
    wanted = (edit.display_name.strip(), edit.language, edit.send_time.strip())
    if wanted != (user.display_name, user.language, user.send_time.strftime("%H:%M")):
        subscribers.update_preferences(session, user.phone, now, name=edit.display_name,
                                       language=edit.language, send_time=edit.send_time)
        _attribute(session, user, operator)
    if (edit.latitude, edit.longitude) != (user.latitude, user.longitude):
        subscribers.move(session, user.phone, edit.latitude, edit.longitude, now)
        _attribute(session, user, operator)


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
