"""Sanskrit, Tamil and Malayalam messages hold no string of another language (issue 25,
acceptance): no Hindi-only word in the Sanskrit message, no English word in the Tamil one.

The rule: a word (a run of letters and marks) of a text written for a reader of language L
is foreign when it is a word of another language's tables (``tests/languages/tables``) or
of the almanac's names in another language, and is none of L's own: not in L's tables, not
in the almanac's names in L. A word two languages share (तिथि is Hindi and Sanskrit) is
therefore legitimate. Not words of any table and so never foreign: the place's and zone's
names, digits and times, the brand and the keywords START/STOP/HELP, which every language
keeps in Latin letters and which every table holds.
"""

from __future__ import annotations

from datetime import date

import pytest

from lokpanchang import languages
from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.messages import render_daily, reply
from lokpanchang.messages.places import place_label, zone_label
from lokpanchang.messages.replies import reply_kinds
from tests.languages.english import LINK, REPLY_VALUES
from tests.languages.tables import tokens, vocabulary
from tests.languages.test_no_english import DAYS as ENGLISH_CHECKED_DAYS

CHECKED = ("sa", "ta", "ml")
KEPT_EVERYWHERE = frozenset(("Lokpanchang", "START", "STOP", "HELP"))
DELHI = (28.6358, 77.2245, "Asia/Kolkata")
DAYS = {
    **ENGLISH_CHECKED_DAYS,
    "ekadashi": (*DELHI, date(2026, 12, 20), "New Delhi", 0.0),
    "parana": (*DELHI, date(2026, 12, 21), "New Delhi", 0.0),
    "utpanna": (*DELHI, date(2026, 11, 5), "New Delhi", 0.0),
}


def foreign_words(text: str, language: str, allowed: tuple[str, ...] = ()) -> dict[str, list]:
    """Each foreign word of ``text`` (for a reader of ``language``) -> the languages it is
    a word of; ``allowed`` (place and zone names) is taken out first."""
    for value in allowed:
        text = text.replace(value, " ")
    own = vocabulary(language) | KEPT_EVERYWHERE
    found: dict[str, list] = {}
    for word in tokens(text):
        if word in own:
            continue
        others = [code for code in languages.CODES if word in vocabulary(code)]
        if others:
            found[word] = others
    return found


@pytest.fixture(scope="module")
def panchangams():
    return {
        name: generate_panchangam_with_timezone(lat, lon, zone, day, city=city)
        for name, (lat, lon, zone, day, city, _) in DAYS.items()
    }


def test_the_check_finds_hindi_in_sanskrit_and_english_in_tamil_and_spares_shared_words():
    assert foreign_words("तिथिः: कृष्ण षष्ठी 01:46 तक, फिर सप्तमी", "sa") == {
        "तक": ["hi"],
        "फिर": ["hi"],
    }
    assert foreign_words("திதி: Tithi 06:01 வரை", "ta") == {"Tithi": ["en"]}
    assert foreign_words("തിഥി: Ujjain, STOP", "ml", ("Ujjain",)) == {}


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize("name", DAYS)
@pytest.mark.parametrize("language", CHECKED)
def test_the_daily_message_has_no_word_of_another_language(panchangams, name, language, version):
    *_, city, distance = DAYS[name]
    text = render_daily(panchangams[name], language, city, distance, version=version).text
    assert foreign_words(text, language, (city,)) == {}, text


@pytest.mark.parametrize("kind", reply_kinds())
@pytest.mark.parametrize("language", CHECKED)
def test_no_reply_has_a_word_of_another_language(language, kind):
    place, zone = place_label("Sea Ranch", 1797.2, language), zone_label("Etc/GMT+9")
    text = reply(kind, language, place=place, timezone=zone, **REPLY_VALUES)
    # The help lists every language by its own name; those names are not our words.
    names = tuple(row.native_name for row in languages.LANGUAGES)
    allowed = ("Sea Ranch", zone, LINK, "WhatsApp", *names)
    assert foreign_words(text, language, allowed) == {}, text
