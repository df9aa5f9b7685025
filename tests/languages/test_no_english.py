"""Everything in the reader's language (issue 14, item 5): no English word is left in the
message or a reply of any other language. The public page is checked in tests/web."""

from __future__ import annotations

from datetime import date

import pytest

from lokpanchang import languages
from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.messages import render_daily, reply
from lokpanchang.messages.places import place_label, zone_label
from lokpanchang.messages.replies import reply_kinds
from tests.languages.english import LINK, REPLY_VALUES, english_words, readable_text

NOT_ENGLISH = [code for code in languages.CODES if code != "en"]
# Ordinary, adhika month, polar day, polar night, a sunrise without a sunset, and the sea
# point whose town is 1,797 km away.
DAYS = {
    "ujjain": (23.18, 75.78, "Asia/Kolkata", date(2026, 11, 29), "Ujjain", 1.0),
    "adhika": (23.18, 75.78, "Asia/Kolkata", date(2026, 5, 17), "Ujjain", 1.0),
    "polar day": (69.65, 18.96, "Europe/Oslo", date(2026, 6, 21), "Tromsø", 0.2),
    "polar night": (69.65, 18.96, "Europe/Oslo", date(2026, 12, 21), "Tromsø", 0.2),
    "no sunset": (69.65, 18.96, "Europe/Oslo", date(2026, 5, 17), "Tromsø", 0.2),
    "at sea": (30.0, -140.0, "Etc/GMT+9", date(2026, 12, 21), "Sea Ranch", 1797.2),
}


@pytest.fixture(scope="module")
def panchangams():
    return {
        name: generate_panchangam_with_timezone(lat, lon, zone, day, city=city)
        for name, (lat, lon, zone, day, city, _) in DAYS.items()
    }


def test_the_check_finds_an_english_word_and_spares_names_brands_and_keywords():
    assert english_words("திதி: Tithi till 06:01", ["Ujjain"]) == ["Tithi", "till"]
    assert english_words("Ujjain, WhatsApp, STOP, UTC−09:00 திதி", ["Ujjain"]) == []
    assert readable_text('<p title="Sunrise">உதயம்</p><input value="Pune">') == "Sunrise\nஉதயம்"


@pytest.mark.parametrize("name", DAYS)
@pytest.mark.parametrize("language", NOT_ENGLISH)
def test_no_english_word_is_left_in_the_daily_message(panchangams, name, language):
    *_, city, distance = DAYS[name]
    text = render_daily(panchangams[name], language, city, distance).text
    assert english_words(text, [city]) == [], text


@pytest.mark.parametrize("kind", reply_kinds())
@pytest.mark.parametrize("language", NOT_ENGLISH)
def test_no_english_word_is_left_in_a_reply(language, kind):
    place, zone = place_label("Sea Ranch", 1797.2, language), zone_label("Etc/GMT+9")
    text = reply(kind, language, place=place, timezone=zone, **REPLY_VALUES)
    # The help lists the languages by their own names, English among them.
    assert english_words(text, ["Sea Ranch", "English", LINK]) == [], text


def test_the_english_message_does_have_the_labels_the_others_must_not():
    day = generate_panchangam_with_timezone(23.18, 75.78, "Asia/Kolkata", date(2026, 11, 29))
    found = set(english_words(render_daily(day, "en", "Ujjain").text))
    assert {"Tithi", "Nakshatra", "Yoga", "Karana", "Sunrise", "Sunset", "till", "then"} <= found


@pytest.mark.parametrize("name", ["ujjain", "adhika", "polar night"])
@pytest.mark.parametrize("language", NOT_ENGLISH)
def test_no_english_word_is_left_in_the_observance_message(panchangams, name, language):
    *_, city, distance = DAYS[name]
    text = render_daily(panchangams[name], language, city, distance, version=2).text
    assert english_words(text, [city]) == [], text


@pytest.mark.parametrize("language", NOT_ENGLISH)
def test_no_english_word_is_left_on_an_ekadashi_and_its_parana(language):
    for day in (date(2026, 12, 20), date(2026, 12, 21), date(2026, 11, 7)):
        found = generate_panchangam_with_timezone(28.6358, 77.2245, "Asia/Kolkata", day)
        text = render_daily(found, language, "New Delhi", 0.0, version=2).text
        assert english_words(text, ["New Delhi"]) == [], text
