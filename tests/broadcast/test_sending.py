from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

from lokpanchang.broadcast import finish_run, planner_pass, send_batch, start_run, welcome_send
from lokpanchang.broadcast.locks import DatabaseLock
from lokpanchang.delivery.base import Outcome, SendResult
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import UserDetail
from tests.broadcast.helpers import (
    RecordingQueue,
    add_subscriber,
    ledger,
    runs,
    sends_per_user_and_date,
)

KOLKATA_DUE = datetime(2026, 3, 10, 1, 0, tzinfo=UTC)
BEFORE = KOLKATA_DUE - timedelta(minutes=10)


def plan(settings, now=BEFORE) -> int:
    queue = RecordingQueue()
    planner_pass(settings, now, queue, DatabaseLock(settings.database_url))
    return queue.run_ids[0]


def run_to_the_end(ctx, run_id, now=KOLKATA_DUE):
    for bounds in start_run(ctx.settings, run_id, now):
        send_batch(ctx, run_id, bounds, now)
    return finish_run(ctx.settings, run_id, now)


def test_each_subscriber_gets_one_message_in_batches_of_the_configured_size(settings, ctx):
    users = [add_subscriber(settings.database_url, "Asia/Kolkata") for _ in range(7)]
    run_id = plan(settings)
    assert len(start_run(settings, run_id, KOLKATA_DUE)) == 3  # 7 rows in batches of 3
    assert run_to_the_end(ctx, run_id)
    assert sorted(m.to for m in ctx.sender.sent) == sorted(set(m.to for m in ctx.sender.sent))
    assert len(ctx.sender.sent) == len(users)
    [run] = runs(settings.database_url)
    assert (run.status, run.total, run.sent) == ("done", 7, 7)


def test_running_the_send_twice_sends_nobody_twice(settings, ctx):
    for _ in range(4):
        add_subscriber(settings.database_url, "Asia/Kolkata")
    run_id = plan(settings)
    first = start_run(settings, run_id, KOLKATA_DUE)
    second = start_run(settings, run_id, KOLKATA_DUE)  # a redelivered send_for_timezone
    for bounds in first + second + first:
        send_batch(ctx, run_id, bounds, KOLKATA_DUE)
    assert len(ctx.sender.sent) == 4
    assert set(sends_per_user_and_date(settings.database_url).values()) == {1}


def test_a_lost_summary_callback_is_made_good_by_the_next_planner_pass(settings, ctx):
    add_subscriber(settings.database_url, "Asia/Kolkata")
    run_id = plan(settings)
    for bounds in start_run(settings, run_id, KOLKATA_DUE):
        send_batch(ctx, run_id, bounds, KOLKATA_DUE)
    assert runs(settings.database_url)[0].status == "running"
    report = planner_pass(
        settings,
        KOLKATA_DUE + timedelta(minutes=10),
        RecordingQueue(),
        DatabaseLock(settings.database_url),
    )
    assert report.finished == [run_id]
    assert (runs(settings.database_url)[0].status, runs(settings.database_url)[0].sent) == (
        "done",
        1,
    )


