"""Every subscriber language gets a body of its own, with the same placeholders and rules."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.almanac.names import SUPPORTED_LANGUAGES, scripts
from lokpanchang.conversation.handling import HELP_WORDS, STOP_WORDS
from lokpanchang.delivery.whatsapp import LANGUAGE_CODES, language_code
from lokpanchang.messages import (
    DAILY_TEMPLATE_BODIES,
    check_daily,
    render_daily,
    template_body,
)
from lokpanchang.messages.languages import MONTHS, WORDS
from lokpanchang.messages.rules import (
    MAX_BODY_CHARS,
    TemplateRuleError,
    check_body,
    parameter_problem,
)

PLACEHOLDER = re.compile(r"\{\{\d+\}\}")
LATIN = re.compile(r"[A-Za-z]")
INDIC = sorted(set(DAILY_TEMPLATE_BODIES) - {"en"})
# A real place name of 58 letters, and one far past any limit (forces the body's budget).
LONG_PLACES = (
    "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch, Wales",
    "Kanchipuram " * 120,
)
# Ujjain on 29 Nov 2026 (the fixtures' day); Tromsø at midsummer (no sunset: the polar rule);
# Ujjain on 17 May 2026, in the adhika Jyeshtha of Vikram Samvat 2083.
DAYS = (
    (23.18, 75.78, "Asia/Kolkata", date(2026, 11, 29), "Ujjain"),
    (69.65, 18.96, "Europe/Oslo", date(2026, 6, 21), "Tromsø"),
    (23.18, 75.78, "Asia/Kolkata", date(2026, 5, 17), "Ujjain"),
)


@pytest.fixture(scope="module")
def days():
    return [
        generate_panchangam_with_timezone(lat, lon, zone, day, city=city)
        for lat, lon, zone, day, city in DAYS
    ]


@pytest.mark.parametrize("language", sorted(LANGUAGE_CODES))
def test_every_subscriber_language_is_rendered_with_its_own_body(language):
    assert template_body(language) == DAILY_TEMPLATE_BODIES[language]


def test_every_almanac_language_has_a_body_sent_under_a_code_meta_knows():
    assert set(SUPPORTED_LANGUAGES) == set(LANGUAGE_CODES) == set(DAILY_TEMPLATE_BODIES)
    # Meta has no Sanskrit: its body is sent under Hindi's code (docs/whatsapp.md says so).
    assert {language_code(language) for language in SUPPORTED_LANGUAGES} == set(
        DAILY_TEMPLATE_BODIES
    ) - {"sa"}


@pytest.mark.parametrize("language", sorted(DAILY_TEMPLATE_BODIES))
def test_each_body_has_the_same_placeholders_in_the_same_order_and_shape(language):
    body, english = DAILY_TEMPLATE_BODIES[language], DAILY_TEMPLATE_BODIES["en"]
    assert PLACEHOLDER.findall(body) == [f"{{{{{n}}}}}" for n in range(1, 9)]
    assert [bool(line) for line in body.split("\n")] == [bool(line) for line in english.split("\n")]
    assert [PLACEHOLDER.findall(line) for line in body.split("\n")] == [
        PLACEHOLDER.findall(line) for line in english.split("\n")
    ]


@pytest.mark.parametrize("language", sorted(DAILY_TEMPLATE_BODIES))
def test_each_body_ends_with_the_keywords_the_conversation_understands(language):
    closing = DAILY_TEMPLATE_BODIES[language].split("\n")[-1]
    assert "HELP" in closing and "STOP" in closing
    assert "help" in HELP_WORDS and "stop" in STOP_WORDS  # matched case-insensitively


@pytest.mark.parametrize("language", sorted(LANGUAGE_CODES))
def test_a_real_panchangam_renders_within_the_rules_at_long_place_names(days, language):
    for day in days:
        for place in LONG_PLACES:
            rendered = render_daily(day, language, place)
            assert check_daily(rendered) == rendered.text
            assert len(rendered.text) <= MAX_BODY_CHARS
            assert len(rendered.parameters) == 8
            assert [p for p in rendered.parameters if parameter_problem(p)] == []


@pytest.mark.parametrize(
    "language, heading",
    [
        ("hi", "रविवार 29 नवंबर 2026, Ujjain"),
        ("ta", "ஞாயிறு 29 நவம்பர் 2026, Ujjain"),
        ("bn", "রবিবার 29 নভেম্বর 2026, Ujjain"),
        ("sa", "रविवासरः 29 नवम्बर 2026, Ujjain"),
        ("en", "Sunday 29 Nov 2026, Ujjain"),
    ],
)
def test_the_heading_date_names_the_month_in_the_readers_language(days, language, heading):
    assert render_daily(days[0], language).parameters[0] == heading


def test_the_tamil_message_joins_elements_with_tamil_words(days):
    parameters = render_daily(days[0], "ta").parameters
    assert " வரை" in parameters[1] and ", பிறகு " in parameters[1]
    assert parameters[7].startswith(f"மார்க்கசிரம், {WORDS['ta']['samvat']} 2083 ")


@pytest.mark.parametrize("language", INDIC)
def test_names_and_connecting_words_have_no_latin_letters(days, language):
    parameters = render_daily(days[0], language).parameters
    assert [p for p in parameters[1:5] + parameters[7:] if LATIN.search(p)] == []


@pytest.mark.parametrize("language", ["ta", "te", "kn", "ml"])
def test_the_era_is_written_as_the_almanac_writes_sanskrit(language):
    assert WORDS[language]["samvat"] == scripts.to_script("विक्रम संवत्", language)


def test_every_language_has_words_and_twelve_months():
    assert set(WORDS) == set(MONTHS) == set(DAILY_TEMPLATE_BODIES)
    assert all("{name}" in w["until"] and "{time}" in w["until"] for w in WORDS.values())
    assert {len(months) for months in MONTHS.values()} == {12}


@pytest.mark.parametrize("language", INDIC)
def test_month_names_are_the_locale_datas(language):
    """Source: glibc's locale sources, field ``mon`` (CLDR-derived)."""
    source = Path(f"/usr/share/i18n/locales/{language}_IN")
    if not source.exists():
        pytest.skip(f"{source} is not installed")
    text = source.read_text(encoding="utf-8", errors="replace")
    field = re.search(r"^mon\s+(.*?)\n(?=\S)(?!\")", text, re.MULTILINE | re.DOTALL).group(1)
    names = [
        re.sub(r"<U([0-9A-F]{4})>", lambda m: chr(int(m.group(1), 16)), name)
        for name in re.findall(r'"([^"]*)"', field)
    ]
    assert tuple(names) == MONTHS[language]


@pytest.mark.parametrize("language", sorted(DAILY_TEMPLATE_BODIES))
def test_the_docs_list_every_body_to_register_verbatim(language):
    docs = (Path(__file__).resolve().parents[2] / "docs" / "whatsapp.md").read_text(
        encoding="utf-8"
    )
    assert f"(`{language}`):\n\n```\n{DAILY_TEMPLATE_BODIES[language]}\n```" in docs


@pytest.mark.parametrize("language", sorted(DAILY_TEMPLATE_BODIES))
def test_every_body_is_one_meta_accepts(language):
    assert check_body(DAILY_TEMPLATE_BODIES[language]) == DAILY_TEMPLATE_BODIES[language]


@pytest.mark.parametrize(
    "body", ["{{1}} का पंचांग\n\nतिथि: {{2}}", "Panchangam for {{1}}\n", "x {{2}} y"]
)
def test_a_body_meta_would_refuse_is_named(body):
    with pytest.raises(TemplateRuleError, match="placeholder"):
        check_body(body)
