"""What erasure's compaction costs on PostgreSQL at scale (issue 24, item 3), side by side with
the VACUUM that stood before it, in one run on one database.

PostgreSQL 15 started by the test fixtures' helpers (fsync off, as in the tests). SUBSCRIBERS
subscribers (``user_detail`` + ``subscriber_address``, with names and coordinates) and one
inbound message each; one of them is erased (``storage.erasure``), then:

1. before: ``VACUUM (INDEX_CLEANUP ON)`` of the personal tables (what compaction did), and
   whether the erased name is still in their files after a CHECKPOINT;
2. this tree: ``erasure.compact`` (``VACUUM FULL`` of the personal tables, VACUUM of the
   ledgers): seconds in all and per table, and the same scan;
3. while (2) runs, a "send" reads a subscriber row every 10 ms: its slowest read (what a
   broadcast would wait if a rewrite ran during it: the reason it never does);
4. giving way: a transaction holds ``user_detail`` (a long report); compaction with its lock
   timeout gives that table up; a read queued behind its lock request meanwhile waits for
   at most the timeout.

    PYTHONPATH=src:. .venv/bin/python bench/erasure/run.py --subscribers 1000000
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402
from tests import servers  # noqa: E402

from lokpanchang.storage import erasure, migrate  # noqa: E402
from lokpanchang.storage.compaction import PERSONAL_TABLES  # noqa: E402
from lokpanchang.storage.db import engine_for, transaction  # noqa: E402
from lokpanchang.storage.models import UserDetail  # noqa: E402

T = TypeVar("T")
NOW = datetime(2026, 12, 1, 3, 0, tzinfo=UTC)
STEPS = 4
NAME = b"Kaveri Ramaswamy"
FILL = """
INSERT INTO user_detail (display_name, latitude, longitude, timezone, language, send_time,
    created_on, updated_on, obsoleted_on, undeliverable_days)
SELECT 'Name ' || n, 9 + (n % 2100) / 100.0, 72 + (n % 1600) / 100.0, 'Asia/Kolkata', 'en',
    '06:30', :now, :now, '2099-12-31', 0
FROM generate_series(1, :count) AS n;
"""
ADDRESSES = """
INSERT INTO subscriber_address (user_id, channel, address, created_on)
SELECT id, 'whatsapp', '+9190' || lpad(id::text, 8, '0'), created_on FROM user_detail;
"""
MESSAGES = """
INSERT INTO inbound_message (wa_message_id, from_phone, kind, received_at)
SELECT 'wamid.' || id, '+9190' || lpad(id::text, 8, '0'), 'text', :now FROM user_detail;
"""


def fill(url: str, count: int) -> int:
    """COUNT subscribers with addresses and a message each; the id of one in the middle, named."""
    middle = count // 2
    with engine_for(url).connect() as connection:
        connection.execute(text(FILL), {"now": NOW, "count": count})
        connection.execute(text(ADDRESSES))
        connection.execute(text(MESSAGES), {"now": NOW})
        connection.commit()
        for step in range(STEPS):  # their conversation: start, location, status, delete
            connection.execute(
                text(
                    "UPDATE user_detail SET display_name = :name, updated_on = :at WHERE id = :id"
                ),
                {"name": NAME.decode(), "id": middle, "at": NOW.replace(minute=step)},
            )
            connection.commit()
    engine = engine_for(url).execution_options(isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.exec_driver_sql(f"VACUUM ANALYZE {', '.join(PERSONAL_TABLES)}")
    return middle


def erase(url: str, user_id: int) -> None:
    with transaction(url) as session:
        user = session.get_one(UserDetail, user_id)
        erasure.erase_subscriber(session, user, NOW, [f"9190{user_id:08d}"])


def holding_name(url: str, datadir: Path) -> list[str]:
    with engine_for(url).connect() as connection:
        connection.exec_driver_sql("CHECKPOINT")
        rows = connection.execute(
            text(
                "SELECT c.relname, pg_relation_filepath(c.oid) FROM pg_class c JOIN"
                " pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'"
                " AND c.relkind IN ('r', 'i', 't')"
            )
        ).all()
    return [
        name for name, path in rows if any(NAME in p.read_bytes() for p in segments(datadir / path))
    ]


def segments(path: Path) -> list[Path]:
    """A relation's files: ``N``, ``N.1``, ``N.2`` ... (1 GB each)."""
    return [path, *sorted(path.parent.glob(path.name + ".*"))]


def sizes(url: str) -> dict[str, int]:
    with engine_for(url).connect() as connection:
        return {
            table: connection.scalar(text("SELECT pg_total_relation_size(:t)"), {"t": table})
            for table in PERSONAL_TABLES
        }