def test_a_stale_claim_is_taken_again_but_a_stale_send_is_never_repeated(settings, ctx):
    add_subscriber(settings.database_url, "Asia/Kolkata")
    run_id = plan(settings)
    [bounds] = start_run(settings, run_id, KOLKATA_DUE)
    from lokpanchang.storage import ledger as ledger_sql
    from lokpanchang.storage.models import MessageLog
    from lokpanchang.storage.states import LedgerStatus

    with transaction(settings.database_url) as session:  # a worker claimed, then died
        rows = ledger_sql.run_rows(run_id, bounds)
        ledger_sql.claim(session, MessageLog, rows, KOLKATA_DUE, KOLKATA_DUE)
    send_batch(ctx, run_id, bounds, KOLKATA_DUE + timedelta(seconds=10))
    assert ctx.sender.sent == []  # the claim is fresh: its owner may still send it
    send_batch(ctx, run_id, bounds, KOLKATA_DUE + timedelta(seconds=301))
    assert len(ctx.sender.sent) == 1
    with transaction(settings.database_url) as session:  # pretend the send never finished
        session.get(MessageLog, ledger(settings.database_url)[0].id).status = LedgerStatus.SENDING
        session.get(MessageLog, ledger(settings.database_url)[0].id).claimed_at = KOLKATA_DUE
    planner_pass(
        settings,
        KOLKATA_DUE + timedelta(minutes=30),
        RecordingQueue(),
        DatabaseLock(settings.database_url),
    )
    send_batch(ctx, run_id, bounds, KOLKATA_DUE + timedelta(minutes=31))
    assert len(ctx.sender.sent) == 1
    assert ledger(settings.database_url)[0].status == "ambiguous"


def outcome(phone, kind, code=None):
    return SendResult(0, kind, None, code, f"forced {kind}")


def phones(url):
    with transaction(url) as session:
        return {u.id: u.address_on("whatsapp") for u in session.query(UserDetail)}


def test_channel_outcomes_are_recorded_per_subscriber(settings, ctx):
    ids = [add_subscriber(settings.database_url, "Asia/Kolkata") for _ in range(4)]
    phone = phones(settings.database_url)
    ctx.sender.outcomes = {
        phone[ids[0]]: outcome(phone[ids[0]], Outcome.SKIP, 130472),
        phone[ids[1]]: outcome(phone[ids[1]], Outcome.DISABLE, 131050),
        phone[ids[2]]: outcome(phone[ids[2]], Outcome.AMBIGUOUS),
    }
    run_to_the_end(ctx, plan(settings))
    status = {row.user_id: row.status for row in ledger(settings.database_url)}
    assert status == {ids[0]: "skipped", ids[1]: "failed", ids[2]: "ambiguous", ids[3]: "sent"}
    with transaction(settings.database_url) as session:
        disabled = session.get(UserDetail, ids[1])
        assert disabled.obsoleted_on == KOLKATA_DUE and "131050" in disabled.disabled_reason
    [run] = runs(settings.database_url)
    # Ambiguous is neither failed nor skipped (storage.states: FAILED_LEDGER, NOT_TODAY_LEDGER).
    assert (run.status, run.total, run.sent, run.skipped, run.failed) == ("done", 4, 1, 1, 1)


def test_a_halt_stops_the_run_and_disables_nobody(settings, ctx):
    ids = [add_subscriber(settings.database_url, "Asia/Kolkata") for _ in range(6)]
    phone = phones(settings.database_url)
    ctx.sender.outcomes = {phone[ids[0]]: outcome(phone[ids[0]], Outcome.HALT, 190)}
    run_id = plan(settings)
    batches = start_run(settings, run_id, KOLKATA_DUE)
    for bounds in batches:
        send_batch(ctx, run_id, bounds, KOLKATA_DUE)
    [run] = runs(settings.database_url)
    assert run.status == "halted" and "190" in run.error
    assert len(ctx.sender.sent) == 2  # the rest of the first batch only
    with transaction(settings.database_url) as session:
        assert all(u.disabled_reason is None for u in session.query(UserDetail))


def test_retried_rows_are_sent_by_the_retried_batch(settings, ctx):
    user = add_subscriber(settings.database_url, "Asia/Kolkata")
    phone = phones(settings.database_url)[user]
    ctx.sender.outcomes = {phone: SendResult(0, Outcome.RETRY, None, 130429, "rate", 2.0)}
    run_id = plan(settings)
    [bounds] = start_run(settings, run_id, KOLKATA_DUE)
    first = send_batch(ctx, run_id, bounds, KOLKATA_DUE)
    assert first.counts == {"retry": 1} and first.retry_after is not None
    ctx.sender.outcomes = {}
    send_batch(ctx, run_id, bounds, KOLKATA_DUE + timedelta(seconds=5))
    assert [row.status for row in ledger(settings.database_url)] == ["sent"]
    assert finish_run(settings, run_id, KOLKATA_DUE + timedelta(seconds=5))


