"""The embedded broker's tables, created once before the processes that share them use them.

kombu's SQL transport creates its tables and queue rows lazily, in whichever process touches
the broker first. When ``up`` starts the worker and beat together, both do it at the same
instant; the loser gets ``OperationalError`` (a table that now exists, or a locked database).
kombu takes that for a lost connection, closes the channel and retries the publish on the
closed channel, so beat's first message failed and every later one said "channel disconnected"
(seen in CI: no planner pass for a whole minute). Creating the tables up front, one process at
a time under a file lock, takes the race away; ``HeartbeatScheduler`` recovers from the rest.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from kombu import Connection, Queue

from lokpanchang.config import Settings
from lokpanchang.tasks import embedded_transport

SQL_TRANSPORT_PREFIX = "sqla+"
SQLITE_BUSY_SECONDS = 30  # how long a writer waits for the database lock before giving up


def uses_sql_transport(settings: Settings) -> bool:
    return settings.effective_broker_url.startswith(SQL_TRANSPORT_PREFIX)


def sql_transport_options(settings: Settings) -> dict:
    """Engine arguments for kombu's SQL transport: SQLite waits for a lock instead of failing."""
    if settings.effective_broker_url.startswith(SQL_TRANSPORT_PREFIX + "sqlite"):
        return {"connect_args": {"timeout": SQLITE_BUSY_SECONDS}}
    return {}


def prepare_sql_broker(settings: Settings, queues: Iterable[Queue]) -> None:
    """Create the SQL transport's tables and ``queues``; one process at a time. Idempotent."""
    if not uses_sql_transport(settings):
        return
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    embedded_transport.install()
    broker = Connection(
        settings.effective_broker_url, transport_options=sql_transport_options(settings)
    )
    with _exclusive(settings.data_dir / "broker.lock"), broker as connection:
        channel = connection.default_channel
        for queue in queues:
            queue.bind(channel).declare()


@contextmanager
def _exclusive(path: Path) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``path`` (other processes wait) for a ``with`` block."""
    with open(path, "a") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock_file, fcntl.LOCK_UN)
