"""The dialogue's answers about what a subscriber has and what comes: their status, and
the festivals or the Ekadashis ahead at their place."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

from lokpanchang.almanac.observances import Place, observances_between
from lokpanchang.conversation.commands import Ask
from lokpanchang.conversation.turns import Said, Standing, Turn, local_today, where_and_when
from lokpanchang.delivery.adapters import ADAPTERS
from lokpanchang.messages import reply
from lokpanchang.messages.command_replies import day_label, observance_lines

OBSERVANCE_DAYS = 30  # ``festivals``: what comes in the next month
EKADASHI_DAYS = 40  # ``ekadashi``: the next one is at most about 16 days away
SHOWN_OBSERVANCES = 8


def answer_status(turn: Turn) -> list[Said]:
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


def answer_observances(turn: Turn) -> list[Said]:
    user = turn.user
    if user is None or turn.standing is Standing.STRANGER:
        return [turn.say("need_location")]
    ekadashi = turn.command.ask is Ask.EKADASHI
    latitude, longitude, zone = user.location()
    first = local_today(user, turn.now)
    last = first + timedelta(days=EKADASHI_DAYS if ekadashi else OBSERVANCE_DAYS)
    place = Place(latitude, longitude, ZoneInfo(zone), convention=turn.convention)
    found = observances_between(place, first, last, turn.language).observances
    items = [item for item in found if item.kind == "ekadashi"][:2] if ekadashi else found
    where = where_and_when(user)["place"]
    if not items:
        return [turn.say("no_observances", place=where, days=str(OBSERVANCE_DAYS))]
    lines = observance_lines(items[:SHOWN_OBSERVANCES], turn.language)
    heading = "ekadashi_heading" if ekadashi else "observances_heading"
    return [Said("text", reply(heading, turn.language, place=where) + "\n" + lines)]
