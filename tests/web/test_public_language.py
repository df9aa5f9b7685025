"""The public page in the reader's language, and as people expect it (issue 14, items 5, 6)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from urllib.parse import parse_qs, urlsplit

import pytest
import time_machine

from lokpanchang import languages
from lokpanchang.web import create_app, integrations
from tests.languages.english import english_words, readable_text

NOT_ENGLISH = [code for code in languages.CODES if code != "en"]
ACCEPTANCE_LABELS = re.compile(r"\b(Sunrise|Sunset|Tithi|Nakshatra|Yoga|Karana|until|then)\b", re.I)
NUMBER = "+919812345678"
# Pages a visitor sees: the default place, a day, look-alike results, a polar day, and each
# problem the page names.
PAGES = {
    "default": "/",
    "day": "/panchang?place=Varanasi&date=2026-03-21",
    "look-alikes": "/panchang?place=Rampur&date=2026-03-21&pick=4",
    "polar day": "/panchang?place=Tromso&date=2026-06-21",
    "polar night": "/panchang?place=Tromso&date=2026-12-21",
    "no sunset": "/panchang?place=Tromso&date=2026-05-17",
    "unknown place": "/panchang?place=Qwxyzzyville",
    "bad date": "/panchang?place=Varanasi&date=21/03/2026",
    "out of years": "/panchang?place=Varanasi&date=3001-01-01",
}


@pytest.fixture
def visitor(portal_settings):
    return create_app(portal_settings(whatsapp_display_number=NUMBER)).test_client()


def names_on(html: str, query: str) -> list[str]:
    """The values the page may show in Latin letters: places, zones, language names, the query."""
    values = {query, "Varanasi", *(row.native_name for row in languages.LANGUAGES)}
    for place in integrations.search_places(query, limit=8) if query else []:
        values.update((place.city, place.region, place.country, place.timezone))
    return sorted(values)


def query_of(path: str) -> str:
    return parse_qs(urlsplit(path).query).get("place", ["New Delhi"])[0]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("language", NOT_ENGLISH)
def test_no_english_word_is_left_on_the_public_page(visitor, language, page):
    path = PAGES[page]
    html = visitor.get(f"{path}{'&' if '?' in path else '?'}lang={language}").get_data(as_text=True)
    text = readable_text(html)
    assert f'<html lang="{language}">' in html
    assert english_words(text, names_on(html, query_of(path))) == [], text


@pytest.mark.parametrize("language", ["ta", "hi"])
def test_the_tamil_and_hindi_pages_have_none_of_the_english_labels(visitor, language):
    html = visitor.get(f"/panchang?place=Varanasi&date=2026-03-21&lang={language}").get_data(
        as_text=True
    )
    assert 'id="panchangam"' in html
    assert ACCEPTANCE_LABELS.findall(readable_text(html)) == []


def test_the_english_page_has_the_labels_the_others_must_not(visitor):
    html = visitor.get("/panchang?place=Varanasi&date=2026-03-21&lang=en").get_data(as_text=True)
    found = {word.lower() for word in ACCEPTANCE_LABELS.findall(readable_text(html))}
    assert found == {"sunrise", "sunset", "tithi", "nakshatra", "yoga", "karana", "then"}


def test_it_opens_on_today_for_the_default_place(visitor):
    with time_machine.travel(datetime(2026, 3, 21, 4, 0, tzinfo=UTC), tick=False):
        html = visitor.get("/").get_data(as_text=True)
    assert "<h2>New Delhi, Delhi, India — 2026-03-21</h2>" in html
    assert 'id="message-text"' in html


def test_it_opens_on_the_visitors_last_choice(visitor):
    chosen = visitor.get("/panchang?place=Rampur&pick=4&date=2026-03-21&lang=ta")
    assert "lokpanchang_choice=" in chosen.headers["Set-Cookie"]
    assert "HttpOnly" in chosen.headers["Set-Cookie"]
    html = visitor.get("/").get_data(as_text=True)
    rampur = integrations.search_places("Rampur", limit=8)[4]
    assert '<html lang="ta">' in html
    assert f"<h2>{rampur.city}, {rampur.region}, {rampur.country} — " in html


def test_a_language_asked_for_wins_over_the_remembered_one_and_the_browsers(visitor):
    visitor.get("/panchang?place=Varanasi&lang=ta")
    assert '<html lang="bn">' in visitor.get("/?lang=bn").get_data(as_text=True)


def test_a_first_visit_is_in_the_browsers_language(visitor):
    html = visitor.get("/", headers={"Accept-Language": "kn-IN,kn;q=0.9,en;q=0.8"}).get_data(
        as_text=True
    )
    assert '<html lang="kn">' in html


def test_a_page_that_found_nothing_is_not_remembered(visitor):
    assert "Set-Cookie" not in visitor.get("/panchang?place=Qwxyzzyville").headers
    assert "Set-Cookie" not in visitor.get("/").headers  # the default is not a choice


def test_previous_and_next_day_keep_the_place_and_language(visitor):
    html = visitor.get("/panchang?place=Rampur&pick=4&date=2026-03-01&lang=hi").get_data(
        as_text=True
    )
    links = dict(re.findall(r'id="(previous-day|next-day)" href="([^"]+)"', html))
    previous, following = (
        parse_qs(urlsplit(links[k].replace("&amp;", "&")).query)
        for k in ("previous-day", "next-day")
    )
    assert previous == {"place": ["Rampur"], "pick": ["4"], "date": ["2026-02-28"], "lang": ["hi"]}
    assert following["date"] == ["2026-03-02"] and following["pick"] == ["4"]


def test_the_last_day_the_almanac_computes_has_no_next_day_link(visitor):
    html = visitor.get("/panchang?place=Varanasi&date=2999-12-31").get_data(as_text=True)
    assert 'id="previous-day"' in html and 'id="next-day"' not in html


def test_the_every_morning_link_starts_a_whatsapp_sign_up(visitor):
    html = visitor.get("/?lang=hi").get_data(as_text=True)
    assert '<a href="https://wa.me/919812345678?text=start">यह हर सुबह WhatsApp पर पाएँ</a>' in html


def test_without_a_public_number_there_is_no_link(client):
    assert "wa.me" not in client.get("/").get_data(as_text=True)


def test_look_alike_places_are_told_apart_by_population_and_coordinates(visitor):
    html = visitor.get("/panchang?place=Rampur&date=2026-03-21").get_data(as_text=True)
    found = re.search(
        r'<nav class="card" aria-label="[^"]+" id="places-found">(.*?)</nav>', html, re.S
    )
    labels = re.findall(r">([^<>]+)</(?:a|strong)>", found.group(1))[1:]
    assert len(labels) == len(set(labels)) == 8
    assert "Rāmpur, Uttar Pradesh, India (population 296,418; 28.81°, 79.03°)" in labels
    assert "Rāmpur, Uttar Pradesh, India (population 26,257; 29.81°, 77.45°)" in labels
    assert "Rampur Hat, West Bengal, India" in labels  # a name of its own needs nothing more


def test_a_date_outside_the_almanacs_years_is_named(visitor):
    html = visitor.get("/panchang?place=Varanasi&date=3001-01-01").get_data(as_text=True)
    assert "date &#39;3001-01-01&#39; is outside the years 2–2999" in html


def test_a_polar_day_says_why_there_is_no_sunrise(visitor):
    html = visitor.get("/panchang?place=Tromso&date=2026-06-21&lang=ta").get_data(as_text=True)
    words = languages.words("ta")
    assert f'<p class="flash" id="polar-note">{words["sunrise"]} / {words["sunset"]}: ' in html
    assert f"<dt>{words['rahu_kalam']}</dt><dd>{words['no_kalam']}</dd>" in html


def test_the_page_shows_a_nautical_zone_as_its_offset():
    from lokpanchang.web.panchang_view import times_note

    note = times_note({"timezone": "Etc/GMT+9", "date": "2026-12-21", "next_sunrise": None}, "en")
    assert note.startswith("Times are in UTC−09:00;")


def test_with_a_telegram_bot_the_page_links_to_it_too(portal_settings):
    settings = portal_settings(whatsapp_display_number=NUMBER, telegram_bot_username="@LokBot")
    html = create_app(settings).test_client().get("/?lang=hi").get_data(as_text=True)
    assert '<a href="https://wa.me/919812345678?text=start">' in html
    assert '<a href="https://t.me/LokBot">यह हर सुबह Telegram पर पाएँ</a>' in html


def test_without_a_bot_there_is_no_telegram_link(visitor):
    assert "t.me/" not in visitor.get("/").get_data(as_text=True)