class Reader(threading.Thread):
    """A send's read of subscriber rows, every 10 ms; the slowest one while it ran."""

    def __init__(self, url: str, count: int) -> None:
        super().__init__(daemon=True)
        self.url, self.count, self.stop = url, count, threading.Event()
        self.waits: list[float] = []

    def run(self) -> None:
        with engine_for(self.url).connect() as connection:
            n = 0
            while not self.stop.is_set():
                n = (n + 7919) % self.count + 1
                started = time.perf_counter()
                connection.execute(text("SELECT * FROM user_detail WHERE id = :id"), {"id": n})
                connection.commit()
                self.waits.append(time.perf_counter() - started)
                time.sleep(0.01)


def measured(url: str, action: Callable[[], T]) -> tuple[float, int, T]:
    """Seconds ``action()`` took, bytes of write-ahead log it wrote (what archives and
    replicas get), and its result."""
    lsn = "SELECT pg_current_wal_insert_lsn()"
    with engine_for(url).connect() as connection:
        start = connection.scalar(text(lsn))
        took, result = timed(action)
        wrote = connection.scalar(text(f"SELECT pg_wal_lsn_diff(({lsn}), :s)"), {"s": start})
    return took, int(wrote), result


def timed(action: Callable[[], T]) -> tuple[float, T]:
    started = time.perf_counter()
    result = action()
    return time.perf_counter() - started, result


def vacuum(url: str) -> None:
    engine = engine_for(url).execution_options(isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.exec_driver_sql(f"VACUUM (INDEX_CLEANUP ON) {', '.join(PERSONAL_TABLES)}")


def per_table(url: str) -> dict[str, float]:
    engine = engine_for(url).execution_options(isolation_level="AUTOCOMMIT")
    seconds = {}
    with engine.connect() as connection:
        for table in PERSONAL_TABLES:
            started = time.perf_counter()
            connection.exec_driver_sql(f"VACUUM FULL {table}")
            seconds[table] = time.perf_counter() - started
    return seconds


def giving_way(url: str, lock_timeout_ms: int) -> tuple[float, float, tuple[str, ...]]:
    """(compaction s, slowest queued read s, tables left) while a report holds user_detail."""
    report = engine_for(url).connect()
    report.execute(text("SELECT count(*) FROM user_detail"))  # holds ACCESS SHARE until it ends
    reader = threading.Timer(0.2, lambda: waits.append(timed(read_one)[0]))
    waits: list[float] = []

    def read_one() -> None:
        with engine_for(url).connect() as connection:
            connection.execute(text("SELECT * FROM user_detail WHERE id = 1"))

    reader.start()
    took, done = timed(lambda: erasure.compact(url, wait_s=0.0, lock_timeout_ms=lock_timeout_ms))
    reader.join()
    report.close()
    return took, max(waits), done.rewrites.gave_way


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--subscribers", type=int, default=1_000_000)
    parser.add_argument("--lock-timeout-ms", type=int, default=erasure.LOCK_TIMEOUT_MS)
    args = parser.parse_args()
    server = servers.start_postgres()
    try:
        url = server.create_database()
        migrate.upgrade(url)
        took, middle = timed(lambda: fill(url, args.subscribers))
        print(f"filled {args.subscribers:,} subscribers in {took:.1f} s; sizes {sizes(url)}")
        erase(url, middle)
        took, wrote, _ = measured(url, lambda: vacuum(url))
        print(
            f"before: VACUUM {took:.2f} s, {wrote:,} bytes of WAL;"
            f" name still in {holding_name(url, server.datadir)}"
        )
        reader = Reader(url, args.subscribers)
        reader.start()
        took, wrote, done = measured(url, lambda: erasure.compact(url))
        reader.stop.set()
        reader.join()
        waits = sorted(reader.waits)
        print(
            f"this tree: compact {took:.2f} s, {wrote:,} bytes of WAL,"
            f" rewrote {done.rewrites.rewritten};"
            f" name still in {holding_name(url, server.datadir)}; a send's read meanwhile:"
            f" median {statistics.median(waits) * 1000:.1f} ms, max {waits[-1] * 1000:.0f} ms"
            f" ({len(waits)} reads)"
        )
        print("VACUUM FULL per table, s:", {t: round(s, 2) for t, s in per_table(url).items()})
        took, slowest, left = giving_way(url, args.lock_timeout_ms)
        print(
            f"a report holds user_detail: compact {took:.2f} s, left {left};"
            f" a read queued meanwhile waited {slowest * 1000:.0f} ms"
            f" (lock_timeout {args.lock_timeout_ms} ms)"
        )
    finally:
        server.discard()


if __name__ == "__main__":
    main()
