"""``/ics``: a place's observances as an iCalendar feed (issue 14, item 6)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from lokpanchang.messages.ics import calendar_text, fold
from lokpanchang.web import create_app


@pytest.fixture
def client(make_settings, tmp_path):
    from lokpanchang.storage import migrate

    url = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    migrate.upgrade(url)
    return create_app(make_settings(database_url=url)).test_client()


def events(body: str) -> list[dict[str, str]]:
    found: list[dict[str, str]] = []
    current: dict[str, str] = {}
    for line in body.replace("\r\n ", "").split("\r\n"):
        if line == "BEGIN:VEVENT":
            current = {}
        elif line == "END:VEVENT":
            found.append(current)
        elif ":" in line and current is not None:
            name, _, value = line.partition(":")
            current[name] = value
    return found


def test_the_feed_lists_a_years_observances_of_the_place(client):
    response = client.get("/ics?lat=28.6358&lon=77.2245&lang=en")
    assert response.status_code == 200 and response.mimetype == "text/calendar"
    body = response.get_data(as_text=True)
    assert body.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") and body.endswith(
        "END:VCALENDAR\r\n"
    )
    found = events(body)
    assert len(found) > 100  # a year of ekadashis, purnimas, sankrantis and festivals
    assert any("Ekadashi" in event["SUMMARY"] for event in found)
    assert len({event["UID"] for event in found}) == len(found)
    first = date.fromisoformat(found[0]["DTSTART;VALUE=DATE"][:4] + "-01-01")
    assert first.year >= 2026
    assert all(len(line.encode()) <= 75 for line in body.split("\r\n"))


def test_the_feed_is_in_the_readers_language(client):
    body = client.get("/ics?lat=28.6358&lon=77.2245&lang=hi").get_data(as_text=True)
    assert any("एकादशी" in event["SUMMARY"] for event in events(body))


@pytest.mark.parametrize(
    "query, named",
    [
        ("lat=abc&lon=77.2", "lat='abc'"),
        ("lat=91&lon=77.2", "lat='91'"),
        ("lat=28.6&lon=nan", "lon='nan'"),
        ("lon=77.2", "lat=''"),
        ("lat=28.6&lon=77.2&lang=xx", "lang='xx'"),
    ],
)
def test_bad_input_is_refused_naming_the_value(client, query, named):
    response = client.get(f"/ics?{query}")
    assert response.status_code == 400 and named in response.get_data(as_text=True)


def test_text_is_escaped_and_long_lines_fold_between_characters():
    item = {"date": "2026-12-20", "key": "x", "name": "a;b,c\\d", "kind": "festival"}
    body = calendar_text([item], "ஏகாதசி " * 20, "en", datetime(2026, 12, 1, tzinfo=UTC))
    assert "SUMMARY:a\\;b\\,c\\\\d\r\n" in body
    folded = fold("ஏ" * 40)
    assert all(len(part.encode()) <= 75 for part in folded.split("\r\n"))
    assert folded.replace("\r\n ", "") == "ஏ" * 40


def test_the_month_view_links_to_the_places_feed_in_the_readers_language(client):
    page = client.get("/panchang/month?place=Ujjain&lang=ta&month=2026-12").get_data(as_text=True)
    assert 'id="ics-link"' in page and "/ics?lat=23.18&amp;lon=75.78&amp;lang=ta" in page
    assert "நாட்காட்டியில்" in page
