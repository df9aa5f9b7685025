"""The calendar of the message's month line on the public page (the place's by default, any
other on asking, a bad value named) and on the admin subscriber pages (shown, edited)."""

from __future__ import annotations

from datetime import date

import pytest
from markupsafe import escape

from lokpanchang.storage.db import session_factory
from lokpanchang.storage.models import UserDetail
from lokpanchang.web import integrations
from tests.web.seed import KOLKATA_PHONES
from tests.web.test_subscribers import _edit

# Chithirai 1947 began on 2025-04-14 (tests/almanac/reference/solar/months.csv).
CHENNAI_DAY = "/panchang?place=Chennai&date=2025-04-20"


def _message(page: str) -> str:
    start = page.index('<pre class="message" id="message-text">')
    return page[start : page.index("</pre>", start)]


def test_the_public_page_shows_the_places_calendar_by_default(client):
    page = client.get(CHENNAI_DAY + "&lang=ta").get_data(as_text=True)
    assert "Month / Samvat" not in page  # the Tamil body
    assert ": சித்திரை 7, " in _message(page)
    assert '<label for="calendar">நாட்காட்டி</label>' in page
    assert '<option value="" selected>தமிழ் (இந்த ஊருக்கானது)</option>' in page


def test_the_page_shows_the_message_exactly_as_sent_in_the_asked_calendar(client):
    page = client.get(CHENNAI_DAY + "&calendar=bengali").get_data(as_text=True)
    place = integrations.search_places("Chennai")[0]
    where = (place.latitude, place.longitude, place.timezone)
    expected = integrations.daily_message(
        0, "", "en", *where, date(2025, 4, 20), place.city, calendar="bengali"
    ).text
    assert f'<pre class="message" id="message-text">{escape(expected)}' in page
    assert "Boishakh 6, Bangabda 1432" in expected
    assert '<option value="bengali" selected>Bengali</option>' in page


def test_the_asked_calendar_is_remembered_for_the_next_visit(client):
    client.get(CHENNAI_DAY + "&calendar=odia")
    page = client.get("/panchang?date=2025-04-20").get_data(as_text=True)
    assert '<option value="odia" selected>Odia</option>' in page
    assert "Baisakha 7, Amli 1432" in _message(page)


@pytest.mark.parametrize("language", ["en", "hi"])
def test_a_calendar_we_do_not_reckon_is_named_not_a_500(client, language):
    response = client.get(CHENNAI_DAY + f"&calendar=martian&lang={language}")
    assert response.status_code == 200
    page = response.get_data(as_text=True).replace("&#39;", "'")
    assert "'martian'" in page and "amanta, purnimanta, tamil" in page
    assert 'id="message-text"' not in page


def test_the_subscriber_page_says_which_calendar_and_why(operator_client, seeded):
    user_id = seeded.user_ids[KOLKATA_PHONES[0]]
    page = operator_client.get(f"/admin/subscribers/{user_id}").get_data(as_text=True)
    assert 'id="subscriber-calendar">' in page and "default for their language and place" in page


def test_an_operator_chooses_a_calendar_and_a_bad_one_is_named(operator_client, seeded, portal_url):
    user_id = seeded.user_ids[KOLKATA_PHONES[0]]
    assert _edit(operator_client, user_id, calendar="malayalam").status_code == 302
    with session_factory(portal_url)() as session:
        assert session.get(UserDetail, user_id).calendar == "malayalam"
    page = operator_client.get(f"/admin/subscribers/{user_id}").get_data(as_text=True)
    assert "malayalam (chosen)" in page
    response = _edit(operator_client, user_id, calendar="martian", display_name="Other")
    assert response.status_code == 400
    assert "calendar 'martian' is not one we reckon" in response.get_data(as_text=True).replace(
        "&#39;", "'"
    )
    with session_factory(portal_url)() as session:
        user = session.get(UserDetail, user_id)
        assert (user.calendar, user.display_name) == ("malayalam", "Asha")
    assert _edit(operator_client, user_id, calendar="default").status_code == 302
    with session_factory(portal_url)() as session:
        assert session.get(UserDetail, user_id).calendar is None
