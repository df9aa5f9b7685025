"""The answer to a text, knowing who wrote it: a stranger, a subscriber (maybe paused) or
someone who stopped. Channel-neutral: it takes the sender's row (or None) and the text, and
returns what to say; ``handling`` records the message and sends the replies.

Asking for a day (``today``, ``tomorrow``, ``2026-12-25``, ``25 Dec``) answers with that
day's panchangam for their place as free text (inside the service window: no template).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from enum import StrEnum
from typing import Any
from zoneinfo import ZoneInfo

from lokpanchang import languages, planning
from lokpanchang.almanac import Panchangam, generate_panchangam_with_timezone
from lokpanchang.almanac.observances import Place, observances_between
from lokpanchang.almanac_service import configured_convention
from lokpanchang.broadcast import sunrise
from lokpanchang.broadcast.content import subscriber_calendar
from lokpanchang.conversation.commands import Ask, Command, parse
from lokpanchang.delivery.adapters import ADAPTERS
from lokpanchang.messages import render_daily, reply
from lokpanchang.messages.chat_words import AddressKind
from lokpanchang.messages.command_replies import day_label, observance_lines, sunrise_label
from lokpanchang.messages.places import place_label, zone_label
from lokpanchang.messages.replies import reply_to
from lokpanchang.storage import ledger
from lokpanchang.storage.cities import city_name_in, km_from_city
from lokpanchang.storage.db import Session
from lokpanchang.storage.erasure import erase_subscriber
from lokpanchang.subscribers.operations import (
    choose_calendar,
    choose_card,
    record_event,
    stop_user,
    update_user_preferences,
)

DELETE_CONFIRMATION = timedelta(minutes=15)  # a ``yes`` later than this erases nothing
DATE_YEARS = (1900, 2100)  # the days one may ask for, as ``lokpanchang festivals``
OBSERVANCE_DAYS = 30  # ``festivals``: what comes in the next month
EKADASHI_DAYS = 40  # ``ekadashi``: the next one is at most about 16 days away
SHOWN_OBSERVANCES = 8


class Standing(StrEnum):
    """Who wrote, as every answer needs to know."""

    STRANGER = "stranger"
    SUBSCRIBED = "subscribed"
    PAUSED = "paused"
    STOPPED = "stopped"


@dataclass(frozen=True)
class Said:
    """One reply: ``kind`` is ``text`` or ``location_request``."""

    kind: str
    text: str


@dataclass
class Turn:
    """One text being answered: what to say back, and the addresses of whoever was erased."""

    session: Session
    user: Any  # the stored subscriber (``storage.addresses.subscriber_at``), None: a stranger
    command: Command
    language: str
    now: datetime
    address_kind: AddressKind = AddressKind.NUMBER  # what the person's address with us is
    said: list[Said] = field(default_factory=list)
    erased: list[str] = field(default_factory=list)

    @property
    def standing(self) -> Standing:
        return standing(self.user, self.now)

    def say(self, kind: str, **values: str) -> Said:
        return Said("text", reply_to(self.address_kind, kind, self.language, **values))


def standing(user, now: datetime) -> Standing:
    """The sender's standing at ``now`` (a paused subscriber is still subscribed)."""
    if user is None or user.latitude is None:
        return Standing.STRANGER
    if not user.is_active(now):
        return Standing.STOPPED
    if user.paused_until is not None and user.paused_until >= local_today(user, now):
        return Standing.PAUSED
    return Standing.SUBSCRIBED


def local_today(user, now: datetime) -> date:
    return planning.local_date_at(user.timezone, now) if user.timezone else now.date()


def answer(
    session: Session,
    user,
    text: str,
    language: str,
    now: datetime,
    address_kind: AddressKind = AddressKind.NUMBER,
) -> Turn:
    """Decide the replies to ``text`` from ``user`` (None: a stranger) whose address with
    us is ``address_kind`` (a number or a chat: the replies name it); see ``Turn.said``."""
    today = local_today(user, now) if user is not None else now.date()
    turn = Turn(session, user, parse(text, today), language, now, address_kind)
    turn.said = _HANDLERS.get(turn.command.ask, _help)(turn)
    return turn


# Signing up and stopping ---------------------------------------------------------------


def _start(turn: Turn) -> list[Said]:
    if turn.standing in (Standing.STRANGER, Standing.STOPPED):
        return [Said("location_request", reply("ask_location", turn.language))]
    user = turn.user
    assert user is not None
    if turn.standing is Standing.PAUSED:
        user.paused_until, user.updated_on = None, turn.now
        record_event(turn.session, user, "resumed", turn.now)
    return [turn.say("already_subscribed", **where_and_when(user))]


