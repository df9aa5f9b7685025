"""Panchangams prepared before the instant, shared by every worker through the database."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest
from sqlalchemy import func, select

from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.broadcast import (
    SendContext,
    finish_run,
    planner_pass,
    prepare_run,
    send_batch,
    start_run,
)
from lokpanchang.broadcast.content import DatabaseStore, Recipient, almanac_content
from lokpanchang.broadcast.locks import DatabaseLock
from lokpanchang.delivery.memory import MemorySender
from lokpanchang.messages import render_daily
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import PreparedPanchangam, UserDetail
from tests.broadcast.helpers import RecordingQueue, add_subscriber, ledger, runs
from tests.broadcast.test_sending import BEFORE, KOLKATA_DUE, plan

DAY = date(2026, 3, 10)
HYDERABAD, NEIGHBOUR, DELHI = (17.385, 78.486), (17.3853, 78.4858), (28.61, 77.21)


def worker(settings) -> SendContext:
    """What one worker process holds: its own channel and its own in-process cache."""
    return SendContext(
        settings, MemorySender(), almanac_content(DatabaseStore(settings.database_url))
    )


def stored_count(url: str) -> int:
    with transaction(url) as session:
        return session.execute(select(func.count()).select_from(PreparedPanchangam)).scalar_one()


def hyderabad(language: str) -> Recipient:
    return Recipient(1, 1, "+919800000001", language, *HYDERABAD, "Asia/Kolkata", DAY, "Hyderabad")


@pytest.mark.parametrize("language", ["en", "hi", "ta"])
def test_a_stored_panchangam_renders_exactly_the_message_of_the_live_one(settings, language):
    live = generate_panchangam_with_timezone(*HYDERABAD, "Asia/Kolkata", DAY, city="Hyderabad")
    expected = render_daily(live, language)
    assert render_daily(json.loads(json.dumps(live.to_dict())), language) == expected
    computing, loading = worker(settings).content, worker(settings).content
    assert tuple(computing(hyderabad(language))) == tuple(expected)
    assert tuple(loading(hyderabad(language))) == tuple(expected)  # read back from the table
    assert (computing.panchangams.computed, loading.panchangams.computed) == (1, 0)


def test_the_planner_queues_one_prepare_for_each_run_it_plans(settings):
    add_subscriber(settings.database_url, "Asia/Kolkata")
    prepared: list[int] = []
    lock = DatabaseLock(settings.database_url)
    report = planner_pass(settings, BEFORE, RecordingQueue(), lock, prepare=prepared.append)
    planner_pass(
        settings, BEFORE + timedelta(minutes=1), RecordingQueue(), lock, prepare=prepared.append
    )
    assert report.planned and prepared == report.planned


def test_a_failing_prepare_does_not_stop_the_planner(settings):
    add_subscriber(settings.database_url, "Asia/Kolkata")
    queue = RecordingQueue()

    def broker_down(run_id: int) -> None:
        raise ConnectionError("broker down")

    report = planner_pass(
        settings, BEFORE, queue, DatabaseLock(settings.database_url), prepare=broker_down
    )
    assert report.planned and queue.run_ids == report.planned


def subscribers_in_three_places(url: str) -> None:
    for latitude, longitude in (HYDERABAD, NEIGHBOUR, DELHI, DELHI):
        add_subscriber(url, "Asia/Kolkata", latitude=latitude, longitude=longitude)


def send_everything(ctx: SendContext, run_id: int) -> None:
    for bounds in start_run(ctx.settings, run_id, KOLKATA_DUE):
        send_batch(ctx, run_id, bounds, KOLKATA_DUE)


def test_prepared_panchangams_are_computed_once_and_used_by_another_worker(settings):
    subscribers_in_three_places(settings.database_url)
    run_id = plan(settings)
    preparer, sender = worker(settings), worker(settings)
    assert prepare_run(preparer, run_id, BEFORE) == 2  # Hyderabad and its neighbour are one place
    assert prepare_run(preparer, run_id, BEFORE) == 2  # a repeated prepare adds nothing
    send_everything(sender, run_id)
    assert len(sender.sender.sent) == 4
    assert (preparer.content.panchangams.computed, sender.content.panchangams.computed) == (2, 0)
    assert stored_count(settings.database_url) == 2


def test_batches_in_two_workers_compute_only_what_is_missing_and_share_it(settings):
    subscribers_in_three_places(settings.database_url)  # batches of 3: Delhi is in both
    run_id = plan(settings)
    first, second = worker(settings), worker(settings)
    [one, two] = start_run(settings, run_id, KOLKATA_DUE)
    send_batch(first, run_id, one, KOLKATA_DUE)
    send_batch(second, run_id, two, KOLKATA_DUE)
    assert len(first.sender.sent) + len(second.sender.sent) == 4
    assert first.content.panchangams.computed + second.content.panchangams.computed == 2
    assert stored_count(settings.database_url) == 2


class BrokenStore:
    def load(self, keys):
        raise ConnectionError("database away")

    def save(self, values):
        raise ConnectionError("database away")


def test_an_unavailable_store_never_blocks_a_message():
    content = almanac_content(BrokenStore())
    parameters, text = content(hyderabad("en"))
    assert "Hyderabad" in text and content.panchangams.computed == 1


# Issue 23 item 1: the rows are owed and prepared before the instant ------------------------


def statuses(url: str) -> list[str]:
    return [row.status for row in ledger(url)]


def test_the_rows_are_owed_and_prepared_before_the_instant_and_sent_at_it(settings):
    subscribers_in_three_places(settings.database_url)
    run_id = plan(settings)
    ctx = worker(settings)
    prepare_run(ctx, run_id, BEFORE)
    assert statuses(settings.database_url) == ["prepared"] * 4
    # Queued for its instant by the planner, not started by the preparation.
    assert [run.status for run in runs(settings.database_url)] == ["enqueued"]
    send_everything(ctx, run_id)
    assert statuses(settings.database_url) == ["sent"] * 4 and len(ctx.sender.sent) == 4


def test_a_prepare_after_the_instant_owes_nothing_the_run_does(settings):
    subscribers_in_three_places(settings.database_url)
    run_id = plan(settings)
    prepare_run(worker(settings), run_id, KOLKATA_DUE)
    assert statuses(settings.database_url) == []


def test_who_stops_or_pauses_after_the_rows_are_prepared_is_withdrawn_and_not_sent(settings):
    url = settings.database_url
    stopper, pauser, *others = [add_subscriber(url, "Asia/Kolkata") for _ in range(4)]
    run_id = plan(settings)
    ctx = worker(settings)
    prepare_run(ctx, run_id, BEFORE)
    with transaction(url) as session:
        session.get(UserDetail, stopper).obsoleted_on = BEFORE + timedelta(minutes=1)
        session.get(UserDetail, pauser).paused_until = DAY
    send_everything(ctx, run_id)
    by_user = {row.user_id: row.status for row in ledger(url)}
    assert by_user == {stopper: "withdrawn", pauser: "withdrawn", **dict.fromkeys(others, "sent")}
    assert len(ctx.sender.sent) == 2
    assert finish_run(settings, run_id, KOLKATA_DUE)
    assert [(run.status, run.sent, run.skipped) for run in runs(url)] == [("done", 2, 2)]


def test_prepared_rows_of_a_run_that_never_starts_are_missed_after_the_grace(settings):
    subscribers_in_three_places(settings.database_url)
    run_id = plan(settings)
    prepare_run(worker(settings), run_id, BEFORE)
    late = KOLKATA_DUE + timedelta(seconds=settings.late_grace + 1)
    assert start_run(settings, run_id, late) == []
    assert statuses(settings.database_url) == ["missed"] * 4


def test_rows_prepared_ahead_of_a_run_that_starts_late_are_late(settings):
    # A beat down across the instant: the rows were owed in time, the sends are not.
    subscribers_in_three_places(settings.database_url)
    run_id = plan(settings)
    prepare_run(worker(settings), run_id, BEFORE)
    later = KOLKATA_DUE + timedelta(seconds=settings.run_stall_after + 60)
    assert start_run(settings, run_id, later)
    assert [row.late for row in ledger(settings.database_url)] == [True] * 4
