"""The dialogue's answers that choose when the daily message comes: a time of day, a
number of minutes around sunrise, a pause of some days."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from lokpanchang.broadcast import sunrise
from lokpanchang.conversation.turns import Said, Turn, local_today, subscriber_of, where_and_when
from lokpanchang.messages.command_replies import day_label
from lokpanchang.storage import ledger
from lokpanchang.subscribers.operations import record_event


def answer_time(turn: Turn) -> list[Said]:
    user = subscriber_of(turn)
    if user is None:
        return [turn.say("need_location")]
    assert isinstance(turn.command.value, time)
    user.send_time, user.sunrise_offset, user.sunrise_due_at = turn.command.value, None, None
    user.updated_on = turn.now
    record_event(turn.session, user, "updated", turn.now, "send time")
    return [turn.say("time_set", **where_and_when(user))]


def answer_sunrise(turn: Turn) -> list[Said]:
    user = subscriber_of(turn)
    if user is None:
        return [turn.say("need_location")]
    offset = turn.command.value
    assert isinstance(offset, int)
    latitude, longitude, zone = user.location()
    place = sunrise.place_of(latitude, longitude)
    served = ledger.owed_dates(turn.session, user.id, local_today(user, turn.now))
    send_time, due, polar = sunrise.next_sunrise_slot(
        zone, *place, offset, turn.now, turn.convention, served
    )
    user.sunrise_offset, user.send_time, user.sunrise_due_at = offset, send_time, due
    user.updated_on = turn.now
    record_event(turn.session, user, "updated", turn.now, "sunrise")
    said = [
        turn.say("sunrise_set", next=_slot_label(due, zone, turn.language), **where_and_when(user))
    ]
    if polar:
        said.append(
            turn.say(
                "sunrise_polar",
                date=day_label(due.astimezone(ZoneInfo(zone)).date(), turn.language),
            )
        )
    return said


def _slot_label(due: datetime, zone: str, language: str) -> str:
    local = due.astimezone(ZoneInfo(zone))
    return f"{day_label(local.date(), language)} {local:%H:%M}"


def answer_pause(turn: Turn) -> list[Said]:
    user = subscriber_of(turn)
    if user is None:
        return [turn.say("need_location")]
    days = turn.command.value
    assert isinstance(days, int)
    today = local_today(user, turn.now)
    user.paused_until, user.updated_on = today + timedelta(days=days - 1), turn.now
    record_event(turn.session, user, "paused", turn.now, f"{days} days")
    resume = day_label(today + timedelta(days=days), turn.language)
    return [turn.say("paused", date=day_label(user.paused_until, turn.language), resume=resume)]
