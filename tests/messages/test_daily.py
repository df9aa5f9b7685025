from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lokpanchang.messages import (
    DAILY_TEMPLATE_BODIES,
    DAILY_TEMPLATE_BODY,
    TemplateRuleError,
    check_daily,
    check_rendering,
    render_daily,
)
from lokpanchang.messages.rules import MAX_BODY_CHARS, parameter_problem
from tests.messages.fixtures import ujjain_day


def test_it_renders_the_day_into_eight_single_line_parameters():
    rendered = render_daily(ujjain_day(), "en")
    assert len(rendered.parameters) == 8
    assert rendered.parameters[0] == "Sunday 29 Nov 2026, Ujjain"
    assert rendered.parameters[1] == "Shukla Dashami till 21:14, then Shukla Ekadashi"
    assert rendered.parameters[2] == "Uttara Bhadrapada (3) till 02:40 (+1)"
    assert rendered.parameters[5] == "06:52 / 17:39"
    assert rendered.parameters[6] == "16:18-17:39"
    assert rendered.parameters[7] == "Margashirsha, Vikram Samvat 2083 Parabhava"


def test_its_plain_text_is_the_template_body_filled_in():
    rendered = render_daily(ujjain_day(), "en")
    assert rendered.text.startswith("Panchangam for Sunday 29 Nov 2026, Ujjain\n")
    assert "Rahu Kalam: 16:18-17:39" in rendered.text
    assert "{{" not in rendered.text


def test_with_the_almanac_names_come_from_its_tables_by_number():
    from lokpanchang.almanac import names

    rendered = render_daily(ujjain_day(), "hi")
    assert rendered.parameters[0].startswith(names.label("vara", 1, "hi"))
    assert rendered.parameters[1].startswith(names.label("tithi", 10, "hi"))
    assert rendered.parameters[2].startswith(names.label("nakshatra", 26, "hi"))


def test_sanskrit_readers_get_the_sanskrit_body():
    assert render_daily(ujjain_day(), "sa").text.startswith("पञ्चाङ्गम्: ")


def test_it_unpacks_as_parameters_and_text():
    parameters, text = render_daily(ujjain_day(), "en")
    assert len(parameters) == 8 and text.startswith("Panchangam for")


def test_tamil_readers_get_the_tamil_body():
    rendered = render_daily(ujjain_day(), "ta")
    assert rendered.text.startswith("பஞ்சாங்கம்: ஞாயிறு 29 நவம்பர் 2026, Ujjain\n")
    # Rahu Kalam (Visham, the 8th part on Sundays), then Nalla Neram: Gowri Panchangam's
    # good daytime parts, Uthi and Amirdha, then Laabam, Dhanam and Sugam (issue 25 item 4).
    assert "ராகு காலம் / நல்ல நேரம்: 16:18-17:39 / 06:52-09:34, 10:55-14:57\n" in rendered.text


def test_it_falls_back_to_english_for_languages_without_a_body():
    rendered = render_daily(ujjain_day(), "xx")
    assert rendered.text.startswith("Panchangam for Sunday 29 Nov 2026, Ujjain")


def test_it_accepts_an_object_with_to_dict():
    class Day:
        def to_dict(self):
            return ujjain_day()

    assert render_daily(Day(), "en") == render_daily(ujjain_day(), "en")


def test_missing_elements_become_a_dash_never_an_empty_parameter():
    rendered = render_daily({"date": "2026-06-21", "sunrise": None}, "en")
    assert all(parameter_problem(p) is None for p in rendered.parameters)
    assert rendered.parameters[5] == "- / -"


def test_the_check_rejects_a_newline_naming_the_parameter():
    parameters = ("a", "b\nc", "c", "d", "e", "f", "g", "h")
    with pytest.raises(TemplateRuleError, match=r"\{\{2\}\}='b\\nc' contains a newline"):
        check_rendering(DAILY_TEMPLATE_BODY, parameters)


@pytest.mark.parametrize(
    "value, problem",
    [("", "is empty"), ("a\tb", "contains a tab"), ("a     b", "more than 4 consecutive spaces")],
)
def test_the_check_rejects_each_broken_rule(value, problem):
    parameters = ("a", value, "c", "d", "e", "f", "g", "h")
    with pytest.raises(TemplateRuleError, match=problem):
        check_rendering(DAILY_TEMPLATE_BODY, parameters)


def test_the_check_rejects_a_body_over_1024_characters():
    with pytest.raises(TemplateRuleError, match="more than 1024"):
        check_rendering(DAILY_TEMPLATE_BODY, tuple("x" * 200 for _ in range(8)))


def test_the_check_rejects_a_wrong_parameter_count():
    with pytest.raises(TemplateRuleError, match="wants 8 parameters, got 2"):
        check_rendering(DAILY_TEMPLATE_BODY, ("a", "b"))


def test_every_registered_body_has_the_same_placeholders():
    from lokpanchang.messages.rules import placeholder_count

    assert {placeholder_count(body) for body in DAILY_TEMPLATE_BODIES.values()} == {8}


hostile_text = st.text(
    alphabet=st.one_of(
        st.characters(), st.sampled_from(list(string.whitespace) + ["\u2028", "\xa0"])
    ),
    max_size=600,
)


@settings(max_examples=150, deadline=None)
@given(
    city=hostile_text,
    tithi=hostile_text,
    nakshatra=hostile_text,
    month=hostile_text,
    language=st.sampled_from(["en", "hi", "ta", "xx"]),
)
def test_any_names_and_places_give_parameters_that_pass_the_rules(
    city, tithi, nakshatra, month, language
):
    day = ujjain_day()
    day["city"] = city
    day["tithi"][0]["name"] = tithi
    day["nakshatra"][0]["names"] = {language: nakshatra}
    day["masa"]["purnimanta"]["name"] = month
    rendered = render_daily(day, language)
    assert check_daily(rendered) == rendered.text
    assert len(rendered.text) <= MAX_BODY_CHARS
    assert all(parameter_problem(p) is None for p in rendered.parameters)


def test_a_real_panchangam_renders_within_the_rules_and_once_per_language():
    from datetime import date

    from lokpanchang import almanac

    day = almanac.generate_panchangam_with_timezone(
        23.18, 75.78, "Asia/Kolkata", date(2026, 11, 29), city="Ujjain"
    )
    for language in ("en", "hi", "ta", "sa", "bn"):
        rendered = render_daily(day, language)
        assert check_daily(rendered) == rendered.text
        assert render_daily(day, language) is rendered  # memoised: one render per place and day
    assert render_daily(day, "en").parameters[0] == "Sunday 29 Nov 2026, Ujjain"
