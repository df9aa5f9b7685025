"""Every name in a daily message is in the subscriber's language where the almanac has one."""

from __future__ import annotations

import re
from datetime import date

import pytest

from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.almanac.names import label
from lokpanchang.messages import render_daily

LATIN = re.compile(r"[A-Za-z]")


@pytest.fixture(scope="module")
def day():
    return generate_panchangam_with_timezone(
        23.18, 75.78, "Asia/Kolkata", date(2026, 11, 29), city="Ujjain"
    )


@pytest.mark.parametrize("language", ["hi", "ta"])
def test_the_samvatsara_and_month_are_named_in_the_subscribers_language(day, language):
    month_and_year = render_daily(day, language).parameters[7]
    number = day.samvat.samvatsara.number
    assert label("samvatsara", number, language) in month_and_year
    assert label("samvatsara", number, "en") not in month_and_year
    assert month_and_year.startswith(label("masa", day.masa.purnimanta.number, language))


def test_a_hindi_message_has_no_latin_letters_in_its_names(day):
    parameters = render_daily(day, "hi").parameters
    assert "पराभव" in parameters[7]  # Vikram Samvat 2083, as the public page shows it
    assert [p for p in parameters[1:5] + parameters[7:] if LATIN.search(p)] == []


def test_a_stored_day_names_the_samvatsara_like_the_live_one(day):
    for language in ("en", "hi", "ta"):
        assert render_daily(day.to_dict(), language) == render_daily(day, language)
