"""Cards on disk (issue 27, item 3): rendered once per key, the directory kept within its
bound by dropping the least recently used."""

from __future__ import annotations

import os
from datetime import date

import pytest

from lokpanchang.card_cache import CardCache, CardKey

DAY = date(2026, 3, 15)
PNG = b"\x89PNG\r\n\x1a\n" + b"x" * 992  # 1,000 bytes: the cache only stores bytes


def _key(n: int = 0, language: str = "hi") -> CardKey:
    return CardKey(17.39, 78.49 + n / 100, DAY, language, "purnimanta", "drik")


def test_a_card_is_rendered_once(tmp_path):
    cache = CardCache(tmp_path, 10_000)
    calls = []

    def render():
        calls.append(1)
        return PNG

    assert cache.get_or_render(_key(), render) == PNG
    assert cache.get_or_render(_key(), render) == PNG
    assert calls == [1] and cache.rendered == 1
    # Another process (a new cache over the same directory) finds it too.
    assert CardCache(tmp_path, 10_000).get_or_render(_key(), render) == PNG
    assert calls == [1]


def test_each_language_is_its_own_card(tmp_path):
    cache = CardCache(tmp_path, 10_000)
    cache.put(_key(language="ta"), b"tamil")
    assert cache.get(_key(language="hi")) is None
    assert cache.get(_key(language="ta")) == b"tamil"


def test_the_directory_stays_within_its_bound_dropping_the_least_recently_used(tmp_path):
    cache = CardCache(tmp_path, 3_500)
    for n in range(3):
        cache.put(_key(n), PNG)
        os.utime(tmp_path / _key(n).file_name(), (1_000 + n, 1_000 + n))
    assert cache.get(_key(0)) == PNG  # read now: the most recently used
    cache.put(_key(3), PNG)  # 4,000 bytes > 3,500: one must go, the oldest unread (1)
    assert cache.size() <= 3_500
    assert cache.get(_key(1)) is None
    assert cache.get(_key(0)) == PNG and cache.get(_key(3)) == PNG
    assert not list(tmp_path.glob("*.part"))


@pytest.mark.parametrize("field", ["language", "calendar", "convention"])
def test_a_key_that_is_no_plain_word_is_refused_by_name(tmp_path, field):
    values = {"language": "hi", "calendar": "purnimanta", "convention": "drik"}
    values[field] = "../../etc"
    key = CardKey(17.39, 78.49, DAY, **values)
    with pytest.raises(ValueError, match=rf"card {field} '\.\./\.\./etc'"):
        CardCache(tmp_path, 10_000).put(key, PNG)


def test_a_card_rendered_ahead_makes_room_only_from_cards_no_coming_send_needs(tmp_path):
    cache = CardCache(tmp_path, 3_500)
    for n in range(3):  # yesterday's card (0), then two the coming sends need (1, 2)
        cache.put(_key(n), PNG)
        os.utime(tmp_path / _key(n).file_name(), (1_000 + n, 1_000 + n))
    keep = frozenset(_key(n).file_name() for n in (1, 2, 3, 4))
    room = cache.room(keep)
    assert room.put(_key(3), PNG)  # room made by dropping 0, not 1
    assert [cache.contains(_key(n)) for n in range(4)] == [False, True, True, True]
    assert cache.size() <= 3_500
    # Only needed cards are left: the next one is refused and nothing is written or dropped.
    assert not room.put(_key(4), PNG)
    assert [cache.contains(_key(n)) for n in range(5)] == [False, True, True, True, False]
    assert cache.size() == 3_000


def test_contains_does_not_mark_a_card_used(tmp_path):
    cache = CardCache(tmp_path, 10_000)
    cache.put(_key(), PNG)
    os.utime(tmp_path / _key().file_name(), (1_000, 1_000))
    assert cache.contains(_key()) and not cache.contains(_key(1))
    assert os.stat(tmp_path / _key().file_name()).st_mtime == 1_000


def test_a_half_written_card_left_by_a_killed_process_is_cleared_by_a_later_write(tmp_path):
    cache = CardCache(tmp_path, 10_000)
    (tmp_path / "orphan.part").write_bytes(PNG)  # a writer killed before its rename
    os.utime(tmp_path / "orphan.part", (1_000, 1_000))
    (tmp_path / "writing.part").write_bytes(PNG)  # another process writing now
    cache.put(_key(), PNG)
    assert not (tmp_path / "orphan.part").exists()
    assert (tmp_path / "writing.part").exists() and cache.contains(_key())


def test_cards_rendered_ahead_list_the_directory_once_per_room(tmp_path, monkeypatch):
    """Each listing stats every card (10,000 and more on a pre-render night): a room (a
    chunk's cards) pays one, not one per card, and still keeps the bound."""
    import lokpanchang.card_cache as card_cache

    cache = CardCache(tmp_path, 3_500)
    for n in range(3):
        cache.put(_key(n), PNG)
        os.utime(tmp_path / _key(n).file_name(), (1_000 + n, 1_000 + n))
    listings = []
    listing = os.scandir
    monkeypatch.setattr(card_cache.os, "scandir", lambda path: listings.append(1) or listing(path))
    room = cache.room(frozenset(_key(n).file_name() for n in (3, 4, 5)))
    assert room.put(_key(3), PNG) and room.put(_key(4), PNG) and room.put(_key(5), PNG)
    assert len(listings) == 1
    assert [cache.contains(_key(n)) for n in range(6)] == [False] * 3 + [True] * 3
    assert cache.size() <= 3_500
