"""A channel's ids for the pictures it has uploaded (issue 27): one upload per picture and
identity, its id reused for every recipient.

WhatsApp's media ids belong to the phone number that uploaded them and expire after 30 days;
Telegram's ``file_id`` belongs to the bot and lasts. ``MediaIds`` keeps each id with when it
was uploaded, per (identity, picture key), and renews one that is older than its
``lifetime``. Messages of a batch that need the same picture at once wait for one upload
(single flight); an upload that failed is not tried again for ``failure_pause`` (those
messages go without the picture). With ``shared`` (``SharedIds``: a directory beside the card
cache) the worker processes of a machine share the ids too: one process claims a picture's
upload (a file created exclusively), the others wait for its id (up to ``CLAIM_WAIT``; a
claim older than ``STALE_CLAIM`` is a dead process's and is taken over).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import tempfile
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from lokpanchang import clock

Key = tuple[str, str]  # (our identity: a phone-number id, or "" for a bot; the picture's key)
CLAIM_WAIT = 20.0  # s another process's upload is waited for before uploading here
STALE_CLAIM = 60.0  # s after which a claim is a dead process's
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")


class SharedIds:
    """Ids shared by the processes of a machine: one file per (namespace, identity, key)."""

    def __init__(self, directory: Path, namespace: str) -> None:
        self.directory, self.namespace = Path(directory), namespace

    def _path(self, key: Key, suffix: str) -> Path:
        name = _UNSAFE.sub("_", f"{self.namespace}_{key[0]}_{key[1]}")
        return self.directory / f"{name}{suffix}"

    def read(self, key: Key) -> tuple[str, datetime] | None:
        try:
            media_id, _, at = self._path(key, ".id").read_text().partition("\t")
            return media_id, datetime.fromtimestamp(float(at), UTC)
        except (OSError, ValueError):
            return None

    def claim(self, key: Key) -> bool:
        """True when this process may upload ``key`` (no live claim by another)."""
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self._path(key, ".claim")
        with contextlib.suppress(FileNotFoundError):
            if clock.now().timestamp() - path.stat().st_mtime > STALE_CLAIM:
                path.unlink()
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
        except FileExistsError:
            return False
        return True

    def write(self, key: Key, media_id: str, at: datetime) -> None:
        handle, temporary = tempfile.mkstemp(dir=self.directory, suffix=".part")
        with os.fdopen(handle, "w") as out:
            out.write(f"{media_id}\t{at.timestamp()}")
        os.replace(temporary, self._path(key, ".id"))
        self.release(key)

    def forget(self, key: Key, media_id: str) -> None:
        """The channel no longer knows ``media_id``: no process is to use it again."""
        found = self.read(key)
        if found is not None and found[0] == media_id:
            with contextlib.suppress(FileNotFoundError):
                self._path(key, ".id").unlink()

    def release(self, key: Key) -> None:
        with contextlib.suppress(FileNotFoundError):
            self._path(key, ".claim").unlink()


class MediaIds:
    """Uploaded pictures' ids by (identity, key), with their age; ``uploads`` counts uploads."""

    def __init__(
        self,
        lifetime: timedelta,
        failure_pause: timedelta = timedelta(minutes=5),
        now: Callable[[], datetime] = clock.now,
        shared: SharedIds | None = None,
    ) -> None:
        self.lifetime, self.failure_pause, self._now = lifetime, failure_pause, now
        self.shared = shared
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
        found = self._ids.pop(key, None)
        if found is not None and self.shared is not None:
            self.shared.forget(key, found[0])

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
        found = await self._from_others(key)
        if found is not None:
            return found
        self.uploads += 1
        media_id = await upload()
        if media_id is None:
            self._failed[key] = self._now()
            if self.shared is not None:
                self.shared.release(key)
            return None
        self.remember(key, media_id)
        if self.shared is not None:
            self.shared.write(key, media_id, self._now())
        return media_id

    async def _from_others(self, key: Key) -> str | None:
        """The id another process uploaded (waiting for one under way), or None when this
        process is to upload it (its claim taken)."""
        if self.shared is None:
            return None
        deadline = clock.monotonic() + CLAIM_WAIT
        while True:
            found = self.shared.read(key)
            if found is not None and self._now() - found[1] < self.lifetime:
                self.remember(key, *found)
                return found[0]
            if self.shared.claim(key) or clock.monotonic() > deadline:
                return None
            await asyncio.sleep(0.05)  # another process is uploading it
