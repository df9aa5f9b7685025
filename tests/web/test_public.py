"""The public panchang page."""

from __future__ import annotations

from lokpanchang.web import integrations
from lokpanchang.web.panchang_view import hhmm


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
    from datetime import date

    from markupsafe import escape

    page = client.get("/panchang?place=Varanasi&date=2026-03-21&lang=hi").get_data(as_text=True)
    place = integrations.search_places("Varanasi")[0]
    named = "वाराणसी"  # the town in the reader's script (issue 25, item 2), was "Varanasi"
    expected = integrations.daily_message(
        0, "", "hi", place.latitude, place.longitude, place.timezone, date(2026, 3, 21), named
    ).text
    assert '<html lang="hi">' in page
    assert f'<pre class="message" id="message-text">{escape(expected)}</pre>' in page


def test_a_bad_date_is_named(client):
    page = client.get("/panchang?place=Varanasi&date=21/03/2026").get_data(as_text=True)
    assert "date &#39;21/03/2026&#39; is not a date" in page


def test_the_full_panchangam_is_shown_in_the_chosen_language(client):
    page = client.get("/panchang?place=Varanasi&date=2026-03-21&lang=hi").get_data(as_text=True)
    place = integrations.search_places("Varanasi")[0]
    from datetime import date

    day = integrations.panchangam(
        place.latitude, place.longitude, place.timezone, date(2026, 3, 21), place.city, "hi"
    ).to_dict()
    assert "<dt>वार</dt><dd>शनिवार</dd>" in page  # 21 March 2026 is a Saturday
    sunrise, sunset = hhmm(day["sunrise"]), hhmm(day["sunset"])  # rounded half-up
    assert f"<dt>सूर्योदय / सूर्यास्त</dt><dd>{sunrise} / {sunset}</dd>" in page
    assert f"{day['tithi'][0]['name']} {hhmm(day['tithi'][0]['end'])} तक" in page
    assert "गणना दृक् पंचांग की पद्धति से" in page  # the convention (drik) is stated


def test_times_on_the_next_day_are_marked_and_minutes_rounded_half_up():
    assert hhmm("2026-03-22T00:37:57+05:30", "2026-03-21") == "00:38 (+1)"
    assert hhmm("2026-03-22T00:37:29+05:30", "2026-03-21") == "00:37 (+1)"
    assert hhmm("2026-03-21T23:56:56+05:30", "2026-03-21") == "23:57"
    assert hhmm("2026-03-21T23:59:30+05:30", "2026-03-21") == "00:00 (+1)"
    assert hhmm(None) == "—"


def test_a_wednesday_says_there_is_no_abhijit_instead_of_repeating_the_durmuhurta(client):
    # 25 Mar 2026 is a Wednesday: its durmuhurta is the midday muhurta, so no Abhijit.
    wednesday = client.get("/panchang?place=Varanasi&date=2026-03-25").get_data(as_text=True)
    no_abhijit = "none on Wednesdays: this muhurta is the day&#39;s Durmuhurta"
    assert f"<dt>Abhijit Muhurta</dt><dd>{no_abhijit}</dd>" in wednesday
    thursday = client.get("/panchang?place=Varanasi&date=2026-03-26").get_data(as_text=True)
    assert "<dt>Abhijit Muhurta</dt><dd>1" in thursday and no_abhijit not in thursday


def test_the_page_names_the_town_in_the_readers_script_where_geonames_has_it(client):
    """Issue 25, item 2: a Malayalam reader of Kochi's page read "Kochi"; GeoNames has
    കൊച്ചി. A Telugu reader gets the Latin name: GeoNames has no Telugu name for it."""
    page = client.get("/panchang?place=Kochi&date=2026-12-02&lang=ml").get_data(as_text=True)
    heading = page.split('id="message-text">')[1].splitlines()[0]
    assert heading.endswith("കൊച്ചി") and "കൊച്ചി, Kerala, India" in page
    page = client.get("/panchang?place=Kochi&date=2026-12-02&lang=te").get_data(as_text=True)
    assert page.split('id="message-text">')[1].splitlines()[0].endswith("Kochi")
