"""The dialogue's answers about days and calendars: a day's panchangam (``today``,
``tomorrow``, ``2026-12-25``, ``25 Dec``) as free text for their place (inside the service
window: no template), the calendar their months are named in, and the daily card."""

from __future__ import annotations

from datetime import date, timedelta

from lokpanchang import languages
from lokpanchang.almanac import Convention, Panchangam, generate_panchangam_with_timezone
from lokpanchang.broadcast.content import subscriber_calendar
from lokpanchang.conversation.commands import Ask
from lokpanchang.conversation.turns import Said, Standing, Turn, local_today, subscriber_of
from lokpanchang.messages import render_daily
from lokpanchang.storage.cities import city_name_in, km_from_city
from lokpanchang.subscribers.operations import choose_calendar, choose_card

DATE_YEARS = (1900, 2100)  # the days one may ask for, as ``lokpanchang festivals``


# Asking for a day ----------------------------------------------------------------------


def answer_day(turn: Turn) -> list[Said]:
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
    return [Said("text", _panchangam_text(turn, day))]


def _panchangam_text(turn: Turn, day: date) -> str:
    user, language = turn.user, turn.language
    found, city = _panchangam(user, day, language, turn.convention)
    latitude, longitude, _zone = user.location()
    distance = km_from_city(latitude, longitude, user.city)
    calendar = str(subscriber_calendar(user))
    return render_daily(found, language, city, distance, version=2, calendar=calendar).text


def _panchangam(user, day: date, language: str, convention: Convention) -> tuple[Panchangam, str]:
    latitude, longitude, zone = user.location()
    city = city_name_in(user.city, language)
    found = generate_panchangam_with_timezone(
        latitude,
        longitude,
        zone,
        day,
        city=city or None,
        lang=language,
        convention=convention,
        include_muhurtas=False,
    )
    return found, city


# Choosing the calendar -------------------------------------------------------------------


def answer_calendar(turn: Turn) -> list[Said]:
    user = subscriber_of(turn)
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
            line=_month_line(turn, local_today(user, turn.now)),
        )
    ]


def answer_card(turn: Turn) -> list[Said]:
    """``card on`` / ``card off``: the daily message with or without its picture."""
    user = subscriber_of(turn)
    if user is None:
        return [turn.say("need_location")]
    if turn.command.value is None:  # ``card`` alone: how to switch it
        return [turn.say("card_help")]
    wanted = bool(turn.command.value)
    choose_card(turn.session, user, wanted, turn.now)
    return [turn.say("card_on" if wanted else "card_off")]


def _calendar_name(user, language: str) -> str:
    return languages.calendar_name(language, subscriber_calendar(user))


def _month_line(turn: Turn, day: date) -> str:
    """Today's month line in the subscriber's calendar, as their daily message prints it."""
    user, language = turn.user, turn.language
    found, _ = _panchangam(user, day, language, turn.convention)
    rendered = render_daily(found, language, calendar=str(subscriber_calendar(user)))
    return rendered.parameters[-1]


def answer_bad_date(turn: Turn) -> list[Said]:
    return [turn.say("bad_date", text=turn.command.text)]


def answer_bad_value(turn: Turn) -> list[Said]:
    return [turn.say(f"bad_{turn.command.value}", text=turn.command.text)]
