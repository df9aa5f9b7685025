"""Cards rendered ahead of the coming sends (issue 27 item 3): which cards, once each, never
near a send, and within the cache's bound."""

from __future__ import annotations

import os
from datetime import UTC, date, datetime, time, timedelta

import pytest

from lokpanchang.broadcast import planner_pass
from lokpanchang.broadcast.card_prerender import (
    ChunkReport,
    Prerenderer,
    Stop,
    cell_key,
    prerender_chunk,
    wanted_cells,
)
from lokpanchang.broadcast.content import DatabaseStore, almanac_content
from lokpanchang.broadcast.locks import DatabaseLock
from lokpanchang.card import render_card
from lokpanchang.card_cache import CardCache, CardKey
from lokpanchang.storage import runs
from lokpanchang.storage.db import transaction
from lokpanchang.storage.states import RunStatus
from tests.broadcast.helpers import RecordingQueue, add_subscriber
from tests.broadcast.test_prepared import stored_count

DAY = date(2026, 3, 10)
EVENING = datetime(2026, 3, 9, 14, 0, tzinfo=UTC)  # 19:30 in Kolkata, the night before
KOLKATA_DUE = datetime(2026, 3, 10, 1, 0, tzinfo=UTC)  # 06:30 IST
FAR = datetime(2026, 3, 11, tzinfo=UTC)  # a pass's deadline that is not near
HYDERABAD, NEIGHBOUR, DELHI = (17.385, 78.486), (17.3853, 78.4858), (28.61, 77.21)
CHENNAI, KOCHI, LONDON = (13.08, 80.27), (9.93, 76.27), (51.51, -0.13)
PNG = b"\x89PNG\r\n\x1a\n" + b"x" * 992  # 1,000 bytes


@pytest.fixture
def prerender_settings(settings, tmp_path):
    return settings.model_copy(update={"card_prerender_chunk": 2})


class CountingRender:
    """The real renderer (or fixed bytes), counting the cards it draws."""

    def __init__(self, fixed: bytes | None = None) -> None:
        self.cards: list[tuple[str, str]] = []
        self.fixed = fixed

    def __call__(self, day, language: str, place: str, calendar: str) -> bytes:
        self.cards.append((language, calendar))
        return self.fixed or render_card(day, language, place, calendar)


def prerenderer(settings, cache: CardCache, render=None) -> Prerenderer:
    content = almanac_content(DatabaseStore(settings.database_url))
    return Prerenderer(settings, cache, content.panchangams, render or CountingRender())


def whole_pass(work: Prerenderer, now: datetime) -> list[ChunkReport]:
    """Chunks until the pass stops, as the task's chain runs them."""
    reports = [prerender_chunk(work, now, FAR)]
    while reports[-1].stop is Stop.MORE:
        assert len(reports) < 50, reports
        reports.append(prerender_chunk(work, now, FAR))
    return reports


def kolkata_subscribers(url: str) -> None:
    add_subscriber(url, "Asia/Kolkata", language="en")
    add_subscriber(url, "Asia/Kolkata", latitude=NEIGHBOUR[0], longitude=NEIGHBOUR[1])
    add_subscriber(url, "Asia/Kolkata", language="hi")
    add_subscriber(url, "Asia/Kolkata", latitude=DELHI[0], longitude=DELHI[1])


def test_tomorrows_cards_are_the_distinct_cells_of_those_the_slot_will_send_to(settings):
    url = settings.database_url
    kolkata_subscribers(url)
    gone = datetime(2026, 3, 1, tzinfo=UTC)
    add_subscriber(url, "Asia/Kolkata", latitude=CHENNAI[0], longitude=CHENNAI[1],
                   language="ta", obsoleted_on=gone)  # fmt: skip
    add_subscriber(url, "Asia/Kolkata", latitude=KOCHI[0], longitude=KOCHI[1],
                   language="ml", paused_until=DAY)  # fmt: skip
    add_subscriber(url, "Europe/London", latitude=LONDON[0], longitude=LONDON[1])  # 16.5 h on
    cells = wanted_cells(url, EVENING, timedelta(hours=12))
    assert {(c.latitude, c.longitude, c.local_date, c.language) for c in cells} == {
        (17.39, 78.49, DAY, "en"), (17.39, 78.49, DAY, "hi"), (28.61, 77.21, DAY, "en"),
    }  # fmt: skip
    assert {c.due_at for c in cells} == {KOLKATA_DUE}
    later = wanted_cells(url, EVENING, timedelta(hours=18))
    assert (51.51, -0.13) in {(c.latitude, c.longitude) for c in later}


