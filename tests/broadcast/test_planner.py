from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

from lokpanchang.broadcast import planner_pass, send_batch, start_run
from lokpanchang.broadcast.locks import DatabaseLock, RedisLock
from tests.broadcast.helpers import RecordingQueue, add_subscriber, ledger, runs

# 06:30 in Asia/Kolkata on 2026-03-10 is 01:00 UTC.
KOLKATA_DUE = datetime(2026, 3, 10, 1, 0, tzinfo=UTC)
BEFORE = KOLKATA_DUE - timedelta(minutes=10)


def test_it_plans_one_run_per_slot_and_enqueues_it_for_the_instant(settings):
    add_subscriber(settings.database_url, "Asia/Kolkata")
    add_subscriber(settings.database_url, "Asia/Kolkata")
    queue, lock = RecordingQueue(), DatabaseLock(settings.database_url)
    planner_pass(settings, BEFORE, queue, lock)
    planner_pass(settings, BEFORE + timedelta(minutes=1), queue, lock)
    [run] = runs(settings.database_url)
    assert (run.timezone, run.local_date, run.due_at, run.status) == (
        "Asia/Kolkata",
        KOLKATA_DUE.date(),
        KOLKATA_DUE,
        "enqueued",
    )
    assert queue.calls == [(run.id, KOLKATA_DUE)]


def test_two_planners_with_their_own_locks_enqueue_a_slot_once(settings):
    add_subscriber(settings.database_url, "Asia/Kathmandu", time(6, 30))  # +05:45
    queue = RecordingQueue()
    planner_pass(
        settings,
        datetime(2026, 3, 10, 0, 40, tzinfo=UTC),
        queue,
        DatabaseLock(settings.database_url),
    )
    planner_pass(
        settings,
        datetime(2026, 3, 10, 0, 41, tzinfo=UTC),
        queue,
        DatabaseLock(settings.database_url),
    )
    assert len(queue.calls) == 1
    assert queue.calls[0][1] == datetime(2026, 3, 10, 0, 45, tzinfo=UTC)


def test_the_redis_lock_holds_the_seed_key_for_a_day(redis_url):
    import redis

    lock = RedisLock(redis_url)
    assert lock.acquire("lock:Asia/Kolkata:2026-03-10", BEFORE, timedelta(hours=24))
    assert not lock.acquire("lock:Asia/Kolkata:2026-03-10", BEFORE, timedelta(hours=24))
    ttl = redis.Redis.from_url(redis_url).ttl("lock:Asia/Kolkata:2026-03-10")
    assert 86000 < ttl <= 86400


def test_an_expired_database_lock_can_be_taken_again(settings):
    lock = DatabaseLock(settings.database_url)
    assert lock.acquire("lock:X:2026-03-10", BEFORE, timedelta(hours=24))
    assert not lock.acquire("lock:X:2026-03-10", BEFORE + timedelta(hours=23), timedelta(hours=24))
    assert lock.acquire("lock:X:2026-03-10", BEFORE + timedelta(hours=24), timedelta(hours=24))


def test_it_reports_an_invalid_stored_zone_and_plans_the_others(settings):
    add_subscriber(settings.database_url, "Asia/Kolkata")
    add_subscriber(settings.database_url, "Mars/Olympus_Mons")
    report = planner_pass(settings, BEFORE, RecordingQueue(), DatabaseLock(settings.database_url))
    assert report.invalid_zones == ["Mars/Olympus_Mons"]
    assert [run.timezone for run in runs(settings.database_url)] == ["Asia/Kolkata"]


def test_a_run_whose_enqueue_was_lost_is_enqueued_again_after_its_instant(settings):
    add_subscriber(settings.database_url, "Asia/Kolkata")
    queue, lock = RecordingQueue(), DatabaseLock(settings.database_url)
    planner_pass(settings, BEFORE, queue, lock)
    report = planner_pass(settings, KOLKATA_DUE + timedelta(seconds=60), queue, lock)
    assert report.recovered == []  # not stalled yet: the worker may be starting it
    report = planner_pass(settings, KOLKATA_DUE + timedelta(seconds=121), queue, lock)
    assert report.recovered == queue.run_ids[:1]
    assert queue.calls[-1] == (queue.run_ids[0], None)


def test_after_a_short_outage_the_slot_is_sent_late_and_marked_late(settings, ctx):
    user = add_subscriber(settings.database_url, "Asia/Kolkata")
    queue, now = RecordingQueue(), KOLKATA_DUE + timedelta(minutes=90)
    report = planner_pass(settings, now, queue, DatabaseLock(settings.database_url))
    assert report.late == queue.run_ids and queue.calls[0][1] is None
    for bounds in start_run(settings, report.late[0], now):
        send_batch(ctx, report.late[0], bounds, now)
    [row] = ledger(settings.database_url)
    assert (row.user_id, row.status, row.late) == (user, "sent", True)
    assert runs(settings.database_url)[0].late


def test_after_a_long_outage_the_slot_is_recorded_missed_and_never_sent(settings, ctx):
    user = add_subscriber(settings.database_url, "Asia/Kolkata")
    queue, now = RecordingQueue(), KOLKATA_DUE + timedelta(hours=3)
    report = planner_pass(settings, now, queue, DatabaseLock(settings.database_url))
    assert queue.calls == [] and len(report.missed) == 1
    [run] = runs(settings.database_url)
    assert (run.status, run.total) == ("missed", 1)
    assert start_run(settings, run.id, now) == []
    [row] = ledger(settings.database_url)
    assert (row.user_id, row.status) == (user, "missed")
    assert ctx.sender.sent == []


def test_a_beat_outage_of_thirty_minutes_sends_every_zone_due_in_it_late(settings):
    zones = ["Asia/Kolkata", "Asia/Kathmandu", "Asia/Colombo", "Asia/Dhaka"]
    for zone in zones:
        add_subscriber(settings.database_url, zone)
    queue = RecordingQueue()
    # Kathmandu 00:45, Kolkata/Colombo 01:00 (UTC) fall in the outage; Dhaka (00:30) before it.
    planner_pass(
        settings,
        datetime(2026, 3, 10, 0, 20, tzinfo=UTC),
        queue,
        DatabaseLock(settings.database_url),
    )
    report = planner_pass(
        settings,
        datetime(2026, 3, 10, 1, 5, tzinfo=UTC),
        queue,
        DatabaseLock(settings.database_url),
    )
    late_zones = {run.timezone for run in runs(settings.database_url) if run.id in report.late}
    assert late_zones == {"Asia/Kolkata", "Asia/Kathmandu", "Asia/Colombo"}
    assert sorted(run.timezone for run in runs(settings.database_url)) == sorted(zones)
