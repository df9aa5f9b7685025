"""The answer to a text, knowing who wrote it: a stranger, a subscriber (maybe paused) or
someone who stopped. Channel-neutral: it takes the sender's row (or None) and the text, and
returns what to say; ``handling`` records the message and sends the replies.

Each command is answered by one function, here (signing up, stopping, languages, erasing)
or in the module of its subject: days and calendars (``conversation.asking``), when the
message comes (``conversation.choosing``), what one has and what comes
(``conversation.reporting``); what they share is ``conversation.turns``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from lokpanchang.almanac import DRIK, Convention
from lokpanchang.conversation.asking import (
    answer_bad_date,
    answer_bad_value,
    answer_calendar,
    answer_card,
    answer_day,
)
from lokpanchang.conversation.choosing import answer_pause, answer_sunrise, answer_time
from lokpanchang.conversation.commands import Ask, parse
from lokpanchang.conversation.reporting import answer_observances, answer_status
from lokpanchang.conversation.turns import (
    Said,
    Standing,
    Turn,
    local_today,
    standing,
    where_and_when,
)
from lokpanchang.delivery.adapters import ADAPTERS
from lokpanchang.messages import reply
from lokpanchang.messages.chat_words import AddressKind
from lokpanchang.storage.db import Session
from lokpanchang.storage.erasure import erase_subscriber
from lokpanchang.subscribers.operations import record_event, stop_user, update_user_preferences

__all__ = ["Said", "Standing", "Turn", "answer", "local_today", "standing", "where_and_when"]

DELETE_CONFIRMATION = timedelta(minutes=15)  # a ``yes`` later than this erases nothing


def answer(
    session: Session,
    user,
    text: str,
    language: str,
    now: datetime,
    address_kind: AddressKind = AddressKind.NUMBER,
    convention: Convention = DRIK,
) -> Turn:
    """Decide the replies to ``text`` from ``user`` (None: a stranger) whose address with
    us is ``address_kind`` (a number or a chat: the replies name it); see ``Turn.said``."""
    today = local_today(user, now) if user is not None else now.date()
    turn = Turn(session, user, parse(text, today), language, now, address_kind, convention)
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
    turn.erased.append(erase_subscriber(turn.session, user, turn.now, written))
    return [turn.say("deleted")]


_HANDLERS = {
    Ask.CALENDAR: answer_calendar,
    Ask.CARD: answer_card,
    Ask.START: _start,
    Ask.STOP: _stop,
    Ask.LANGUAGE: _language,
    Ask.TODAY: answer_day,
    Ask.TOMORROW: answer_day,
    Ask.YESTERDAY: answer_day,
    Ask.DATE: answer_day,
    Ask.BAD_DATE: answer_bad_date,
    Ask.BAD_VALUE: answer_bad_value,
    Ask.TIME: answer_time,
    Ask.SUNRISE: answer_sunrise,
    Ask.PAUSE: answer_pause,
    Ask.STATUS: answer_status,
    Ask.EKADASHI: answer_observances,
    Ask.FESTIVALS: answer_observances,
    Ask.DELETE: _delete,
    Ask.YES: _yes,
}