def test_a_pass_renders_each_card_once_and_the_next_pass_renders_none(prerender_settings, tmp_path):
    url = prerender_settings.database_url
    kolkata_subscribers(url)
    cache = CardCache(tmp_path / "cards", 10 * 1024 * 1024)
    work = prerenderer(prerender_settings, cache)
    reports = whole_pass(work, EVENING)
    assert [r.stop for r in reports] == [Stop.MORE, Stop.DONE]
    # Hyderabad and Delhi in English, Hyderabad in Hindi (no town: the languages' calendar).
    assert sorted(work.render.cards) == [("en", "purnimanta")] * 2 + [("hi", "purnimanta")]
    cells = wanted_cells(url, EVENING, timedelta(hours=12))
    assert all(cache.contains(cell_key(cell, "drik")) for cell in cells)
    # Two places: each panchangam computed once and stored for the morning's batches.
    assert work.panchangams.computed == 2 and stored_count(url) == 2
    again = prerenderer(prerender_settings, cache)
    assert whole_pass(again, EVENING + timedelta(minutes=5)) == [ChunkReport(Stop.DONE, 0, 3, 0)]
    assert again.render.cards == [] and again.panchangams.computed == 0


def test_a_card_rendered_ahead_is_the_card_of_the_messages_panchangam(prerender_settings, tmp_path):
    add_subscriber(prerender_settings.database_url, "Asia/Kolkata", language="te")
    cache = CardCache(tmp_path / "cards", 10 * 1024 * 1024)
    work = prerenderer(prerender_settings, cache)
    whole_pass(work, EVENING)
    (cell,) = wanted_cells(prerender_settings.database_url, EVENING, timedelta(hours=12))
    # The send's own content (another process, loading the stored panchangam) draws the same.
    morning = almanac_content(DatabaseStore(prerender_settings.database_url)).panchangams
    recipient_day = morning.get(_recipient(cell))
    assert morning.computed == 0
    assert cache.get(cell_key(cell, "drik")) == render_card(recipient_day, "te", "", "amanta")


def _recipient(cell):
    from lokpanchang.broadcast.content import Recipient

    return Recipient(0, 0, "", cell.language, *HYDERABAD, cell.timezone, cell.local_date)


def test_nothing_is_rendered_near_a_slot_nor_while_a_run_is_open(prerender_settings, tmp_path):
    url = prerender_settings.database_url
    kolkata_subscribers(url)
    add_subscriber(url, "Europe/London", latitude=LONDON[0], longitude=LONDON[1])
    work = prerenderer(prerender_settings, CardCache(tmp_path / "cards", 10 * 1024 * 1024))
    near = KOLKATA_DUE - timedelta(minutes=4)  # the guard is 5 min
    assert prerender_chunk(work, near, FAR) == ChunkReport(Stop.SEND_NEAR)
    report = planner_pass(prerender_settings, KOLKATA_DUE - timedelta(minutes=10),
                          RecordingQueue(), DatabaseLock(url))  # fmt: skip
    sending = KOLKATA_DUE + timedelta(minutes=20)  # the run is not finished
    assert prerender_chunk(work, sending, FAR) == ChunkReport(Stop.SEND_NEAR)
    assert work.render.cards == []
    with transaction(url) as session:
        assert runs.move_run(session, report.planned[0], RunStatus.MISSED)
    assert prerender_chunk(work, sending, FAR).rendered == 1  # London's, 5 h on


def test_a_chunk_past_its_pass_deadline_renders_nothing(prerender_settings, tmp_path):
    kolkata_subscribers(prerender_settings.database_url)
    work = prerenderer(prerender_settings, CardCache(tmp_path / "cards", 10 * 1024 * 1024))
    assert prerender_chunk(work, EVENING, EVENING) == ChunkReport(Stop.PAST_DEADLINE)
    assert work.render.cards == []


def test_when_the_cards_do_not_fit_old_cards_go_first_and_the_soonest_sends_cards_stay(
    prerender_settings, tmp_path
):
    url = prerender_settings.database_url
    add_subscriber(url, "Asia/Tokyo", latitude=35.68, longitude=139.69)  # 21:30 UTC: first
    kolkata_subscribers(url)  # 01:00 UTC: three cards
    cache = CardCache(tmp_path / "cards", 2_500)
    yesterday = CardKey(17.39, 78.49, DAY - timedelta(days=1), "en", "amanta", "drik")
    cache.put(yesterday, PNG)
    work = prerenderer(prerender_settings, cache, CountingRender(PNG))
    reports = whole_pass(work, EVENING)
    assert reports[-1].stop is Stop.FULL and cache.size() <= 2_500
    cells = wanted_cells(url, EVENING, timedelta(hours=12))
    assert [cell.timezone for cell in cells] == ["Asia/Tokyo"] + ["Asia/Kolkata"] * 3
    on_disk = [cache.contains(cell_key(cell, "drik")) for cell in cells]
    assert on_disk == [True, True, False, False] and not cache.contains(yesterday)
    # The next pass evicts none of them and writes nothing more.
    assert whole_pass(work, EVENING + timedelta(minutes=5))[-1].stop is Stop.FULL
    assert [cache.contains(cell_key(cell, "drik")) for cell in cells] == on_disk


