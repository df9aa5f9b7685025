"""What a subscriber's text asks for: one ``Command`` from the words of any language.

Plain code with no clock: a date without a year is resolved against the ``today`` the caller
passes. The words come from the language registry (``languages.command_words``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, time
from enum import StrEnum

from lokpanchang import languages
from lokpanchang.languages.commands import ARGUMENT_COMMANDS, COMMANDS, NEXT_WORDS

MAX_PAUSE_DAYS = 365
DEFAULT_PAUSE_DAYS = 7
MAX_SUNRISE_OFFSET = 180  # minutes either side of sunrise
# Digits are ASCII digits ([0-9]); a month may be a word of any script.
ISO_DATE = re.compile(r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})")
DAY_MONTH = re.compile(r"([0-9]{1,2})\s*(\S+?)\.?(?:\s+([0-9]{4}))?")
LOOKS_LIKE_A_DATE = re.compile(r"[0-9]{1,4}\s*[-/.]\s*[0-9]|[0-9]{1,2}\s+\S+")
CLOCK = re.compile(r"([01]?[0-9]|2[0-3])[:.]([0-5][0-9])")
OFFSET = re.compile(r"([+-])\s*([0-9]{1,3})")
ENGLISH_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)


class Ask(StrEnum):
    """What a message asks for."""

    START = "start"
    STOP = "stop"
    HELP = "help"
    LANGUAGE = "language"
    TODAY = "today"
    TOMORROW = "tomorrow"
    YESTERDAY = "yesterday"
    DATE = "date"
    TIME = "time"
    SUNRISE = "sunrise"
    STATUS = "status"
    EKADASHI = "ekadashi"
    FESTIVALS = "festivals"
    PAUSE = "pause"
    DELETE = "delete"
    YES = "yes"
    CALENDAR = "calendar"
    CARD = "card"
    BAD_DATE = "bad_date"
    BAD_VALUE = "bad_value"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Command:
    """``ask`` with its value: the date, the send time, the sunrise offset in minutes, the
    pause in days or the language code; ``text`` is the part a bad value reply names."""

    ask: Ask
    value: object = None
    text: str = ""


def keyword(text: str) -> str:
    """The message as commands are matched: trimmed of spaces and end punctuation, NFC, casefolded."""
    return languages.normal(trimmed(text))


def trimmed(text: str) -> str:
    """The message as the person wrote it, less surrounding spaces and end punctuation (what a
    reply quotes back)."""
    return text.strip().strip(".!?।").strip()


def parse(text: str, today: date) -> Command:
    """The command in ``text``; a date without a year is its next occurrence from ``today``."""
    word = keyword(text)
    for ask in (Ask.START, Ask.STOP, Ask.HELP):
        if word in languages.command_words(str(ask)):
            return Command(ask)
    if word in languages.language_words():
        return Command(Ask.LANGUAGE, languages.language_words()[word])
    return (
        _command(word)
        or _date(word, today, trimmed(text))
        or Command(Ask.UNKNOWN, text=text.strip())
    )


def _command(word: str) -> Command | None:
    head, _, rest = _without_next(word).partition(" ")
    for kind in COMMANDS:
        words = languages.command_words(kind)
        if kind in ARGUMENT_COMMANDS:
            found = _with_argument(kind, word, words)
            if found is not None:
                return found
        elif _without_next(word) in words or (head in words and not rest):
            return Command(Ask(kind))
    return None


def _without_next(word: str) -> str:
    head, _, rest = word.partition(" ")
    return rest.strip() if head in NEXT_WORDS and rest else word


def _with_argument(kind: str, word: str, words: frozenset[str]) -> Command | None:
    for name in sorted(words, key=len, reverse=True):
        if word == name or word.startswith((name + " ", name + "+", name + "-")):
            return _ARGUMENTS[kind](word[len(name) :].strip())
    return None


def _time(argument: str) -> Command:
    found = CLOCK.fullmatch(argument)
    if found is None:
        return Command(Ask.BAD_VALUE, "time", argument or "-")
    return Command(Ask.TIME, time(int(found[1]), int(found[2])))


def _sunrise(argument: str) -> Command:
    if not argument:
        return Command(Ask.SUNRISE, 0)
    found = OFFSET.fullmatch(argument)
    minutes = int(found[2]) if found else MAX_SUNRISE_OFFSET + 1
    if found is None or minutes > MAX_SUNRISE_OFFSET:
        return Command(Ask.BAD_VALUE, "sunrise", argument)
    return Command(Ask.SUNRISE, minutes if found[1] == "+" else -minutes)


def _pause(argument: str) -> Command:
    if not argument:
        return Command(Ask.PAUSE, DEFAULT_PAUSE_DAYS)
    days = int(argument) if argument.isascii() and argument.isdigit() else 0
    if not 1 <= days <= MAX_PAUSE_DAYS:
        return Command(Ask.BAD_VALUE, "pause", argument)
    return Command(Ask.PAUSE, days)


def _calendar(argument: str) -> Command:
    """``calendar`` alone asks which calendar; with a name (any language's), chooses it."""
    if not argument:
        return Command(Ask.CALENDAR, "")
    value = languages.calendar_words().get(argument)
    if value is None:
        return Command(Ask.BAD_VALUE, "calendar", argument)
    return Command(Ask.CALENDAR, value)


def _card(argument: str) -> Command:
    """``card on`` / ``card off`` in any language's words (True: the picture comes);
    ``card`` alone asks how (None)."""
    if not argument:
        return Command(Ask.CARD, None)
    wanted = languages.card_switch_words().get(argument)
    if wanted is None:
        return Command(Ask.BAD_VALUE, "card", argument)
    return Command(Ask.CARD, wanted)


_ARGUMENTS = {
    "time": _time,
    "sunrise": _sunrise,
    "pause": _pause,
    "calendar": _calendar,
    "card": _card,
}


def _date(word: str, today: date, said: str) -> Command | None:
    """A date (``2026-12-25``, ``25 Dec``, ``25 दिसंबर 2026``), or a reply naming a bad one
    as the person wrote it (``said``, not the casefolded ``word``)."""
    iso = ISO_DATE.fullmatch(word)
    if iso is not None:
        return _checked(said, int(iso[1]), int(iso[2]), int(iso[3]))
    found = DAY_MONTH.fullmatch(word)
    month = _month(found[2]) if found else None
    if found is not None and month is not None:
        day, year = int(found[1]), int(found[3]) if found[3] else None
        return _checked(said, year, month, day) if year else _next(said, month, day, today)
    if LOOKS_LIKE_A_DATE.match(word):
        return Command(Ask.BAD_DATE, text=said)
    return None


def _month(name: str) -> int | None:
    """1-12 for an English month name or its first three letters, or any language's month."""
    for number, english in enumerate(ENGLISH_MONTHS, start=1):
        if len(name) >= 3 and english.startswith(name):
            return number
    for months in languages.MONTHS.values():
        for number, month in enumerate(months, start=1):
            if languages.normal(month).rstrip(".") == name:
                return number
    return None


def _checked(text: str, year: int, month: int, day: int) -> Command:
    try:
        return Command(Ask.DATE, date(year, month, day))
    except ValueError:
        return Command(Ask.BAD_DATE, text=text)


def _next(text: str, month: int, day: int, today: date) -> Command:
    """``day`` ``month`` this year, or next year once it has passed (29 Feb: the next one)."""
    for year in range(today.year, today.year + 5):
        try:
            found = date(year, month, day)
        except ValueError:
            continue
        if found >= today:
            return Command(Ask.DATE, found)
    return Command(Ask.BAD_DATE, text=text)
