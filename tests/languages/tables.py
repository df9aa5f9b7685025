"""Every word table of the language registry and the messages, by name, and the words a
language's reader may legitimately meet (its tables and the almanac's names in it)."""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from lokpanchang import languages
from lokpanchang.languages import commands
from lokpanchang.messages.calendar_line import CALENDAR_WORDS
from lokpanchang.messages.calendar_replies import CALENDAR_REPLIES
from lokpanchang.messages.card_replies import CARD_REPLIES
from lokpanchang.messages.chat_words import CHAT_PHRASES
from lokpanchang.messages.command_replies import COMMAND_REPLIES
from lokpanchang.messages.email_words import EMAIL_WORDS
from lokpanchang.messages.languages import DAILY_TEMPLATE_BODIES
from lokpanchang.messages.observance_lines import DAILY_TEMPLATE_BODIES_V2
from lokpanchang.messages.observance_words import OBSERVANCE_WORDS
from lokpanchang.messages.replies import _REPLIES

# name -> {language: {key: text or tuple of texts}}; a body is one text under key "body",
# the months a tuple under key "months". Command and calendar replies are checked in
# their own tables (``replies`` holds them merged too).
TABLES: dict[str, Mapping[str, Mapping[str, Any]]] = {
    "words": languages.WORDS,
    "months": {code: {"months": months} for code, months in languages.MONTHS.items()},
    "commands": commands.WORDS,
    "calendar_names": commands.CALENDAR_NAMES,
    "bodies": {code: {"body": body} for code, body in DAILY_TEMPLATE_BODIES.items()},
    "bodies_v2": {code: {"body": body} for code, body in DAILY_TEMPLATE_BODIES_V2.items()},
    "replies": _REPLIES,
    "command_replies": COMMAND_REPLIES,
    "calendar_replies": CALENDAR_REPLIES,
    "observance_words": OBSERVANCE_WORDS,
    "calendar_words": CALENDAR_WORDS,
    "email_words": EMAIL_WORDS,
    "card_switch": commands.CARD_SWITCH,
    "card_replies": CARD_REPLIES,
    # Each language's (number phrase, chat phrase) pairs, as one tuple of texts.
    "chat_phrases": {
        code: {"phrases": tuple(text for pair in pairs for text in pair)}
        for code, pairs in CHAT_PHRASES.items()
    },
}
# The objects above that are the modules' own tables (a scan of the modules finds them).
TABLE_OBJECTS = (
    languages.WORDS,
    languages.MONTHS,
    commands.WORDS,
    commands.CALENDAR_NAMES,
    DAILY_TEMPLATE_BODIES,
    DAILY_TEMPLATE_BODIES_V2,
    _REPLIES,
    COMMAND_REPLIES,
    CALENDAR_REPLIES,
    OBSERVANCE_WORDS,
    CALENDAR_WORDS,
    EMAIL_WORDS,
    CHAT_PHRASES,
    commands.CARD_SWITCH,
    CARD_REPLIES,
)


def texts(value: Any) -> Iterator[str]:
    """The strings of a table entry (a text, or a tuple of texts)."""
    if isinstance(value, str):
        yield value
    else:
        yield from value


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def tokens(text: str) -> list[str]:
    """The words of ``text``: runs of letters and combining marks (any script), NFC."""
    found, current = [], []
    for char in unicodedata.normalize("NFC", text):
        if unicodedata.category(char)[0] in "LM":
            current.append(char)
        elif current:
            found.append("".join(current))
            current = []
    if current:
        found.append("".join(current))
    return found


def _without_placeholders(text: str) -> str:
    return " ".join(literal for literal, *_ in string.Formatter().parse(text))


@cache
def table_words(code: str) -> frozenset[str]:
    """Every word of ``code``'s own entries in every table."""
    return frozenset(
        token
        for table in TABLES.values()
        for value in table.get(code, {}).values()
        for text in texts(value)
        for token in tokens(_without_placeholders(text))
    )


@cache
def name_words(code: str) -> frozenset[str]:
    """Every word of the almanac's names in ``code``: limbs, months, years, signs, festivals,
    Ekadashis, solar months and eras, muhurtas."""
    from lokpanchang.almanac import muhurta_names
    from lokpanchang.almanac.calendars import names as calendar_names
    from lokpanchang.almanac.calendars.kinds import Calendar
    from lokpanchang.almanac.names import KINDS, table
    from lokpanchang.almanac.observances import names_table
    from lokpanchang.almanac.observances.lookup import _by_key

    names = [name for kind in KINDS for name in table(kind, code)]
    names += [sign[code] for sign in names_table.SIGNS]
    names += [rule[code] for rule in _by_key().values()]
    names += [names_table.ekadashi_names(*key)[code] for key in names_table.EKADASHI_NAMES]
    names += [names_table.SANKRANTI[code]]
    names += [
        calendar_names.month_name(kind, number, code)
        for kind in Calendar
        if kind.value not in ("amanta", "purnimanta")
        for number in range(1, 13)
    ]
    names += [era[code] for era in calendar_names.ERAS.values()]
    names += [names[code] for names, _ in muhurta_names.CHOGHADIYA]
    names += [lord[code] for lord in muhurta_names.HORA_LORDS]
    return frozenset(token for name in names for token in tokens(name))


def vocabulary(code: str) -> frozenset[str]:
    """The words a reader of ``code`` may meet in a text written for them."""
    return table_words(code) | name_words(code)
