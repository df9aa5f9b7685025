"""What a send needs besides ids, and the one event-loop policy every send follows.

Channels are async; their callers (Celery tasks, web requests, the CLI) are not. Every send
runs on its thread's own long-lived event loop (``run_async``), so a channel keeps its
connection pool across the batches of a worker process. The loops are uvloop's: at broadcast
rates the loop's own work per request is a measurable part of a worker's CPU (bench/BENCHMARKS.md,
"HTTP client"). A process's long-lived context is its services' (``Services.send_context``,
made by ``make_context``). A caller that made its own channel for one request or command
uses ``owned_context`` and the channel (and the loop, for a short-lived thread) is closed at
the end.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import uvloop

from lokpanchang.broadcast.cards import CardSource
from lokpanchang.broadcast.content import Content
from lokpanchang.config import Settings
from lokpanchang.delivery.base import Sender

_loops = threading.local()


@dataclass
class SendContext:
    """Settings, the channel, the content function (recipient -> parameters, text) and the
    day's cards for the channels that show them (None: no cards)."""

    settings: Settings
    sender: Sender
    content: Content
    cards: CardSource | None = None

    @property
    def url(self) -> str:
        return self.settings.effective_database_url


def run_async(coroutine):
    """Run ``coroutine`` on this thread's own long-lived event loop (made on first use)."""
    loop = getattr(_loops, "loop", None)
    if loop is None or loop.is_closed():
        loop = _loops.loop = uvloop.new_event_loop()
    return loop.run_until_complete(coroutine)


def transmit(ctx: SendContext, messages: list) -> list:
    """Send ``messages`` through the channel as one batch on this thread's loop; one result
    each, in order (``broadcast.pipeline`` and every send outside a ledger go through it)."""
    return run_async(ctx.sender.send_batch(messages)) if messages else []


def close_thread_loop() -> None:
    """Close this thread's loop (a web request's thread ends; a worker's never does)."""
    loop = getattr(_loops, "loop", None)
    if loop is not None and not loop.is_closed():
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()
    _loops.loop = None


def make_context(settings: Settings, sender: Sender | None = None) -> SendContext:
    """The production wiring: the configured channel (or ``sender``), the default content
    and the cards drawn from its panchangams."""
    from lokpanchang.broadcast.cards import card_source
    from lokpanchang.broadcast.content import default_content
    from lokpanchang.delivery.factory import make_sender

    content = default_content(settings)
    cards = card_source(settings, content.panchangams.get)
    return SendContext(settings, sender or make_sender(settings), content, cards)


@contextmanager
def owned_context(settings: Settings, sender: Sender | None = None) -> Iterator[SendContext]:
    """A context of one's own for a request or a command; its channel is closed afterwards."""
    ctx = make_context(settings, sender)
    try:
        yield ctx
    finally:
        run_async(ctx.sender.close())
        if threading.current_thread() is not threading.main_thread():
            close_thread_loop()
