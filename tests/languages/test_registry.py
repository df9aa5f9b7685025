"""The one language registry: every layer's language facts come from it, and agree."""

from __future__ import annotations

import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

import lokpanchang
from lokpanchang import languages
from lokpanchang.almanac.names import SUPPORTED_LANGUAGES, scripts
from lokpanchang.conversation.handling import HELP_WORDS, LANGUAGE_WORDS, START_WORDS, STOP_WORDS
from lokpanchang.delivery.whatsapp import LANGUAGE_CODES, language_code
from lokpanchang.messages.languages import DAILY_TEMPLATE_BODIES
from lokpanchang.subscribers import LANGUAGES

SRC = Path(lokpanchang.__file__).resolve().parent
LATIN = re.compile(r"[A-Za-z]")
INDIC_TEXTS = [code for code in languages.text_languages() if code != "en"]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_layer_lists_the_registrys_languages_in_its_order():
    assert languages.CODES == ("en", "hi", "sa", "ta", "te", "kn", "ml", "mr", "gu", "bn")
    assert SUPPORTED_LANGUAGES == LANGUAGES == languages.CODES
    assert tuple(LANGUAGE_CODES) == languages.CODES


def test_sanskrit_reads_its_own_words_and_is_sent_under_hindis_template_code():
    assert {code: languages.reads(code) for code in languages.CODES} == {
        code: code for code in languages.CODES
    }
    assert language_code("sa") == "hi" and language_code("xx") == "en"
    assert set(LANGUAGE_CODES.values()) == set(languages.CODES) - {"sa"}
    assert set(DAILY_TEMPLATE_BODIES) == set(languages.WORDS) == set(languages.CODES)


def test_hindi_is_spelled_one_way_and_every_native_name_once():
    natives = [row.native_name for row in languages.LANGUAGES]
    assert languages.language("hi").native_name == "हिंदी"
    assert len(set(natives)) == len(natives)


def test_no_other_module_keeps_a_table_of_language_names():
    natives = {row.native_name for row in languages.LANGUAGES} - {"English"}
    tables = [
        path.relative_to(SRC).as_posix()
        for path in SRC.rglob("*.py")
        if "languages" not in path.relative_to(SRC).parts
        and sum(name in path.read_text(encoding="utf-8") for name in natives) >= 2
    ]
    assert tables == []


def test_the_conversation_reads_its_words_from_the_registry():
    assert {word for row in languages.LANGUAGES for word in row.start_words} == START_WORDS
    assert {"start", "hi", "hello", "namaste", "नमस्ते", "வணக்கம்", "নমস্কার"} <= START_WORDS
    assert {"stop", "unsubscribe", "cancel", "quit", "बंद", "रोको", "நிறுத்து"} <= STOP_WORDS
    assert {"help", "मदद", "सहायता", "உதவி"} <= HELP_WORDS
    # Every text language greets, stops and asks for help in its own words.
    for code in languages.text_languages():
        row = languages.language(code)
        assert row.start_words and row.stop_words and row.help_words, code
    assert LANGUAGE_WORDS["हिन्दी"] == LANGUAGE_WORDS["हिंदी"] == LANGUAGE_WORDS["hindi"] == "hi"
    assert {LANGUAGE_WORDS[row.native_name.casefold()] for row in languages.LANGUAGES} == set(
        languages.CODES
    )


@pytest.mark.parametrize(
    "text, language",
    [
        ("नमस्ते", "hi"),
        ("வணக்கம்", "ta"),
        ("నమస్కారం", "te"),
        ("ನಮಸ್ಕಾರ", "kn"),
        ("നമസ്കാരം", "ml"),
        ("નમસ્તે", "gu"),
        ("নমস্কার", "bn"),
        ("hello", None),
        ("42", None),
    ],
)
def test_a_script_suggests_its_first_language(text, language):
    assert languages.language_of_script(text) == language


def test_an_unknown_code_is_named_with_the_supported_ones():
    with pytest.raises(ValueError, match=r"unknown language 'xx'; supported: en, hi, sa"):
        languages.language("xx")


@pytest.mark.parametrize("code", INDIC_TEXTS)
def test_every_text_language_has_the_english_words_and_placeholders(code):
    english, words = languages.WORDS["en"], languages.WORDS[code]
    assert set(words) == set(english)
    assert {key: placeholders(value) for key, value in words.items()} == {
        key: placeholders(value) for key, value in english.items()
    }
    assert len(languages.MONTHS[code]) == 12


@pytest.mark.parametrize("code", INDIC_TEXTS)
def test_no_indian_language_word_has_a_latin_letter(code):
    found = {
        key: value
        for key, value in languages.WORDS[code].items()
        if LATIN.search(re.sub(r"\{\w+\}", "", value))
    }
    assert found == {}


@pytest.mark.parametrize("code", sorted(DAILY_TEMPLATE_BODIES))
def test_the_template_bodies_use_the_registrys_labels(code):
    body, words = DAILY_TEMPLATE_BODIES[code], languages.WORDS[code]
    for key, placeholder in [("tithi", 2), ("nakshatra", 3), ("yoga", 4), ("karana", 5)]:
        assert f"\n{words[key]}: {{{{{placeholder}}}}}\n" in body
    assert f"\n{words['sunrise']} / {words['sunset']}: {{{{6}}}}\n" in body
    # Tamil names Gowri Panchangam's Nalla Neram beside Rahu Kalam (issue 25 item 4).
    nalla = " / நல்ல நேரம்" if code == "ta" else ""
    assert f"\n{words['rahu_kalam']}{nalla}: {{{{7}}}}\n" in body
    assert f"\n{words['masa']} / " in body


@pytest.mark.parametrize("code", ["ta", "te", "kn", "ml"])
def test_the_eras_are_written_as_the_almanac_writes_sanskrit(code):
    assert languages.WORDS[code]["samvat"] == scripts.to_script("विक्रम संवत्", code)
    assert languages.WORDS[code]["shaka"] == scripts.to_script("शक संवत्", code)


def test_importing_the_registry_loads_the_standard_library_alone():
    probe = (
        "import sys; before = set(sys.modules); import lokpanchang.languages; "
        "new = {m for m in set(sys.modules) - before}; "
        "print(sorted({m.split('.')[0] for m in new} - set(sys.stdlib_module_names)), "
        "sorted(m for m in new if m.startswith('lokpanchang.') and "
        "not m.startswith('lokpanchang.languages')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        env={"PYTHONPATH": str(SRC.parent)},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.strip() == "['lokpanchang'] []"
