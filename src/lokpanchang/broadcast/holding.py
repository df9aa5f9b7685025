"""Outcomes the channel returned are written even when the database is briefly unreachable.

Once a batch is sent, its results exist only in the worker's memory. If the database is down
then (a restart, a failover), the worker keeps them and tries again with a growing pause,
for up to ``OUTCOME_HOLD`` seconds, logging each try; then it gives up loudly
(``outcomes.unrecorded``, with every row's outcome and message id) and the rows, still
'sending', become 'ambiguous' for a status webhook to resolve. A row left 'sending' is only
given up as ambiguous after ``claim_stale_after + outcome_hold`` (``sending_stale_after``),
so recovery never takes a row a live worker is still holding an outcome for.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import structlog

from lokpanchang import clock
from lokpanchang.storage.db import OUTAGE, transaction

log = structlog.get_logger(__name__)

FIRST_PAUSE, LONGEST_PAUSE = 0.5, 5.0


def write(ctx, write_rows: Callable, row_ids: list[int], results: list) -> None:
    """Run ``write_rows(session)`` in a transaction, again and again through an outage."""
    hold = ctx.settings.outcome_hold
    started, pause, tries = clock.monotonic(), FIRST_PAUSE, 0
    while True:
        tries += 1
        try:
            with transaction(ctx.url) as session:
                write_rows(session)
        except OUTAGE as exc:
            waited = clock.monotonic() - started
            if waited >= hold:
                _give_up(row_ids, results, waited, exc)
                raise
            log.warning("outcomes.held", rows=len(row_ids), tries=tries, error=_short(exc))
            time.sleep(min(pause, hold - waited))
            pause = min(pause * 2, LONGEST_PAUSE)
            continue
        if tries > 1:
            waited = round(clock.monotonic() - started, 1)
            log.warning("outcomes.recorded_after_outage", rows=len(row_ids), waited_s=waited)
        return


def _give_up(row_ids: list[int], results: list, waited: float, exc: Exception) -> None:
    outcomes = [
        {"row_id": row_id, "outcome": str(r.outcome), "message_id": r.message_id}
        for row_id, r in zip(row_ids, results)
    ]
    log.error(
        "outcomes.unrecorded", waited_s=round(waited, 1), error=_short(exc), outcomes=outcomes
    )


def _short(exc: Exception) -> str:
    return str(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__
