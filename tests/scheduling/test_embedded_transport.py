"""The embedded broker's transport: bindings in the database, messages deleted when taken."""

from __future__ import annotations

import sqlite3

import pytest
from kombu import Connection, Exchange, Queue

from lokpanchang.tasks import embedded_transport


@pytest.fixture
def broker(tmp_path):
    embedded_transport.install()
    path = tmp_path / "broker.sqlite3"
    with Connection(f"sqla+sqlite:///{path}") as connection:
        yield connection, path


def rows(path, query):
    with sqlite3.connect(path) as db:
        return db.execute(query).fetchall()


def test_a_taken_message_is_deleted_not_kept_for_ever(broker):
    connection, path = broker
    queue = Queue("default", Exchange("default"), "default")
    with connection.Producer() as producer:
        for n in range(3):
            producer.publish(
                {"n": n}, exchange=queue.exchange, routing_key="default", declare=[queue]
            )
    with connection.SimpleQueue(queue) as simple:
        taken = [simple.get(timeout=5) for _ in range(3)]
        for message in taken:
            message.ack()
    assert [m.payload["n"] for m in taken] == [0, 1, 2]
    assert rows(path, "SELECT count(*) FROM kombu_message") == [(0,)]


def test_a_binding_is_stored_where_other_processes_read_it(broker):
    connection, path = broker
    events = Exchange("celeryev", type="topic")
    Queue("celeryev.flower", events, "#")(connection.default_channel).declare()
    assert rows(path, "SELECT exchange, routing_key, queue FROM lokpanchang_broker_binding") == [
        ("celeryev", "#", "celeryev.flower")
    ]


def test_a_fanout_reaches_every_bound_queue_and_a_deleted_one_is_unbound(broker):
    connection, path = broker
    pidbox = Exchange("celery.pidbox", type="fanout")
    channel = connection.default_channel
    for name in ("a.pidbox", "b.pidbox"):
        Queue(name, pidbox)(channel).declare()
    with connection.Producer() as producer:
        producer.publish({"method": "ping"}, exchange=pidbox, declare=[pidbox])
    assert {name: channel._size(name) for name in ("a.pidbox", "b.pidbox")} == {
        "a.pidbox": 1,
        "b.pidbox": 1,
    }
    channel.queue_delete("b.pidbox")
    assert rows(path, "SELECT queue FROM lokpanchang_broker_binding") == [("a.pidbox",)]


def test_a_bound_queue_nobody_empties_is_unbound_and_emptied(broker, monkeypatch):
    connection, path = broker
    monkeypatch.setattr(embedded_transport, "ABANDONED_QUEUE_MESSAGES", 3)
    monkeypatch.setattr(embedded_transport, "BINDINGS_SECONDS", 0.0)
    pidbox = Exchange("celery.pidbox", type="fanout")
    Queue("gone.pidbox", pidbox)(connection.default_channel).declare()
    with connection.Producer() as producer:
        for _ in range(5):
            producer.publish({"method": "ping"}, exchange=pidbox, declare=[pidbox])
    assert rows(path, "SELECT count(*) FROM lokpanchang_broker_binding") == [(0,)]
    assert rows(path, "SELECT count(*) FROM kombu_message") == [(0,)]
