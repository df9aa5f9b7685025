"""What a process holds for its whole life, built once where it starts and passed in.

Each entry point builds one ``Services`` from the settings it read (the CLI's ``main``, the
Celery app of ``celery -A lokpanchang.tasks``) and hands it, or what it holds, to the layers
below (the web app is given the settings ``lokpanchang web`` read: ``create_app(settings)``);
nothing below reads the process environment or keeps a default of its own (warehouse builds
its services the same way).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lokpanchang.config import Settings

if TYPE_CHECKING:  # imported when used: a CLI command pays only for what it uses
    from lokpanchang.almanac import Convention
    from lokpanchang.broadcast import SendContext


@dataclass(eq=False)  # one per process: compared (and hashed) by identity
class Services:
    """The settings and the process's own send context (made on its first send, so a
    prefork parent that never sends holds no connection pools)."""

    settings: Settings
    _context: SendContext | None = field(default=None, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    @property
    def database_url(self) -> str:
        return self.settings.effective_database_url

    @property
    def convention(self) -> Convention:
        """The almanac convention the settings name (``ALMANAC_CONVENTION``)."""
        from lokpanchang.almanac import convention_named

        return convention_named(self.settings.almanac_convention)

    def send_context(self) -> SendContext:
        """The process's send context: its panchangam cache and its channels' connection
        pools are shared by every batch the process sends."""
        with self._lock:
            if self._context is None:
                from lokpanchang.broadcast import make_context
                from lokpanchang.delivery.factory import make_sender

                sender = make_sender(self.settings, keep_open=True)
                self._context = make_context(self.settings, sender)
            return self._context
