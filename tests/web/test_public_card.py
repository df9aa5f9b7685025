"""``/card.png``: the day's card on the public web (issue 27, item 4), from the card cache,
bounded like the other public pages, with 400s that name the bad value."""

from __future__ import annotations

import io
from datetime import date

import pytest
from PIL import Image

from lokpanchang.almanac.calendars.kinds import default_calendar
from lokpanchang.card import render_card
from lokpanchang.web import create_app, integrations, public_work

DAY = "2026-03-15"  # Papamochani Ekadashi at Hyderabad
CARD = f"/card.png?place=Hyderabad&date={DAY}&lang=ta"


@pytest.fixture
def settings(make_settings, tmp_path):
    from lokpanchang.storage import migrate

    url = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    migrate.upgrade(url)
    return make_settings(database_url=url, card_cache_dir=tmp_path / "cards")


@pytest.fixture
def client(settings):
    return create_app(settings).test_client()


def test_the_card_is_a_1080_px_png_of_the_place_and_day(client):
    response = client.get(CARD)
    assert response.status_code == 200 and response.mimetype == "image/png"
    image = Image.open(io.BytesIO(response.data))
    assert image.format == "PNG" and image.width == 1080
    assert "max-age=3600" in response.headers["Cache-Control"]
    assert "panchang-Hyderabad-2026-03-15-ta.png" in response.headers["Content-Disposition"]


def test_it_is_the_card_of_the_messages_own_panchangam(client):
    served = client.get(CARD).data
    place = integrations.search_places("Hyderabad", limit=1)[0]
    calendar = str(default_calendar("ta", place.country_code, place.region))  # the page's
    message_day = integrations._daily_content(1, integrations._convention()).panchangams.get(
        integrations.content.Recipient(
            0, 0, "", "ta", place.latitude, place.longitude, place.timezone,
            date.fromisoformat(DAY), place.city, 0.0, calendar,
        )
    )  # fmt: skip
    assert served == render_card(message_day, "ta", place.city, calendar)


def test_the_card_is_rendered_once_and_served_from_the_cache(client, settings, monkeypatch):
    first = client.get(CARD).data
    cached = list(settings.card_cache_dir.glob("*.png"))
    assert len(cached) == 1 and cached[0].read_bytes() == first
    monkeypatch.setattr(
        integrations, "render_card", lambda *a: pytest.fail("rendered a cached card again")
    )
    public_work.WORK.cache.clear()  # nothing kept in memory either: the disk serves it
    assert client.get(CARD).data == first


def test_languages_are_different_cards(client, settings):
    english = client.get(CARD.replace("lang=ta", "lang=en")).data
    assert english != client.get(CARD).data
    assert len(list(settings.card_cache_dir.glob("*.png"))) == 2


def test_it_is_bounded_like_the_other_public_pages(client, monkeypatch):
    def refuse(*_args, **_kwargs):
        raise public_work.Busy(429, "more than 2 almanac pages at once from you")

    monkeypatch.setattr(public_work.WORK, "_admit", refuse)
    response = client.get(CARD.replace(DAY, "2026-03-16"))
    assert response.status_code == 429 and response.headers["Retry-After"] == "2"


@pytest.mark.parametrize(
    "query, named",
    [
        ("date=2026-03-15&lang=ta", "place= is missing"),
        ("place=Xqzzyvillezz&lang=ta", "place='Xqzzyvillezz'"),
        ("place=Hyderabad&date=15-03-2026", "date='15-03-2026'"),
        ("place=Hyderabad&date=2026-02-30", "date='2026-02-30'"),
        ("place=Hyderabad&date=3000-01-01", "date='3000-01-01' is outside the years"),
        ("place=Hyderabad&lang=xx", "lang='xx' is not one of en, hi"),
        ("place=Hyderabad&pick=x", "pick='x'"),
        ("place=Hyderabad&pick=99", "pick='99'"),
        ("place=Hyderabad&calendar=mayan", "calendar='mayan'"),
    ],
)
def test_a_bad_value_is_a_400_naming_it(client, query, named):
    response = client.get(f"/card.png?{query}")
    assert response.status_code == 400
    assert named in response.get_data(as_text=True)
