"""The month line's calendar: names by number in the reader's language, a value stored
before the calendars existed, and the registry's calendar words matching the almanac's."""

from __future__ import annotations

from datetime import date

import pytest

from lokpanchang import languages
from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.almanac.calendars.kinds import CHOICES
from lokpanchang.languages import commands
from lokpanchang.messages import render_daily
from lokpanchang.messages.calendar_line import CALENDAR_WORDS, month_line

KOCHI = (9.9312, 76.2673)


@pytest.fixture(scope="module")
def kochi_day() -> dict:
    # Computed with English names, as a broadcast does; rendered for every language.
    found = generate_panchangam_with_timezone(*KOCHI, "Asia/Kolkata", date(2025, 8, 20))
    return found.to_dict()


def test_the_names_are_the_readers_not_the_computations(kochi_day):
    assert month_line(kochi_day, "malayalam", "ml") == "ചിങ്ങം 4, കൊല്ലവർഷം 1201"
    assert month_line(kochi_day, "malayalam", "en") == "Chingam 4, Kollam 1201"
    assert month_line(kochi_day, "malayalam", "sa") == "सिंह 4, कोल्लम 1201"


def test_a_day_stored_before_the_calendars_gets_the_purnimanta_line(kochi_day):
    older = {key: value for key, value in kochi_day.items() if key != "calendars"}
    assert month_line(older, "tamil", "en") is None
    assert (
        render_daily(older, "en", calendar="tamil").parameters[7]
        == render_daily(kochi_day, "en", calendar="purnimanta").parameters[7]
    )


def test_every_text_language_has_the_lines_words():
    assert set(CALENDAR_WORDS) == set(languages.text_languages())
    keys = set(CALENDAR_WORDS["en"])
    assert all(set(words) == keys for words in CALENDAR_WORDS.values())


def test_the_registry_names_every_calendar_in_every_text_language():
    assert languages.CALENDARS == CHOICES
    assert set(commands.CALENDAR_NAMES) == set(languages.text_languages())
    for table in commands.CALENDAR_NAMES.values():
        assert tuple(table) == CHOICES and all(table.values())
    # No word names two calendars.
    words = [
        languages.normal(n) for t in commands.CALENDAR_NAMES.values() for v in t.values() for n in v
    ]
    assert {languages.calendar_words()[word] for word in words} <= set(CHOICES)
    for table in commands.CALENDAR_NAMES.values():
        for value, names in table.items():
            assert all(languages.calendar_words()[languages.normal(n)] == value for n in names)