def test_a_subscriber_joining_after_the_send_time_gets_today_once_then_the_daily_run(settings, ctx):
    add_subscriber(settings.database_url, "Asia/Kolkata")
    run_id = plan(settings)
    run_to_the_end(ctx, run_id)
    joined_at = KOLKATA_DUE + timedelta(hours=3)
    newcomer = add_subscriber(settings.database_url, "Asia/Kolkata", created_on=joined_at)
    assert welcome_send(newcomer, joined_at, ctx) == "sent"
    assert welcome_send(newcomer, joined_at + timedelta(minutes=1), ctx) == "already"
    run_to_the_end(ctx, run_id, joined_at)  # a late redelivery of today's run
    tomorrow = plan(settings, BEFORE + timedelta(days=1))
    run_to_the_end(ctx, tomorrow, KOLKATA_DUE + timedelta(days=1))
    newcomer_rows = [row for row in ledger(settings.database_url) if row.user_id == newcomer]
    assert [(row.kind, row.local_date.day) for row in newcomer_rows] == [
        ("welcome", 10),
        ("daily", 11),
    ]
    assert len(ctx.sender.sent) == 4


def test_a_subscriber_joining_before_the_send_time_waits_for_the_daily_run(settings, ctx):
    early = add_subscriber(settings.database_url, "Asia/Kolkata", created_on=BEFORE)
    assert welcome_send(early, BEFORE, ctx) == "daily"
    run_to_the_end(ctx, plan(settings))
    assert [row.user_id for row in ledger(settings.database_url)] == [early]


def test_a_subscriber_who_moves_west_gets_no_second_message_for_the_same_date(settings, ctx):
    user = add_subscriber(settings.database_url, "Asia/Kolkata")
    run_to_the_end(ctx, plan(settings))
    with transaction(settings.database_url) as session:
        session.get(UserDetail, user).timezone = "Europe/London"
    london_due = datetime(2026, 3, 10, 6, 30, tzinfo=UTC)
    run_to_the_end(ctx, plan(settings, london_due - timedelta(minutes=5)), london_due)
    assert len(ctx.sender.sent) == 1
    assert sends_per_user_and_date(settings.database_url) == {(user, london_due.date()): 1}


def test_a_recovered_run_past_the_grace_period_sends_nothing(settings, ctx):
    add_subscriber(settings.database_url, "Asia/Kolkata", send_time=time(6, 30))
    run_id = plan(settings)
    assert run_to_the_end(ctx, run_id, KOLKATA_DUE + timedelta(hours=3)) is False
    assert ctx.sender.sent == []
    assert [row.status for row in ledger(settings.database_url)] == ["missed"]


def test_after_an_operators_early_send_the_daily_run_sends_nobody_again(settings, ctx):
    from lokpanchang.broadcast import adhoc

    first, second = (add_subscriber(settings.database_url, "Asia/Kolkata") for _ in range(2))
    adhoc.backfill(ctx, "Asia/Kolkata", KOLKATA_DUE.date(), KOLKATA_DUE - timedelta(hours=3))
    assert len(ctx.sender.sent) == 2
    newcomer = add_subscriber(settings.database_url, "Asia/Kolkata")  # joins before 06:30
    run_to_the_end(ctx, plan(settings))
    assert len(ctx.sender.sent) == 3  # only the newcomer got the 06:30 message
    assert set(sends_per_user_and_date(settings.database_url)) == {
        (user, KOLKATA_DUE.date()) for user in (first, second, newcomer)
    }
    assert set(sends_per_user_and_date(settings.database_url).values()) == {1}
    [run] = runs(settings.database_url)
    assert (run.status, run.total, run.sent) == ("done", 1, 1)
