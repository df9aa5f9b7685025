"""A row waiting out its back-off is not re-sent early by the recovery pass, and is once due."""

from __future__ import annotations

from datetime import timedelta

from lokpanchang.broadcast import planner_pass, send_batch, start_run
from lokpanchang.broadcast.locks import DatabaseLock
from lokpanchang.delivery.base import Outcome, SendResult
from tests.broadcast.helpers import RecordingQueue, add_subscriber, ledger
from tests.broadcast.test_sending import KOLKATA_DUE, phones, plan

BACK_OFF_ENDS = KOLKATA_DUE + timedelta(seconds=300)


def rate_limited_run(settings, ctx) -> tuple[int, tuple[int, int]]:
    """A run whose only row the channel asked to retry in 300 s; the row waits that long."""
    user = add_subscriber(settings.database_url, "Asia/Kolkata")
    phone = phones(settings.database_url)[user]
    ctx.sender.outcomes = {phone: SendResult(0, Outcome.RETRY, None, 130429, "rate", 300.0)}
    run_id = plan(settings)
    [bounds] = start_run(settings, run_id, KOLKATA_DUE)
    first = send_batch(ctx, run_id, bounds, KOLKATA_DUE)
    assert (first.counts, first.retry_after) == ({"retry": 1}, 300.0)
    assert ledger(settings.database_url)[0].retry_at == BACK_OFF_ENDS
    ctx.sender.outcomes = {}  # the channel would accept it now
    return run_id, bounds


def recover_and_send(settings, ctx, run_id: int, now) -> list[int]:
    queue = RecordingQueue()
    report = planner_pass(settings, now, queue, DatabaseLock(settings.database_url))
    for queued in queue.run_ids:  # what the worker would do with the re-enqueued run
        for bounds in start_run(settings, queued, now):
            send_batch(ctx, queued, bounds, now)
    return report.recovered


def test_recovery_leaves_a_row_in_back_off_alone(settings, ctx):
    run_id, bounds = rate_limited_run(settings, ctx)
    during = KOLKATA_DUE + timedelta(seconds=200)  # past RUN_STALL_AFTER, inside the back-off
    assert recover_and_send(settings, ctx, run_id, during) == []
    send_batch(ctx, run_id, bounds, during)  # even a stray redelivery of the batch
    assert ctx.sender.sent == []
    assert ledger(settings.database_url)[0].status == "retry"


def test_recovery_sends_a_row_in_back_off_once_the_back_off_has_ended(settings, ctx):
    run_id, _ = rate_limited_run(settings, ctx)
    assert recover_and_send(settings, ctx, run_id, KOLKATA_DUE + timedelta(seconds=200)) == []
    later = BACK_OFF_ENDS + timedelta(seconds=121)  # the batch's own retry was lost
    assert recover_and_send(settings, ctx, run_id, later) == [run_id]
    assert len(ctx.sender.sent) == 1
    assert ledger(settings.database_url)[0].status == "sent"


def test_the_batch_itself_takes_its_row_again_when_the_back_off_ends(settings, ctx):
    run_id, bounds = rate_limited_run(settings, ctx)
    assert send_batch(ctx, run_id, bounds, BACK_OFF_ENDS).counts == {"sent": 1}
