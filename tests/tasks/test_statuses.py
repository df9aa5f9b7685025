"""``tasks.apply_statuses``: draining the status inbox (real Redis) into the ledger in bulk."""

from __future__ import annotations

from dataclasses import asdict

import pytest
import redis

from lokpanchang.delivery.events import StatusUpdate
from lokpanchang.storage import status_inbox
from lokpanchang.tasks import statuses as status_tasks
from tests.conversation.test_bulk_statuses import by_callback, rows, states


@pytest.fixture
def settings(make_settings, database_url, redis_url):
    return make_settings(
        database_url=database_url, celery_broker_url=redis_url, celery_result_backend=redis_url
    )


def put(settings, statuses: list[StatusUpdate]) -> bool:
    return status_inbox.put(settings.celery_broker_url, statuses)


def test_the_first_put_asks_for_an_applier_and_the_rest_do_not(settings):
    ids = rows(settings.database_url, 2)
    assert [put(settings, [by_callback(i, "read")]) for i in ids] == [True, False]


def test_a_drain_applies_every_entry_then_empties_the_inbox_and_clears_the_mark(settings):
    ids = rows(settings.database_url, 30)
    for state in ("read", "sent", "delivered"):  # reordered
        for ledger_id in ids:
            put(settings, [by_callback(ledger_id, state)])
    assert status_tasks.drain(settings) == 90
    assert set(states(settings.database_url, ids).values()) == {"read"}
    url = settings.celery_broker_url
    assert status_inbox.waiting(url) == 0
    assert redis.Redis.from_url(url).exists(status_inbox.DRAINING) == 0
    assert put(settings, [by_callback(ids[0], "read")])  # the next webhook asks again


def test_entries_an_applier_took_and_never_applied_are_taken_again(settings, monkeypatch):
    [ledger_id] = rows(settings.database_url, 1)
    put(settings, [by_callback(ledger_id, "delivered")])
    monkeypatch.setattr(status_inbox, "consumer_name", lambda: "a-worker-that-died")
    assert len(status_inbox.take(settings.celery_broker_url, 10)[0]) == 1  # and then it died
    monkeypatch.undo()
    assert status_tasks.drain(settings) == 0  # not yet: it may still be applying them
    monkeypatch.setattr(status_inbox, "STALE_MS", 0)
    assert status_tasks.drain(settings) == 1
    assert states(settings.database_url, [ledger_id]) == {ledger_id: "delivered"}
    assert status_inbox.waiting(settings.celery_broker_url) == 0


def test_with_another_broker_the_statuses_come_as_the_argument(
    make_settings, database_url, monkeypatch
):
    ids = rows(database_url, 2)
    settings = make_settings(database_url=database_url)  # the embedded SQL broker
    monkeypatch.setattr(status_tasks, "get_settings", lambda: settings)
    fields = [asdict(by_callback(i, "read")) for i in ids]
    assert status_tasks.apply_statuses.run(fields) == {"statuses": 2}
    assert set(states(database_url, ids).values()) == {"read"}
