"""The day's card (issue 27, item 1): drawn from the message's own fields, 1080 px wide,
every character in a font that has it (no missing-glyph boxes), in all ten languages."""

from __future__ import annotations

import io
from datetime import date

import pytest
from PIL import Image

from lokpanchang import languages
from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.card import (
    WIDTH,
    CardFontError,
    FontFile,
    card_text,
    plan,
    render_card,
    script_font,
)
from lokpanchang.card.fonts import LATIN, characters, face
from lokpanchang.card.layout import MARGIN
from lokpanchang.messages import render_daily

HYDERABAD = (17.385, 78.4867, "Asia/Kolkata")
EKADASHI = date(2026, 3, 15)  # Papamochani Ekadashi, parana next morning, and Meena sankranti
SANKASHTI = date(2026, 3, 6)  # Sankashti Chaturthi: its moonrise is the observance's time
PLAIN_DAY = date(2026, 3, 10)  # no festival or vrat at Hyderabad
TROMSO = (69.6496, 18.956, "Europe/Oslo")
POLAR_NIGHT = date(2026, 12, 20)  # no sunrise: the card says why instead of times


def _day(where, day):
    latitude, longitude, zone = where
    return generate_panchangam_with_timezone(
        latitude, longitude, zone, day, city="Hyderabad", include_muhurtas=False
    )


@pytest.fixture(scope="module")
def days():
    return {
        "ekadashi": _day(HYDERABAD, EKADASHI),
        "sankashti": _day(HYDERABAD, SANKASHTI),
        "plain": _day(HYDERABAD, PLAIN_DAY),
        "polar": _day(TROMSO, POLAR_NIGHT),
    }


@pytest.mark.parametrize("language", languages.CODES)
def test_every_character_drawn_is_in_the_cmap_of_its_font(days, language):
    for day in days.values():
        laid_out = plan(card_text(day, language, "Hyderabad"))
        for run in laid_out.runs:
            missing = [c for c in run.text if ord(c) not in characters(run.font)]
            assert not missing, f"{language}: {missing!r} of {run.text!r} not in {run.font.path}"


@pytest.mark.parametrize("language", languages.CODES)
def test_the_language_is_set_in_its_own_script_font(days, language):
    own = script_font(languages.language(language).script)
    laid_out = plan(card_text(days["ekadashi"], language, "Hyderabad"))
    fonts = {run.font for run in laid_out.runs}
    assert own in fonts
    # The place name is Latin; every other font used is the Latin fallback.
    assert fonts <= {own, LATIN}


@pytest.mark.parametrize("language", languages.CODES)
def test_nothing_is_drawn_outside_the_margins(days, language):
    for day in days.values():
        laid_out = plan(card_text(day, language, "Hyderabad"))
        for run in laid_out.runs:
            assert run.x >= MARGIN and run.x + run.width <= WIDTH - MARGIN + 1, run.text
            assert 0 < run.baseline < laid_out.height


def test_the_card_is_a_1080_px_png_and_differs_by_language(days):
    cards = {code: render_card(days["ekadashi"], code, "Hyderabad") for code in languages.CODES}
    for code, png in cards.items():
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG", code
        assert image.width == WIDTH, code
        assert 1000 < image.height < 2400, code
        image.verify()
    assert len(set(cards.values())) == len(languages.CODES)


def test_the_card_says_what_the_message_says(days):
    day = days["ekadashi"]
    card = card_text(day, "ta", "Hyderabad")
    fields = render_daily(day, "ta", "Hyderabad", version=2).parameters
    assert card.title == fields[0]
    assert [value for _, value in card.rows] == list(fields[1:8])
    assert fields[8] in card.today
    assert card.rows[0][0] == languages.words("ta")["tithi"]


def test_the_observance_is_shown_with_its_time(days):
    ekadashi = card_text(days["ekadashi"], "en", "Hyderabad")
    assert "Ekadashi" in ekadashi.today and "parana" in ekadashi.today
    assert "06:23" in ekadashi.today  # the parana window of the next morning
    sankashti = card_text(days["sankashti"], "en", "Hyderabad")
    assert "Sankashti" in sankashti.today and "moonrise 21:00" in sankashti.today


def test_a_day_without_observance_has_no_observance_box(days):
    plain = card_text(days["plain"], "hi", "Hyderabad")
    assert plain.today == "" and plain.tomorrow == ""
    assert len(plan(plain).boxes) == 1  # the title band only
    assert len(plan(card_text(days["ekadashi"], "hi", "Hyderabad")).boxes) == 2


def test_a_polar_night_card_says_why_there_is_no_sunrise(days):
    card = card_text(days["polar"], "en", "Tromsø")
    daylight = dict(card.rows)["Sunrise / Sunset"]
    assert daylight == languages.words("en")["polar_night"]


def test_the_footer_names_the_place_and_the_service(days):
    card = card_text(days["plain"], "bn", "Hyderabad")
    assert card.footer == "Hyderabad · Lokpanchang"


def test_a_long_place_name_wraps_inside_the_card(days):
    place = "Thiruvananthapuram Kanyakumari Nagercoil Kollam Alappuzha Kottayam " * 2
    laid_out = plan(card_text(days["plain"], "ml", place.strip()))
    assert max(run.x + run.width for run in laid_out.runs) <= WIDTH - MARGIN + 1


def test_a_missing_font_names_its_file_and_package(tmp_path):
    absent = FontFile(tmp_path / "Lohit-Nowhere.ttf", "fonts-lohit-nowhere")
    with pytest.raises(CardFontError, match=r"Lohit-Nowhere\.ttf.*fonts-lohit-nowhere"):
        face(absent, 40)


def test_an_unknown_script_is_refused_by_name():
    with pytest.raises(CardFontError, match="'OL_CHIKI'"):
        script_font("OL_CHIKI")
