"""kombu's SQL transport with bindings every process sees, so broadcasts reach other processes.

kombu's SQL transport keeps exchange bindings in the memory of the process that declared them.
Task queues work (every process declares the same ones), but nothing else crosses a process:
a worker's events found no queue of Flower's to go to, a worker's reply to Flower's ``inspect``
found no reply queue, and Celery turns events off for the transport altogether. So Flower on the
embedded defaults showed no worker and no task. This transport keeps every binding in a table
of the broker's own database, routes fanout, topic and direct messages by that table, and says
it can broadcast; Celery then sends events and answers ``inspect`` as it does on Redis.

It also deletes a message when it is taken (kombu's transport marks it invisible and keeps it
for ever, so the broker file grew with every task); a taken, unacknowledged message is put
back by kombu itself when its channel closes, as before.
"""

from __future__ import annotations

import json
import time
from queue import Empty

from kombu.transport import TRANSPORT_ALIASES
from kombu.transport import sqlalchemy as sql
from kombu.utils.encoding import bytes_to_str

from lokpanchang.storage import broker_bindings

BINDINGS_SECONDS = 1.0  # how long a process reuses the bindings it read (events come in bursts)
ABANDONED_QUEUE_MESSAGES = 10_000  # a bound queue this full has lost its consumer: unbound


class Channel(sql.Channel):
    """A channel whose bindings live in the broker's database."""

    supports_fanout = True

    def __init__(self, connection, **kwargs):
        self._bindings_read: dict[str, tuple[float, list[tuple[str, str, str]]]] = {}
        super().__init__(connection, **kwargs)
        broker_bindings.create_table(self._engine())

    def _engine(self):
        engine, _ = self._open()
        return engine

    def _queue_bind(self, exchange, routing_key, pattern, queue):
        broker_bindings.bind(self._engine(), exchange, routing_key, pattern or "", queue)
        self._bindings_read.pop(exchange, None)

    def get_table(self, exchange):
        """Every binding of ``exchange`` any process declared: ``(routing_key, pattern, queue)``."""
        read_at, table = self._bindings_read.get(exchange, (0.0, []))
        if time.monotonic() - read_at > BINDINGS_SECONDS:
            table = broker_bindings.bindings(self._engine(), exchange)
            table = [binding for binding in table if not self._abandoned(binding[2])]
            self._bindings_read[exchange] = (time.monotonic(), table)
        return table

    def _abandoned(self, queue) -> bool:
        """A bound queue nobody empties (its Flower was killed): unbind it, drop its messages."""
        if self._size(queue) < ABANDONED_QUEUE_MESSAGES:
            return False
        self._forget(queue)
        return True

    def _put_fanout(self, exchange, message, routing_key, **kwargs):
        for queue in {queue for _, _, queue in self.get_table(exchange)}:
            self._put(queue, message)

    def queue_delete(self, queue, *args, **kwargs):
        super().queue_delete(queue, *args, **kwargs)
        self._forget(queue)

    def _forget(self, queue):
        """Unbind ``queue`` everywhere and drop its messages (its consumer is gone)."""
        broker_bindings.unbind_everywhere(self._engine(), queue)
        self._purge(queue)
        self._bindings_read = {}

    def _get(self, queue, timeout=None):
        queue_row = self._get_or_create(queue)  # type: ignore[attr-defined]
        payload = broker_bindings.take_message(self.session, self.message_cls, queue_row.id)
        if payload is None:
            raise Empty()
        return json.loads(bytes_to_str(payload))


class Transport(sql.Transport):
    """The embedded broker's transport (``sqla+…`` URLs in our processes)."""

    Channel = Channel
    driver_type = "sql-shared-bindings"  # not "sql": Celery disables events for that one
    # Celery starts a worker's remote control (what Flower's inspect asks) only on fanout.
    implements = sql.Transport.implements.extend(
        exchange_type=frozenset(["direct", "topic", "fanout"])
    )


def install() -> None:
    """Make ``sqla+`` / ``sqlalchemy+`` broker URLs use this transport in this process."""
    for alias in ("sqla", "sqlalchemy"):
        TRANSPORT_ALIASES[alias] = f"{__name__}:Transport"
