"""``tasks.apply_statuses``: draining the stored status webhooks (``storage.inbound``, on
SQLite and PostgreSQL) into the ledger in bulk, with the draining mark in a real Redis."""

from __future__ import annotations

import threading

import pytest
import redis

from lokpanchang import clock
from lokpanchang.delivery.events import StatusUpdate
from lokpanchang.storage import draining, inbound
from lokpanchang.storage.db import transaction
from lokpanchang.tasks import statuses as status_tasks
from tests.conversation.test_bulk_statuses import by_callback, rows, states


@pytest.fixture
def settings(make_settings, database_url, redis_url):
    return make_settings(
        database_url=database_url, celery_broker_url=redis_url, celery_result_backend=redis_url
    )


def store(settings, statuses: list[StatusUpdate]) -> None:
    with transaction(settings.database_url) as session:
        inbound.store_statuses(session, "whatsapp", statuses, clock.now())


def waiting(settings) -> int:
    with transaction(settings.database_url) as session:
        return inbound.waiting(session)


def test_the_first_claim_of_the_mark_asks_for_an_applier_and_the_rest_do_not(settings):
    url = settings.celery_broker_url
    assert [draining.claim(url) for _ in range(3)] == [True, False, False]


def test_a_drain_applies_every_stored_webhook_then_removes_them_and_clears_the_mark(settings):
    ids = rows(settings.database_url, 30)
    for state in ("read", "sent", "delivered"):  # reordered
        for ledger_id in ids:
            store(settings, [by_callback(ledger_id, state)])
    assert status_tasks.drain(settings) == 90
    assert set(states(settings.database_url, ids).values()) == {"read"}
    assert waiting(settings) == 0
    assert redis.Redis.from_url(settings.celery_broker_url).exists(draining.DRAINING) == 0
    assert draining.claim(settings.celery_broker_url)  # the next webhook asks again


def test_a_drain_that_fails_leaves_every_webhook_stored(settings, monkeypatch):
    [ledger_id] = rows(settings.database_url, 1)
    store(settings, [by_callback(ledger_id, "delivered")])

    def broken(*_args, **_kwargs):
        raise RuntimeError("the applier died half-way")

    monkeypatch.setattr("lokpanchang.conversation.inbound.apply_statuses", broken)
    with pytest.raises(RuntimeError):
        status_tasks.drain(settings)
    assert waiting(settings) == 1  # taken and removed in one transaction: rolled back together
    monkeypatch.undo()
    assert status_tasks.drain(settings) == 1
    assert states(settings.database_url, [ledger_id]) == {ledger_id: "delivered"}


def test_two_appliers_at_once_take_different_webhooks(make_settings, postgres_url, redis_url):
    from lokpanchang.storage import migrate

    migrate.upgrade(postgres_url)
    settings = make_settings(database_url=postgres_url, celery_broker_url=redis_url)
    ids = rows(postgres_url, 200)
    for ledger_id in ids:
        store(settings, [by_callback(ledger_id, "read")])
    counts: list[int] = []
    appliers = [
        threading.Thread(target=lambda: counts.append(status_tasks.drain(settings)))
        for _ in range(2)
    ]
    for applier in appliers:
        applier.start()
    for applier in appliers:
        applier.join(timeout=60)
    assert sum(counts) == 200  # each applied once, by one applier or the other
    assert set(states(postgres_url, ids).values()) == {"read"}


def test_with_the_embedded_broker_there_is_no_mark_and_the_drain_still_empties(
    make_settings, database_url
):
    ids = rows(database_url, 2)
    settings = make_settings(database_url=database_url)  # the embedded SQL broker
    for ledger_id in ids:
        store(settings, [by_callback(ledger_id, "read")])
    assert status_tasks.drain(settings) == 2
    assert set(states(database_url, ids).values()) == {"read"}
    assert waiting(settings) == 0
