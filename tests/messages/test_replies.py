"""Every almanac language gets the conversation's replies in its own script, filled alike."""

from __future__ import annotations

import re
import string
import unicodedata

import pytest

from lokpanchang.almanac.names import SUPPORTED_LANGUAGES
from lokpanchang.conversation.commands import keyword as _keyword
from lokpanchang.conversation.handling import LANGUAGE_WORDS
from lokpanchang.messages import reply
from lokpanchang.messages.languages import DAILY_TEMPLATE_BODIES
from lokpanchang.messages.replies import (
    MAX_REPLY_CHARS,
    MENU_ORDER,
    language_menu,
    reply_kinds,
    reply_language,
    reply_template,
)
from tests.languages.english import REPLY_VALUES

SAMPLE = {
    **REPLY_VALUES,
    "place": "Ujjain",
    "timezone": "Asia/Kolkata",
    "next": "2 12 2026 06:56",
    "calendar": "Tamil",
    "line": "Chithirai 7",
}
# The brand and the keywords the conversation matches in every language stay in Latin letters.
KEYWORDS = re.compile(r"\b(START|STOP|HELP|Lokpanchang)\b")
LATIN = re.compile(r"[A-Za-z]")
# The script each language's replies are written in (Unicode character names start with it).
SCRIPTS = {
    "en": "LATIN",
    "hi": "DEVANAGARI",
    "sa": "DEVANAGARI",
    "mr": "DEVANAGARI",
    "ta": "TAMIL",
    "te": "TELUGU",
    "kn": "KANNADA",
    "ml": "MALAYALAM",
    "gu": "GUJARATI",
    "bn": "BENGALI",
}
INDIC = [language for language in SUPPORTED_LANGUAGES if language != "en"]
KINDS = reply_kinds()


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def letters_scripts(text: str) -> set[str]:
    """The scripts of the letters and vowel signs in ``text`` (digits, punctuation ignored)."""
    return {unicodedata.name(ch).split()[0] for ch in text if unicodedata.category(ch)[0] in "LM"}


def test_every_almanac_language_has_a_script_here():
    assert set(SUPPORTED_LANGUAGES) == set(SCRIPTS)


def test_every_language_has_replies_of_its_own_sanskrit_too():
    assert {language: reply_language(language) for language in SUPPORTED_LANGUAGES} == {
        language: language for language in DAILY_TEMPLATE_BODIES
    }
    assert reply_language("xx") == "en"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
def test_every_reply_has_the_english_placeholders_and_fills_without_error(language, kind):
    assert placeholders(reply_template(kind, language)) == placeholders(reply_template(kind, "en"))
    text = reply(kind, language, **SAMPLE)
    assert "{" not in text and "}" not in text
    assert len(text) <= MAX_REPLY_CHARS


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
def test_every_reply_is_written_in_its_languages_script(language, kind):
    words = KEYWORDS.sub("", re.sub(r"\{\w+\}", "", reply_template(kind, language)))
    assert letters_scripts(words) == {SCRIPTS[language]}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("language", INDIC)
def test_indic_replies_have_latin_letters_only_in_keywords_and_filled_values(language, kind):
    text = reply(kind, language, **SAMPLE)
    for value in (*SAMPLE.values(), "English"):
        text = text.replace(value, "")
    assert not LATIN.search(KEYWORDS.sub("", text)), text


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
def test_the_help_and_the_confirmation_keep_the_keywords_in_latin_letters(language):
    assert {"START", "STOP", "HELP"} <= set(KEYWORDS.findall(reply("help", language)))
    assert "STOP" in reply("subscribed", language, **SAMPLE)
    assert "START" in reply("unsubscribed", language)


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
def test_every_language_the_help_lists_is_one_the_handler_switches_to(language):
    menu = language_menu(language)
    assert [LANGUAGE_WORDS.get(_keyword(name)) for name in menu] == list(MENU_ORDER)
    assert ", ".join(menu) in reply("help", language)


def test_each_language_is_named_as_its_reader_writes_it():
    assert reply("language_set", "en") == "Done: your panchangam will come in English."
    assert reply("language_set", "ta") == "சரி: இனி உங்கள் பஞ்சாங்கம் தமிழ் மொழியில் வரும்."
    assert reply("language_set", "hi") == "ठीक है: आपका पंचांग अब हिंदी में आएगा।"
    assert reply("language_set", "sa") == "अस्तु: इतः परं भवतः पञ्चाङ्गं संस्कृतम् इति भाषायाम् आगमिष्यति।"
    assert reply("language_set", "xx") == "Done: your panchangam will come in xx."


def test_the_help_lists_english_names_in_english_and_native_names_elsewhere():
    assert "(English, Hindi, Tamil," in reply("help", "en")
    assert "English, हिंदी, தமிழ், తెలుగు, ಕನ್ನಡ, മലയാളം, मराठी, ગુજરાતી, বাংলা, संस्कृतम्" in reply(
        "help", "bn"
    )


@pytest.mark.parametrize("language", sorted(DAILY_TEMPLATE_BODIES))
def test_the_help_uses_the_daily_messages_words_for_the_panchangam_and_stop(language):
    body, text = DAILY_TEMPLATE_BODIES[language], reply("help", language)
    assert body.split()[0].rstrip(":").lower() in text.lower()  # the panchangam's name
    if language != "en":  # "..., <unsubscribe> STOP ..." as the body's closing line says it
        assert re.search(r"HELP, (.+? STOP)", body).group(1) in text


def test_the_confirmation_names_the_place_and_zone():
    text = reply("subscribed", "bn", place="Pune", timezone="Asia/Kolkata", when="06:30")
    assert "Pune" in text and "Asia/Kolkata" in text