def _stop(turn: Turn) -> list[Said]:
    if turn.standing is Standing.STRANGER:
        return [turn.say("not_subscribed")]
    if turn.standing is Standing.STOPPED:
        return [turn.say("already_stopped")]
    assert turn.user is not None
    stop_user(turn.session, turn.user, turn.now)
    return [turn.say("unsubscribed")]


def _help(turn: Turn) -> list[Said]:
    return [turn.say("help")]


def _language(turn: Turn) -> list[Said]:
    """A language's name: a subscriber's messages come in it; a stranger gets its help."""
    code = turn.command.value
    assert isinstance(code, str)
    if turn.user is None:
        return [turn.say("help")]
    update_user_preferences(turn.session, turn.user, turn.now, language=code)
    return [Said("text", reply("language_set", turn.user.language))]


# Asking for a day ----------------------------------------------------------------------


def _day(turn: Turn) -> list[Said]:
    user = turn.user
    if user is None or turn.standing is Standing.STRANGER:
        return [turn.say("need_location")]
    today = local_today(user, turn.now)
    asked = {
        Ask.TODAY: today,
        Ask.TOMORROW: today + timedelta(days=1),
        Ask.YESTERDAY: today - timedelta(days=1),
    }.get(turn.command.ask)
    day = asked or turn.command.value
    assert isinstance(day, date)
    if not DATE_YEARS[0] <= day.year <= DATE_YEARS[1]:
        return [turn.say("bad_date", text=day.isoformat())]
    return [Said("text", _panchangam_text(user, day, turn.language))]


def _panchangam_text(user, day: date, language: str) -> str:
    found, city = _panchangam(user, day, language)
    latitude, longitude, _zone = user.location()
    distance = km_from_city(latitude, longitude, user.city)
    calendar = str(subscriber_calendar(user))
    return render_daily(found, language, city, distance, version=2, calendar=calendar).text


def _panchangam(user, day: date, language: str) -> tuple[Panchangam, str]:
    latitude, longitude, zone = user.location()
    city = city_name_in(user.city, language)
    found = generate_panchangam_with_timezone(
        latitude,
        longitude,
        zone,
        day,
        city=city or None,
        lang=language,
        convention=configured_convention(),
        include_muhurtas=False,
    )
    return found, city


# Choosing the calendar -------------------------------------------------------------------


def _calendar(turn: Turn) -> list[Said]:
    user = _subscriber(turn)
    if user is None:
        return [turn.say("need_location")]
    chosen = str(turn.command.value or "")
    if not chosen:
        return [turn.say("calendar_is", calendar=_calendar_name(user, turn.language))]
    choose_calendar(turn.session, user, chosen, turn.now)
    return [
        turn.say(
            "calendar_set",
            calendar=_calendar_name(user, turn.language),
            line=_month_line(user, local_today(user, turn.now), turn.language),
        )
    ]


def _card(turn: Turn) -> list[Said]:
    """``card on`` / ``card off``: the daily message with or without its picture."""
    user = _subscriber(turn)
    if user is None:
        return [turn.say("need_location")]
    if turn.command.value is None:  # ``card`` alone: how to switch it
        return [turn.say("card_help")]
    wanted = bool(turn.command.value)
    choose_card(turn.session, user, wanted, turn.now)
    return [turn.say("card_on" if wanted else "card_off")]


def _calendar_name(user, language: str) -> str:
    return languages.calendar_name(language, subscriber_calendar(user))


def _month_line(user, day: date, language: str) -> str:
    """Today's month line in ``user``'s calendar, as their daily message will print it."""
    found, _ = _panchangam(user, day, language)
    rendered = render_daily(found, language, calendar=str(subscriber_calendar(user)))
    return rendered.parameters[-1]


def _bad_date(turn: Turn) -> list[Said]:
    return [turn.say("bad_date", text=turn.command.text)]


def _bad_value(turn: Turn) -> list[Said]:
    return [turn.say(f"bad_{turn.command.value}", text=turn.command.text)]


# Choosing when ---------------------------------------------------------------------------


def _time(turn: Turn) -> list[Said]:
    user = _subscriber(turn)
    if user is None:
        return [turn.say("need_location")]
    assert isinstance(turn.command.value, time)
    user.send_time, user.sunrise_offset, user.sunrise_due_at = turn.command.value, None, None
    user.updated_on = turn.now
    record_event(turn.session, user, "updated", turn.now, "send time")
    return [turn.say("time_set", **where_and_when(user))]