def test_the_beat_runs_the_pass_on_its_own_queue(settings):
    from lokpanchang.ops.beat.schedule import beat_schedule
    from lokpanchang.tasks import app
    from lokpanchang.tasks.app import TASK_QUEUES

    entry = beat_schedule(settings)["prerender-cards"]
    assert entry["task"] == "tasks.prerender_cards" and entry["schedule"] == 300.0
    app.loader.import_default_modules()
    assert app.tasks["tasks.prerender_cards"].queue == "cards"
    assert "cards" in {queue.name for queue in TASK_QUEUES}


def test_the_send_time_of_another_zone_does_not_hold_up_tomorrows_cards(
    prerender_settings, tmp_path
):
    url = prerender_settings.database_url
    add_subscriber(url, "Asia/Kolkata")
    add_subscriber(url, "Europe/London", time(19, 30), latitude=LONDON[0], longitude=LONDON[1])
    work = prerenderer(prerender_settings, CardCache(tmp_path / "cards", 10 * 1024 * 1024))
    # London's 19:30 is 19:30 UTC, within the 5 min guard at 19:27: nothing is rendered...
    at = datetime(2026, 3, 9, 19, 27, tzinfo=UTC)
    assert prerender_chunk(work, at, FAR).stop is Stop.SEND_NEAR
    # ...and at 19:40 (London's run planned by no one here) Kolkata's card is.
    assert prerender_chunk(work, datetime(2026, 3, 9, 19, 40, tzinfo=UTC), FAR).rendered >= 1


def test_who_said_card_off_gets_no_card_rendered_ahead(settings):
    url = settings.database_url
    add_subscriber(url, "Asia/Kolkata", language="en")
    add_subscriber(url, "Asia/Kolkata", latitude=DELHI[0], longitude=DELHI[1], card_off=True)
    cells = wanted_cells(url, EVENING, timedelta(hours=12))
    assert {(c.latitude, c.longitude) for c in cells} == {(17.39, 78.49)}


def test_a_card_rendered_ahead_has_the_key_and_town_of_the_card_the_send_draws(settings):
    """The pre-rendered card is the one the morning's send looks up (``recipient_card_key``)
    and names the town as the message does: in the reader's script (issue 25 item 2)."""
    from lokpanchang.broadcast.cards import recipient_card_key
    from lokpanchang.broadcast.content import subscriber_recipient
    from lokpanchang.places import lookup
    from lokpanchang.storage.cities import get_or_create_city
    from lokpanchang.storage.models import UserDetail

    url = settings.database_url
    with transaction(url) as session:
        city_id = get_or_create_city(session, lookup(*DELHI)).id
    user_id = add_subscriber(url, "Asia/Kolkata", latitude=DELHI[0], longitude=DELHI[1],
                             language="hi", city_id=city_id)  # fmt: skip
    (cell,) = wanted_cells(url, EVENING, timedelta(hours=12))
    with transaction(url) as session:
        recipient = subscriber_recipient(session.get(UserDetail, user_id), DAY)
    assert cell_key(cell, "drik") == recipient_card_key(recipient, "drik")
    assert cell.place == recipient.place == "दिल्ली"


def test_a_pass_selects_its_cards_once_not_at_every_chunk(
    prerender_settings, tmp_path, monkeypatch
):
    """The selection (a DISTINCT query per slot over its subscribers) is the pass's, kept
    between its chunks in the worker; a later pass (another deadline) selects again."""
    from lokpanchang.broadcast import card_prerender
    from lokpanchang.storage import cards

    url = prerender_settings.database_url
    kolkata_subscribers(url)
    queries = []
    counted = cards.slot_readers
    monkeypatch.setattr(cards, "slot_readers", lambda *a: queries.append(1) or counted(*a))
    work = prerenderer(prerender_settings, CardCache(tmp_path / "cards", 10 * 1024 * 1024))
    reports = whole_pass(work, EVENING)
    assert [r.stop for r in reports] == [Stop.MORE, Stop.DONE] and len(queries) == 1
    add_subscriber(url, "Asia/Kolkata", latitude=CHENNAI[0], longitude=CHENNAI[1])
    later = card_prerender.prerender_chunk(work, EVENING + timedelta(minutes=5), FAR + timedelta(1))
    assert later == ChunkReport(Stop.DONE, 1, 4, 0) and len(queries) == 2


def test_a_chunk_lists_the_card_directory_once_not_once_per_card(
    prerender_settings, tmp_path, monkeypatch
):
    """A listing stats every card on disk (10,000 and more on a pre-render night): a chunk
    of cards rendered ahead pays it once for all its cards."""
    import lokpanchang.card_cache as card_cache

    kolkata_subscribers(prerender_settings.database_url)
    cache = CardCache(tmp_path / "cards", 10 * 1024 * 1024)
    work = prerenderer(prerender_settings, cache, CountingRender(PNG))
    listings = []
    listing = os.scandir
    monkeypatch.setattr(card_cache.os, "scandir", lambda path: listings.append(1) or listing(path))
    first = prerender_chunk(work, EVENING, FAR)  # a chunk of two cards (card_prerender_chunk)
    assert first.rendered == 2 and len(listings) == 1
