"""Sanskrit reads its own words (issue 25 item 1): the message joins elements with
पर्यन्तम् and ततः, and every command the Sanskrit help names is one the handler obeys."""

from __future__ import annotations

from datetime import date

import pytest

from lokpanchang import languages
from lokpanchang.conversation.commands import Ask, parse
from lokpanchang.messages import reply

TODAY = date(2026, 12, 6)


# Labels as a Sanskrit panchanga writes them: the Markdown writer of the sanskrit-coders'
# panchanga generator (github.com/jyotisham/jyotisha, jyotisha/panchaanga/writer/md/
# day_details.py at commit 0690272e68c4dd64f76fccf854b035973cb6e354) labels its lines
# "सूर्योदयः", "चन्द्रोदयः", "चन्द्रास्तमयः". We keep चन्द्रास्तः, the same word's shorter form
# (अस्त, अस्तमय: setting), beside सूर्यास्तः. The other Sanskrit words of the message
# (पर्यन्तम्, ततः, the kalam names) were not found in a Sanskrit panchanga and stay unchecked.
SANSKRIT_LABELS = {"sunrise": "सूर्योदयः", "moonrise": "चन्द्रोदयः", "moonset": "चन्द्रास्तमयः"}
SANSKRIT_LABELS_KEPT = {"moonset": ("चन्द्रास्तः", "the shorter form, beside our सूर्यास्तः")}


@pytest.mark.parametrize("key", sorted(SANSKRIT_LABELS))
def test_the_labels_are_a_sanskrit_panchangas(key):
    expected = SANSKRIT_LABELS_KEPT.get(key, (SANSKRIT_LABELS[key],))[0]
    assert languages.words("sa")[key] == expected


def test_the_connecting_words_are_sanskrit():
    assert languages.words("sa")["until"] == "{name} {time} पर्यन्तम्"
    assert languages.words("sa")["then"] == "ततः"


@pytest.mark.parametrize(
    "text, ask",
    [
        ("अद्य", Ask.TODAY),
        ("श्वः", Ask.TOMORROW),
        ("ह्यः", Ask.YESTERDAY),
        ("समयः 05:45", Ask.TIME),
        ("सूर्योदयः+30", Ask.SUNRISE),
        ("स्थितिः", Ask.STATUS),
        ("आगामिनी एकादशी", Ask.EKADASHI),
        ("उत्सवाः", Ask.FESTIVALS),
        ("विरामः 7", Ask.PAUSE),
        ("अपनय", Ask.DELETE),
        ("दिनदर्शिका तमिळ्", Ask.CALENDAR),
        ("25 दिसम्बर", Ask.DATE),
    ],
)
def test_the_sanskrit_help_names_commands_the_handler_obeys(text, ask):
    named = text.replace("आगामिनी ", "").split("+")[0].split()[0]  # "next" is optional
    assert named in reply("help", "sa") or ask is Ask.YESTERDAY  # help names no yesterday
    assert parse(text, TODAY).ask is ask
