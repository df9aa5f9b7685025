"""Daily template version 2: today's and tomorrow's observances in the reader's language,
within WhatsApp's body rules; version 1 unchanged."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.messages import (
    DAILY_TEMPLATE_BODIES,
    DAILY_TEMPLATE_BODIES_V2,
    check_daily,
    render_daily,
    template_version,
)
from lokpanchang.messages.rules import check_body, placeholder_count

NEW_DELHI = (28.6358, 77.2245, "Asia/Kolkata")
EKADASHI = date(2026, 12, 20)  # Mokshada Ekadashi at New Delhi; parana on the 21st
PARANA = date(2026, 12, 21)
BEFORE_DIWALI = date(2026, 11, 7)


def _day(day: date, **options):
    return generate_panchangam_with_timezone(*NEW_DELHI, day, city="New Delhi", **options)


def _lines(rendered) -> tuple[str, str]:
    return rendered.parameters[8], rendered.parameters[9]


def test_the_setting_selects_the_version():
    assert template_version("daily_panchangam_v2") == 2
    assert template_version("daily_panchangam") == 1
    assert template_version("my_own_name") == 1


@pytest.mark.parametrize("language", sorted(DAILY_TEMPLATE_BODIES_V2))
def test_every_v2_body_is_one_meta_accepts_with_ten_placeholders(language):
    body = DAILY_TEMPLATE_BODIES_V2[language]
    assert check_body(body) == body and placeholder_count(body) == 10
    assert body.startswith(DAILY_TEMPLATE_BODIES[language].split("{{8}}")[0])


@pytest.mark.parametrize("language", sorted(DAILY_TEMPLATE_BODIES_V2))
def test_the_docs_list_every_v2_body_verbatim(language):
    docs = (Path(__file__).resolve().parents[2] / "docs" / "whatsapp.md").read_text("utf-8")
    assert f"v2 (`{language}`):\n\n```\n{DAILY_TEMPLATE_BODIES_V2[language]}\n```" in docs


def test_version_1_is_unchanged_and_ignores_observances():
    rendered = render_daily(_day(EKADASHI), "en")
    assert len(rendered.parameters) == 8 and rendered.version == 1
    assert "Mokshada" not in rendered.text
    assert check_daily(rendered) == rendered.text


def test_an_ekadashi_says_fast_and_parana_tomorrow():
    today, tomorrow = _lines(render_daily(_day(EKADASHI), "en", version=2))
    assert today.startswith("Mokshada Ekadashi (fast); parana tomorrow 07:")
    assert tomorrow == "Pradosh Vrat"


def test_the_parana_day_gives_the_window():
    today, _ = _lines(render_daily(_day(PARANA), "en", version=2))
    assert "parana 07:" in today and today.endswith("(Mokshada Ekadashi)")


def test_tomorrows_festival_is_announced_first_in_the_readers_language():
    _, tomorrow = _lines(render_daily(_day(BEFORE_DIWALI), "hi", version=2))
    assert tomorrow.startswith("दिवाली")
    _, tomorrow = _lines(render_daily(_day(BEFORE_DIWALI), "ta", version=2))
    assert tomorrow.startswith("தீபாவளி")


def test_a_day_without_observances_says_so():
    quiet = date(2026, 12, 10)
    assert not _day(quiet).observances
    today, _ = _lines(render_daily(_day(quiet), "en", version=2))
    assert today == "no festival or vrat"


def test_a_stored_value_from_before_observances_says_unknown_not_none():
    old = _day(EKADASHI, include_observances=False, include_muhurtas=False).to_dict()
    del old["observances"], old["observances_tomorrow"], old["parana_today"]
    assert _lines(render_daily(old, "en", version=2)) == ("-", "-")


@pytest.mark.parametrize("language", ["en", "hi", "sa", "ta", "te", "kn", "ml", "mr", "gu", "bn"])
def test_every_language_renders_a_v2_message_meta_accepts(language):
    rendered = render_daily(_day(EKADASHI).to_dict(), language, version=2)
    assert check_daily(rendered) == rendered.text
    assert all("\n" not in parameter for parameter in rendered.parameters)


def test_a_long_observance_list_still_fits_the_body_limit():
    day = _day(BEFORE_DIWALI).to_dict()
    day["observances_tomorrow"] = day["observances_tomorrow"] * 60
    rendered = render_daily(day, "ta", version=2)
    assert len(rendered.text) <= 1024 and check_daily(rendered) == rendered.text
