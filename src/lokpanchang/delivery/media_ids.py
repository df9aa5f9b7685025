"""A channel's ids for the pictures it has uploaded (issue 27): one upload per picture and
identity, its id reused for every recipient.

WhatsApp's media ids belong to the phone number that uploaded them and expire after 30 days;
Telegram's ``file_id`` belongs to the bot and lasts. ``MediaIds`` keeps each id with when it
was uploaded, per (identity, picture key), and renews one that is older than its
``lifetime``. Messages of a batch that need the same picture at once wait for one upload
(single flight); an upload that failed is not tried again for ``failure_pause`` (those
messages go without the picture). The ids live in the process: each worker process uploads a
picture once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from lokpanchang import clock

Key = tuple[str, str]  # (our identity: a phone-number id, or "" for a bot; the picture's key)


class MediaIds:
    """Uploaded pictures' ids by (identity, key), with their age; ``uploads`` counts uploads."""

    def __init__(
        self,
        lifetime: timedelta,
        failure_pause: timedelta = timedelta(minutes=5),
        now: Callable[[], datetime] = clock.now,
    ) -> None:
        self.lifetime, self.failure_pause, self._now = lifetime, failure_pause, now
        self._ids: dict[Key, tuple[str, datetime]] = {}
        self._failed: dict[Key, datetime] = {}
        self._flights: dict[Key, asyncio.Future[str | None]] = {}
        self.uploads = 0

    def known(self, key: Key) -> str | None:
        """The id of ``key`` if it is still young enough to use."""
        found = self._ids.get(key)
        if found is None or self._now() - found[1] >= self.lifetime:
            return None
        return found[0]

    def remember(self, key: Key, media_id: str, uploaded_at: datetime | None = None) -> None:
        self._ids[key] = (media_id, uploaded_at or self._now())
        self._failed.pop(key, None)

    def forget(self, key: Key) -> None:
        """The channel no longer knows this id (expired, or its server forgot it)."""
        self._ids.pop(key, None)

    async def get(self, key: Key, upload: Callable[[], Awaitable[str | None]]) -> str | None:
        """The id of ``key``: known, or uploaded once however many ask at the same time;
        None when the upload failed (or failed lately)."""
        found = self.known(key)
        if found is not None:
            return found
        failed = self._failed.get(key)
        if failed is not None and self._now() - failed < self.failure_pause:
            return None
        flight = self._flights.get(key)
        if flight is None:
            flight = self._flights[key] = asyncio.ensure_future(self._upload(key, upload))
            flight.add_done_callback(lambda _: self._flights.pop(key, None))
        return await asyncio.shield(flight)

    async def _upload(self, key: Key, upload: Callable[[], Awaitable[str | None]]) -> str | None:
        self.uploads += 1
        media_id = await upload()
        if media_id is None:
            self._failed[key] = self._now()
        else:
            self.remember(key, media_id)
        return media_id
