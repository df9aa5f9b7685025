"""The public panchang page."""

from __future__ import annotations

import pytest

from lokpanchang.web import integrations


def test_the_form_labels_every_control(client):
    page = client.get("/").get_data(as_text=True)
    for control in ("place", "date", "lang"):
        assert f'<label for="{control}">' in page and f'id="{control}"' in page


def test_an_unknown_language_falls_back_to_english(client):
    page = client.get("/panchang?lang=zz").get_data(as_text=True)
    assert '<html lang="en">' in page


def test_an_unknown_place_is_named(client):
    page = client.get("/panchang?place=Qwxyzzyville").get_data(as_text=True)
    assert "No place called &#39;Qwxyzzyville&#39; was found" in page


def test_a_place_is_shown_in_hindi_with_the_message_renderer(client):
    pytest.importorskip("lokpanchang.almanac")
    pytest.importorskip("lokpanchang.messages")
    from datetime import date

    from markupsafe import escape

    page = client.get("/panchang?place=Varanasi&date=2026-03-21&lang=hi").get_data(as_text=True)
    place = integrations.search_places("Varanasi")[0]
    day = integrations.panchangam(place.latitude, place.longitude, place.timezone,
                                  date(2026, 3, 21), place.city, "hi")
    expected = integrations.render(day, "hi", place=place.city).text
    assert '<html lang="hi">' in page
    assert f'<pre class="message" id="message-text">{escape(expected)}</pre>' in page


def test_a_bad_date_is_named(client):
    page = client.get("/panchang?place=Varanasi&date=21/03/2026").get_data(as_text=True)
    assert "date &#39;21/03/2026&#39; is not a date" in page
