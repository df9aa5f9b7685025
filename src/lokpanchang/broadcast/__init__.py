"""Orchestration of the daily broadcast: plan -> claim -> compute (cached) -> render -> send ->
record. ``tasks/scheduling.py`` wraps these functions; tests call them directly."""

from __future__ import annotations

from functools import lru_cache

from lokpanchang.broadcast.planner import PassReport, planner_pass
from lokpanchang.broadcast.sending import (
    BatchResult,
    SendContext,
    batch_bounds,
    defer_retries,
    finish_run,
    give_up_retries,
    send_batch,
    start_run,
)
from lokpanchang.config import Settings, get_settings


def make_context(settings: Settings) -> SendContext:
    """The production wiring: the configured channel and the default content."""
    from lokpanchang.broadcast.content import default_content
    from lokpanchang.delivery.factory import make_sender

    return SendContext(settings, make_sender(settings), default_content(settings))


@lru_cache(maxsize=1)
def default_context() -> SendContext:
    """One context per process (its panchangam cache is shared by every batch)."""
    return make_context(get_settings())


def prepare_run(ctx: SendContext, run_id: int, now) -> int:
    """See ``lokpanchang.broadcast.prepare.prepare_run``."""
    from lokpanchang.broadcast.prepare import prepare_run as prepare

    return prepare(ctx, run_id, now)


def welcome_send(user_id: int, now, ctx: SendContext | None = None) -> str:
    """See ``lokpanchang.broadcast.welcome.welcome_send``."""
    from lokpanchang.broadcast.welcome import welcome_send as send

    return send(user_id, now, ctx)


__all__ = [
    "BatchResult",
    "PassReport",
    "SendContext",
    "batch_bounds",
    "default_context",
    "defer_retries",
    "finish_run",
    "give_up_retries",
    "make_context",
    "planner_pass",
    "prepare_run",
    "send_batch",
    "start_run",
    "welcome_send",
]
