"""What a process holds for its whole life, built once where it starts and passed in.

Each entry point builds one ``Services`` from the settings it read (the CLI's ``main``, the
Celery app of ``celery -A lokpanchang.tasks``, the web app factory that gunicorn's workers
call) and hands it, or what it holds, to the layers below; nothing below reads the process
environment or keeps a default of its own (warehouse builds its services the same way).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from lokpanchang.almanac import Convention, convention_named
from lokpanchang.broadcast import SendContext, make_context
from lokpanchang.config import Settings
from lokpanchang.delivery.adapters import ADAPTERS, Adapter


@dataclass(eq=False)  # one per process: compared (and hashed) by identity
class Services:
    """The settings, the channel registry, and the process's own send context (made on its
    first send, so a prefork parent that never sends holds no connection pools)."""

    settings: Settings
    channels: dict[str, Adapter] = field(default_factory=lambda: ADAPTERS)
    _context: SendContext | None = field(default=None, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    @property
    def database_url(self) -> str:
        return self.settings.effective_database_url

    @property
    def convention(self) -> Convention:
        """The almanac convention the settings name (``ALMANAC_CONVENTION``)."""
        return convention_named(self.settings.almanac_convention)

    def send_context(self) -> SendContext:
        """The process's send context: its panchangam cache and its channels' connection
        pools are shared by every batch the process sends."""
        with self._lock:
            if self._context is None:
                from lokpanchang.delivery.factory import make_sender

                sender = make_sender(self.settings, keep_open=True)
                self._context = make_context(self.settings, sender)
            return self._context
