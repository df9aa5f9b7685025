"""Orchestration of every send: plan -> owe -> claim -> render -> mark -> send -> record.

One pipeline (``broadcast.pipeline``) sends every kind: a daily run's batches
(``broadcast.daily``), backfills and announcements (``broadcast.adhoc``), the welcome
(``broadcast.welcome``), an operator's sends (``broadcast.manual``), retries of rows outside a
run (``broadcast.retries``) and the conversation's replies (``broadcast.replies``).
``tasks/scheduling.py`` wraps these functions; tests call them directly.
"""

from __future__ import annotations

from lokpanchang.broadcast.context import (
    SendContext,
    make_context,
    owned_context,
    run_async,
)
from lokpanchang.broadcast.daily import finish_run, send_batch, start_run
from lokpanchang.broadcast.pipeline import Tally, batch_bounds
from lokpanchang.broadcast.planner import PassReport, planner_pass


def prepare_run(ctx: SendContext, run_id: int, now) -> int:
    """See ``lokpanchang.broadcast.prepare.prepare_run``."""
    from lokpanchang.broadcast.prepare import prepare_run as prepare

    return prepare(ctx, run_id, now)


def welcome_send(user_id: int, now, ctx: SendContext) -> str:
    """See ``lokpanchang.broadcast.welcome.welcome_send``."""
    from lokpanchang.broadcast.welcome import welcome_send as send

    return send(user_id, now, ctx)


__all__ = [
    "PassReport",
    "SendContext",
    "Tally",
    "batch_bounds",
    "finish_run",
    "make_context",
    "owned_context",
    "planner_pass",
    "prepare_run",
    "run_async",
    "send_batch",
    "start_run",
    "welcome_send",
]
