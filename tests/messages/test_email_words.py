"""The e-mail channel's words exist in every text language of the registry, with English's
keys and placeholders, in the language's own script (issue 26 item 3)."""

from __future__ import annotations

import re
import string

import pytest

from lokpanchang import languages
from lokpanchang.messages.email_words import EMAIL_WORDS, email_words

LATIN = re.compile(r"[A-Za-z]")
INDIC_TEXTS = [code for code in languages.text_languages() if code != "en"]


def placeholders(text: str) -> list[str]:
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name)


@pytest.mark.parametrize("code", INDIC_TEXTS)
def test_every_text_language_has_every_email_word_with_englishs_placeholders(code):
    english, own = EMAIL_WORDS["en"], EMAIL_WORDS.get(code, {})
    missing = sorted(key for key in english if not own.get(key, "").strip())
    assert missing == [], f"email_words {code} lacks {missing}"
    assert set(own) == set(english)
    assert {key: placeholders(value) for key, value in own.items()} == {
        key: placeholders(value) for key, value in english.items()
    }


@pytest.mark.parametrize("code", INDIC_TEXTS)
def test_no_email_word_of_an_indian_language_has_a_latin_letter(code):
    own = EMAIL_WORDS.get(code, {})
    found = {k: v for k, v in own.items() if LATIN.search(re.sub(r"\{\w+\}", "", v))}
    assert found == {}


@pytest.mark.parametrize("code", INDIC_TEXTS)
def test_a_reader_gets_their_own_languages_email_words(code):
    assert email_words(code)["subject"] != EMAIL_WORDS["en"]["subject"]