def _sunrise(turn: Turn) -> list[Said]:
    user = _subscriber(turn)
    if user is None:
        return [turn.say("need_location")]
    offset = turn.command.value
    assert isinstance(offset, int)
    latitude, longitude, zone = user.location()
    place = sunrise.place_of(latitude, longitude)
    served = ledger.owed_dates(turn.session, user.id, local_today(user, turn.now))
    send_time, due, polar = sunrise.next_sunrise_slot(
        zone, *place, offset, turn.now, configured_convention(), served
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


def _pause(turn: Turn) -> list[Said]:
    user = _subscriber(turn)
    if user is None:
        return [turn.say("need_location")]
    days = turn.command.value
    assert isinstance(days, int)
    today = local_today(user, turn.now)
    user.paused_until, user.updated_on = today + timedelta(days=days - 1), turn.now
    record_event(turn.session, user, "paused", turn.now, f"{days} days")
    resume = day_label(today + timedelta(days=days), turn.language)
    return [turn.say("paused", date=day_label(user.paused_until, turn.language), resume=resume)]


def _subscriber(turn: Turn):
    """The sender, if subscribed (paused or not); None for a stranger or someone who stopped."""
    if turn.standing in (Standing.SUBSCRIBED, Standing.PAUSED):
        return turn.user
    return None


# What they have and what comes -----------------------------------------------------------


def _status(turn: Turn) -> list[Said]:
    user = turn.user
    if user is None or turn.standing is Standing.STRANGER:
        return [turn.say("need_location")]
    if turn.standing is Standing.PAUSED and user.paused_until is not None:
        until = day_label(user.paused_until, turn.language)
        state = reply("state_paused", turn.language, date=until)
    else:
        state = reply(f"state_{turn.standing}", turn.language)
    return [
        turn.say(
            "status",
            channel=ADAPTERS[user.channel].label if user.channel in ADAPTERS else user.channel,
            state=state,
            **where_and_when(user),
        )
    ]


def _observances(turn: Turn) -> list[Said]:
    user = turn.user
    if user is None or turn.standing is Standing.STRANGER:
        return [turn.say("need_location")]
    ekadashi = turn.command.ask is Ask.EKADASHI
    latitude, longitude, zone = user.location()
    first = local_today(user, turn.now)
    last = first + timedelta(days=EKADASHI_DAYS if ekadashi else OBSERVANCE_DAYS)
    place = Place(latitude, longitude, ZoneInfo(zone), convention=configured_convention())
    found = observances_between(place, first, last, turn.language).observances
    items = [item for item in found if item.kind == "ekadashi"][:2] if ekadashi else found
    where = where_and_when(user)["place"]
    if not items:
        return [turn.say("no_observances", place=where, days=str(OBSERVANCE_DAYS))]
    lines = observance_lines(items[:SHOWN_OBSERVANCES], turn.language)
    heading = "ekadashi_heading" if ekadashi else "observances_heading"
    return [Said("text", reply(heading, turn.language, place=where) + "\n" + lines)]


def where_and_when(user) -> dict[str, str]:
    """The values the replies name: place (as messages name it), zone, send time."""
    language = user.language
    if user.city is None:
        place = f"{user.latitude:.3f}, {user.longitude:.3f}"
    else:
        distance = km_from_city(user.latitude, user.longitude, user.city)
        place = place_label(city_name_in(user.city, language), distance, language)
    when = reply("at_time", language, time=f"{user.send_time:%H:%M}")
    if user.sunrise_offset is not None:
        when = sunrise_label(user.sunrise_offset, language)
    return {"place": place, "timezone": zone_label(user.timezone), "when": when}


# Erasing ---------------------------------------------------------------------------------


def _delete(turn: Turn) -> list[Said]:
    if turn.user is None:
        return [turn.say("nothing_stored")]
    turn.user.delete_asked_at = turn.now
    return [turn.say("confirm_delete")]


def _yes(turn: Turn) -> list[Said]:
    user = turn.user
    asked = user.delete_asked_at if user is not None else None
    if user is None or asked is None or turn.now - asked > DELETE_CONFIRMATION:
        return [turn.say("help")]
    written = [w for a in user.addresses for w in ADAPTERS[a.channel].as_written(a.address)]
    turn.erased = [address.address for address in user.addresses]
    erase_subscriber(turn.session, user, turn.now, written)
    return [turn.say("deleted")]


_HANDLERS = {
    Ask.CALENDAR: _calendar,
    Ask.CARD: _card,
    Ask.START: _start,
    Ask.STOP: _stop,
    Ask.LANGUAGE: _language,
    Ask.TODAY: _day,
    Ask.TOMORROW: _day,
    Ask.YESTERDAY: _day,
    Ask.DATE: _day,
    Ask.BAD_DATE: _bad_date,
    Ask.BAD_VALUE: _bad_value,
    Ask.TIME: _time,
    Ask.SUNRISE: _sunrise,
    Ask.PAUSE: _pause,
    Ask.STATUS: _status,
    Ask.EKADASHI: _observances,
    Ask.FESTIVALS: _observances,
    Ask.DELETE: _delete,
    Ask.YES: _yes,
}
