"""Rendered cards on disk, bounded in size (issue 27): each card is rendered once per place
cell, date, language, calendar and convention, and shared by every process on the machine.

``CardCache.get_or_render(key, render)`` is the one way in. Files are written whole
(a temporary file renamed into place), so a reader never sees half a card; a read marks
the file used, and when the directory grows past its bound the least recently used
cards are deleted.

Cards rendered ahead (``broadcast.card_prerender``) go in through a ``Room``
(``CardCache.room(keep)``, one per chunk of cards): it lists the directory once, makes room
only by deleting cards outside ``keep`` (the cards the coming sends need), least recently
used first, and writes nothing when that is not enough, so rendering ahead never pushes out
a card a coming send needs to make room for another. Listing stats every card on disk
(10,000 and more on a pre-render night), so a chunk pays it once, not once per card; what
other processes write meanwhile is counted at the next chunk's listing.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from lokpanchang.card import CARD_VERSION

_WORD = re.compile(r"^[a-z_]*$")
# A ``.part`` file this much older than a card just written is a writer's that was killed
# before its rename: no write takes that long, so it is deleted (it is outside the bound).
STALE_PART_SECONDS = 600


@dataclass(frozen=True)
class CardKey:
    """What a card depends on: the place cell (degrees, already rounded to the cell, e.g.
    0.01°), the local date, the language, the calendar and the almanac convention."""

    latitude: float
    longitude: float
    local_date: date
    language: str
    calendar: str
    convention: str

    def file_name(self) -> str:
        for name, value in (("language", self.language), ("calendar", self.calendar),
                            ("convention", self.convention)):  # fmt: skip
            if not _WORD.match(value):
                raise ValueError(f"card {name} {value!r} is not a plain lower-case word")
        return (
            f"{self.latitude:.2f}_{self.longitude:.2f}_{self.local_date.isoformat()}_"
            f"{self.language}_{self.calendar or 'default'}_{self.convention}_v{CARD_VERSION}.png"
        )


class CardCache:
    """Cards under ``directory``, at most ``max_bytes`` of them."""

    def __init__(self, directory: Path, max_bytes: int) -> None:
        self.directory = Path(directory)
        self.max_bytes = max_bytes
        self.rendered = 0  # cards this process rendered (not found on disk)

    def get_or_render(self, key: CardKey, render: Callable[[], bytes]) -> bytes:
        """The card of ``key``: from disk, else ``render()``-ed and kept."""
        found = self.get(key)
        if found is not None:
            return found
        png = render()
        self.rendered += 1
        self.put(key, png)
        return png

    def get(self, key: CardKey) -> bytes | None:
        path = self.directory / key.file_name()
        try:
            png = path.read_bytes()
            os.utime(path)  # used now: the last to be evicted
        except FileNotFoundError:  # never made, or evicted (even between read and touch)
            return None
        return png

    def put(self, key: CardKey, png: bytes) -> None:
        final = self._write(key, png)
        self._evict(stale_before=final.stat().st_mtime - STALE_PART_SECONDS)

    def _write(self, key: CardKey, png: bytes) -> Path:
        self.directory.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.directory, suffix=".part")
        with os.fdopen(handle, "wb") as out:
            out.write(png)
        final = self.directory / key.file_name()
        os.replace(temporary, final)
        return final

    def contains(self, key: CardKey) -> bool:
        """Whether ``key``'s card is on disk (without marking it used)."""
        return (self.directory / key.file_name()).is_file()

    def room(self, keep: frozenset[str]) -> Room:
        """Room for cards rendered ahead, made only from cards whose file names are not in
        ``keep``; the directory is listed once, now."""
        return Room(self, keep)

    def size(self) -> int:
        """Bytes of cards on disk now."""
        return sum(size for _, _, size in self._cards())

    def _evict(self, stale_before: float | None = None) -> None:
        cards = sorted(self._cards(stale_before))  # oldest use first
        total = sum(size for _, _, size in cards)
        for _, path, size in cards:
            if total <= self.max_bytes:
                return
            with contextlib.suppress(FileNotFoundError):  # another process evicted it first
                path.unlink()
            total -= size

    def _cards(self, stale_before: float | None = None) -> list[tuple[float, Path, int]]:
        """(last use, path, bytes) of every card; deletes ``.part`` files last written
        before ``stale_before`` on the way."""
        found = []
        for entry in os.scandir(self.directory):
            try:
                if entry.name.endswith(".png"):
                    stat = entry.stat()
                    found.append((stat.st_mtime, Path(entry.path), stat.st_size))
                elif entry.name.endswith(".part") and _stale(entry, stale_before):
                    os.unlink(entry.path)
            except FileNotFoundError:  # evicted, renamed or cleared by another process
                continue
        return found


def _stale(entry: os.DirEntry, before: float | None) -> bool:
    return before is not None and entry.stat().st_mtime < before


class Room:
    """The cache's room for a chunk of cards rendered ahead (``CardCache.room``): one listing
    of the directory, then each ``put`` deletes what it must from the cards outside ``keep``,
    least recently used first."""

    def __init__(self, cache: CardCache, keep: frozenset[str]) -> None:
        self._cache = cache
        cache.directory.mkdir(parents=True, exist_ok=True)
        # Its last change is no later than now: a .part older than that by far is a dead one.
        changed = cache.directory.stat().st_mtime
        cards = sorted(cache._cards(stale_before=changed - STALE_PART_SECONDS))
        self._total = sum(size for _, _, size in cards)
        self._spare = deque((path, size) for _, path, size in cards if path.name not in keep)
        self._spare_bytes = sum(size for _, size in self._spare)

    def put(self, key: CardKey, png: bytes) -> bool:
        """Keep ``png`` as ``key``'s card if room can be made; False, writing and deleting
        nothing, when the cards to keep (and ``png``) alone would pass the bound."""
        total = self._total + len(png)
        if total - self._spare_bytes > self._cache.max_bytes:
            return False
        while total > self._cache.max_bytes:
            path, size = self._spare.popleft()
            with contextlib.suppress(FileNotFoundError):  # another process evicted it first
                path.unlink()
            total -= size
            self._spare_bytes -= size
        self._cache._write(key, png)
        self._total = total
        return True
