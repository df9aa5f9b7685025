"""What operators change: subscribers (edit, stop, reactivate) and runs (resume, backfill)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from lokpanchang import subscribers
from lokpanchang.planning import slot_for
from lokpanchang.storage import replanning, subscriber_history
from lokpanchang.storage.db import Session
from lokpanchang.storage.records import RunRecord
from lokpanchang.storage.states import RunStatus


class ActionError(ValueError):
    """The operator asked for something that cannot be done; the message says why."""


def stop_subscriber(session: Session, user, now: datetime, operator: str) -> None:
    """Stop ``user`` (a stored subscriber, ``storage.directory.subscriber``) for ``operator``."""
    if not user.is_active(now):
        raise ActionError(f"subscriber {user.address} is already stopped")
    subscribers.stop_user(session, user, now)
    _attribute(session, user, operator)


def reactivate_subscriber(session: Session, user, now: datetime, operator: str) -> None:
    """Subscribe again at the stored place (clears a disabled reason)."""
    if user.is_active(now):
        raise ActionError(f"subscriber {user.address} is already active")
    if user.latitude is None or user.longitude is None:
        raise ActionError(f"subscriber {user.address} has no location; edit it first")
    subscribers.subscribe_again(session, user, now)
    _attribute(session, user, operator)


def _attribute(session: Session, user, operator: str) -> None:
    """Name the operator on the events the subscribers domain just recorded."""
    subscriber_history.sign_new_events(session, user.id, f"(by operator {operator})")


@dataclass(frozen=True)
class SubscriberEdit:
    display_name: str
    language: str
    send_time: str
    latitude: float
    longitude: float
    calendar: str = ""  # "" or "default": their language's and place's


def parse_edit(form) -> SubscriberEdit:
    """The edit form's values; coordinates are checked here, the rest by the subscribers domain."""
    return SubscriberEdit(
        display_name=form.get("display_name", ""),
        language=form.get("language", ""),
        send_time=form.get("send_time", ""),
        latitude=_coordinate(form.get("latitude", ""), "latitude", 90),
        longitude=_coordinate(form.get("longitude", ""), "longitude", 180),
        calendar=form.get("calendar", ""),
    )


def _coordinate(text: str, name: str, limit: float) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ActionError(f"{name} {text!r} is not a number of degrees") from None
    if not -limit <= value <= limit:
        raise ActionError(f"{name} {value} is outside -{limit}..{limit} degrees")
    return value


def apply_edit(session: Session, user, edit: SubscriberEdit, now: datetime, operator: str) -> None:
    """Change the subscriber; new coordinates re-resolve the city and zone through places.

    Raises ValueError (from the subscribers domain) naming a bad name, language, send time
    or calendar; nothing is kept then (the caller rolls back).
    """
    if not edit.send_time.strip():
        raise ActionError("send time '' is empty; write it as HH:MM, e.g. 06:30")
    wanted = (edit.display_name.strip(), edit.language, edit.send_time.strip())
    if wanted != (user.display_name, user.language, user.send_time.strftime("%H:%M")):
        subscribers.update_user_preferences(
            session,
            user,
            now,
            name=edit.display_name,
            language=edit.language,
            send_time=edit.send_time,
        )
        _attribute(session, user, operator)
    if subscribers.check_calendar(edit.calendar) != user.calendar:
        subscribers.choose_calendar(session, user, edit.calendar, now)
        _attribute(session, user, operator)
    if (edit.latitude, edit.longitude) != (user.latitude, user.longitude):
        subscribers.move_user(session, user, edit.latitude, edit.longitude, now)
        _attribute(session, user, operator)


def resume_run(url: str, run: RunRecord, now: datetime, grace: timedelta) -> RunRecord:
    """Put a halted run back to ``planned`` for the planner's next pass (its recovery step).

    Rows the channel refused when the run halted go back to pending. Past ``grace`` after the
    due instant the scheduler records what is left as missed instead of sending it late.
    """
    if run.status != RunStatus.HALTED:
        raise ActionError(f"run {run.id} is {run.status}; only a halted run can be resumed")
    _too_late(run.due_at, now, grace)
    resumed = replanning.resume(url, run.id, now, only_from=(RunStatus.HALTED,))
    if resumed is None:
        raise ActionError(f"run {run.id} is no longer halted; only a halted run can be resumed")
    return resumed


def _too_late(due: datetime, now: datetime, grace: timedelta) -> None:
    if now - due > grace:
        raise ActionError(
            f"its send instant {due:%Y-%m-%d %H:%M} UTC is more than LATE_GRACE "
            f"({_duration(grace)}) ago, and a stale panchangam is never sent; "
            "to reach these subscribers today use Send → today's panchangam"
        )


def _duration(span: timedelta) -> str:
    seconds = span.total_seconds()
    return f"{seconds / 3600:g} h" if seconds % 3600 == 0 else f"{seconds / 60:g} min"


def local_due(zone: str, day: date, send_time: time) -> datetime:
    """The UTC instant the planner gives ``send_time`` on ``day`` in ``zone`` (its gap/fold rules)."""
    try:
        slot = slot_for(zone, day, send_time)
    except ValueError as exc:
        raise ActionError(str(exc)) from None
    if slot is None:
        raise ActionError(f"{zone} skipped {day} (a calendar change): there is no such send")
    return slot.due_at


def backfill_run(
    url: str, zone: str, day: date, send_time: time, now: datetime, grace: timedelta
) -> RunRecord:
    """A planned run for a slot already due (within ``grace``): created, or re-planned so its
    unsent rows go out. The planner's next pass sends it, marked late."""
    due = local_due(zone, day, send_time)
    if due > now:
        raise ActionError(
            f"{zone} on {day} at {send_time:%H:%M} is not due yet "
            f"({due:%Y-%m-%d %H:%M} UTC); the planner will send it then"
        )
    _too_late(due, now, grace)
    run, planned = replanning.backfill_slot(url, zone, send_time, day, due, now)
    if not planned:
        raise ActionError(f"run {run.id} for {zone} on {day} is already {run.status}")
    return run
