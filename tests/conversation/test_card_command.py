"""``card off`` / ``card on`` (issue 27): a subscriber turns the day's picture off and on, in
any of the ten languages' words; the help names the command in each. Real databases, the
handler called directly."""

from __future__ import annotations

import pytest

from lokpanchang import languages
from lokpanchang.conversation.commands import Ask, Command, parse
from lokpanchang.messages import reply
from tests.conversation.test_dialogue import NOW, say, share, subscriber

# (a word that switches to the language, "card off" and "card on" as a reader of it writes them)
IN_EVERY_LANGUAGE = {
    "en": ("english", "card off", "Card On"),
    "hi": ("हिंदी", "कार्ड बंद", "कार्ड चालू"),
    "sa": ("संस्कृतम्", "कार्ड बंद", "कार्ड चालू"),
    "ta": ("தமிழ்", "கார்டு நிறுத்து", "அட்டை ஆன்"),
    "te": ("తెలుగు", "కార్డు ఆఫ్", "కార్డు ఆన్"),
    "kn": ("ಕನ್ನಡ", "ಕಾರ್ಡ್ ಆಫ್", "ಕಾರ್ಡ್ ಆನ್"),
    "ml": ("മലയാളം", "കാർഡ് ഓഫ്", "കാർഡ് ഓൺ"),
    "mr": ("मराठी", "कार्ड बंद", "कार्ड चालू"),
    "gu": ("ગુજરાતી", "કાર્ડ બંધ", "કાર્ડ ચાલુ"),
    "bn": ("বাংলা", "কার্ড বন্ধ", "কার্ড চালু"),
}
TODAY = NOW.date()


def test_every_language_is_covered():
    assert set(IN_EVERY_LANGUAGE) == set(languages.CODES)


@pytest.mark.parametrize("language", languages.CODES)
def test_the_words_of_every_language_parse_to_card_off_and_on(language):
    _, off, on = IN_EVERY_LANGUAGE[language]
    assert parse(off, TODAY) == Command(Ask.CARD, False)
    assert parse(on, TODAY) == Command(Ask.CARD, True)


def test_card_alone_asks_how_and_another_word_is_named_back():
    assert parse("card", TODAY) == Command(Ask.CARD, None)
    assert parse("card maybe", TODAY) == Command(Ask.BAD_VALUE, "card", "maybe")


@pytest.mark.parametrize("language", languages.CODES)
def test_card_off_and_on_in_every_language_is_stored_and_answered_in_it(database_url, language):
    switch, off, on = IN_EVERY_LANGUAGE[language]
    share(database_url)
    say(database_url, switch)
    assert subscriber(database_url).card_off is False  # the picture comes unless they say so
    assert say(database_url, off) == [reply("card_off", language)]
    assert subscriber(database_url).card_off is True
    assert say(database_url, on) == [reply("card_on", language)]
    assert subscriber(database_url).card_off is False


@pytest.mark.parametrize("language", languages.CODES)
def test_the_help_names_card_off_and_on_in_the_readers_words(language):
    _, off, on = IN_EVERY_LANGUAGE[language]
    help_text = reply("help", language)
    card = languages.command_word(language, "card")
    assert f"{card} {languages.card_switch_word(language, False)}" in help_text
    assert f"{card} {languages.card_switch_word(language, True)}" in help_text


def test_a_stranger_is_asked_for_their_location_first(database_url):
    assert say(database_url, "card off") == [reply("need_location", "en")]
