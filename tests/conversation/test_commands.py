"""What a text asks for, in every language (issue 14, item 2): pure parsing, no database."""

from __future__ import annotations

from datetime import date, time

import pytest

from lokpanchang import languages
from lokpanchang.conversation.commands import Ask, Command, parse
from lokpanchang.languages.commands import COMMANDS, WORDS

TODAY = date(2026, 12, 1)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("today", Command(Ask.TODAY)),
        ("Tomorrow!", Command(Ask.TOMORROW)),
        ("2026-12-25", Command(Ask.DATE, date(2026, 12, 25))),
        ("25 Dec", Command(Ask.DATE, date(2026, 12, 25))),
        ("25 december 2027", Command(Ask.DATE, date(2027, 12, 25))),
        ("5 nov", Command(Ask.DATE, date(2027, 11, 5))),  # passed this year: next year's
        ("25 दिसंबर", Command(Ask.DATE, date(2026, 12, 25))),
        ("1 ஜனவரி", Command(Ask.DATE, date(2027, 1, 1))),
        ("time 05:45", Command(Ask.TIME, time(5, 45))),
        ("TIME 5.45", Command(Ask.TIME, time(5, 45))),
        ("समय 21:00", Command(Ask.TIME, time(21, 0))),
        ("sunrise", Command(Ask.SUNRISE, 0)),
        ("sunrise+30", Command(Ask.SUNRISE, 30)),
        ("Sunrise -15", Command(Ask.SUNRISE, -15)),
        ("सूर्योदय+10", Command(Ask.SUNRISE, 10)),
        ("status", Command(Ask.STATUS)),
        ("next ekadashi", Command(Ask.EKADASHI)),
        ("अगली एकादशी", Command(Ask.EKADASHI)),
        ("festivals", Command(Ask.FESTIVALS)),
        ("pause 7", Command(Ask.PAUSE, 7)),
        ("pause", Command(Ask.PAUSE, 7)),
        ("விராம", Command(Ask.UNKNOWN, text="விராம")),
        ("delete", Command(Ask.DELETE)),
        ("Yes", Command(Ask.YES)),
        ("हाँ", Command(Ask.YES)),
        ("start", Command(Ask.START)),
        ("வணக்கம்", Command(Ask.START)),
        ("stop", Command(Ask.STOP)),
        ("தமிழ்", Command(Ask.LANGUAGE, "ta")),
        ("what is this?", Command(Ask.UNKNOWN, text="what is this?")),
    ],
)
def test_a_text_asks_for_one_thing(text, expected):
    assert parse(text, TODAY) == expected


@pytest.mark.parametrize(
    "text, named",
    [
        ("2026-13-45", "2026-13-45"),
        ("31 Feb", "31 Feb"),  # as written, not lower-cased (issue 25, item 6)
        ("30 Febtember.", "30 Febtember"),
        ("12/25", "12/25"),
    ],
)
def test_a_malformed_date_is_named(text, named):
    assert parse(text, TODAY) == Command(Ask.BAD_DATE, text=named)


@pytest.mark.parametrize(
    "text, command, named",
    [
        ("time 25:00", "time", "25:00"),
        ("time", "time", "-"),
        ("sunrise+500", "sunrise", "+500"),
        ("sunrise soon", "sunrise", "soon"),
        ("pause 0", "pause", "0"),
        ("pause 400", "pause", "400"),
        ("pause a week", "pause", "a week"),
    ],
)
def test_a_bad_value_is_named_with_its_command(text, command, named):
    assert parse(text, TODAY) == Command(Ask.BAD_VALUE, command, named)


@pytest.mark.parametrize("code", list(WORDS))
def test_every_command_word_of_every_language_is_understood(code):
    for kind in COMMANDS:
        for word in WORDS[code][kind]:
            found = parse(word, TODAY)
            # "time" alone lacks its value: the reply names the command and asks for it.
            expected = Ask.BAD_VALUE if kind == "time" else Ask(kind)
            assert found.ask == expected, (code, word, found)
            assert kind != "time" or found.value == "time"


def test_every_text_language_has_every_command():
    assert set(WORDS) == set(languages.text_languages())
    assert all(set(table) == set(COMMANDS) for table in WORDS.values())


def test_no_word_means_two_commands():
    seen: dict[str, str] = {}
    for table in WORDS.values():
        for kind, words in table.items():
            for word in words:
                assert seen.setdefault(languages.normal(word), kind) == kind, word
    keywords = {w for kind in ("start", "stop", "help") for w in languages.command_words(kind)}
    assert not keywords & set(seen)
