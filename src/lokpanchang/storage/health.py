"""The database's side of the health checks: a round trip, the embedded broker's queue depths
(kombu's SQL transport keeps them in tables), workers with a fresh heartbeat, and the
``system_health_log`` row each sample is stored in."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlalchemy import func, inspect, select, text
from sqlalchemy.engine import make_url

from lokpanchang.storage import heartbeats
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.storage.models import BroadcastRun, SystemHealthLog, UserDetail

_DEPTHS = text(
    "SELECT q.name, COUNT(m.id) FROM kombu_queue q "
    "LEFT JOIN kombu_message m ON m.queue_id = q.id AND m.visible = :visible "
    "GROUP BY q.name"
)


def round_trip(url: str) -> None:
    """One ``SELECT 1`` on a pooled connection; raises the driver's error when it fails."""
    with engine_for(url).connect() as connection:
        connection.execute(text("SELECT 1"))


def sql_queue_depths(url: str, queues: tuple[str, ...]) -> dict[str, int | None]:
    """Visible messages per queue in kombu's SQL transport at ``url`` (0 before it has any
    table, and no SQLite file is created to find out)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and not Path(parsed.database or "").is_file():
        return dict.fromkeys(queues, 0)  # no broker file yet: nothing waits (and create none)
    with engine_for(url).connect() as connection:
        if not inspect(connection).has_table("kombu_queue"):
            return dict.fromkeys(queues, 0)
        counts: dict[str, int] = dict(connection.execute(_DEPTHS, {"visible": True}).all())
    return {queue: int(counts.get(queue, 0)) for queue in queues}


def live_workers(url: str, now: datetime) -> int:
    """Workers whose heartbeat is fresh at ``now``."""
    with transaction(url) as session:
        prefix = heartbeats.HEARTBEAT_WORKER_PREFIX
        return len(heartbeats.live_heartbeats(session, prefix, now))


def record_sample(url: str, now: datetime, values: dict) -> int:
    """Store one ``system_health_log`` row measured at ``now``; its id."""
    with transaction(url) as session:
        row = SystemHealthLog(recorded_at=now, **values)
        session.add(row)
        session.flush()
        return row.id


@dataclass(frozen=True)
class DatabaseFacts:
    """What the operators' ``/test-db`` shows of the database."""

    dialect: str
    subscribers: int
    broadcast_runs: int


def database_facts(url: str) -> DatabaseFacts:
    with transaction(url) as session:
        return DatabaseFacts(
            session.get_bind().dialect.name,
            session.scalar(select(func.count(UserDetail.id))) or 0,
            session.scalar(select(func.count(BroadcastRun.id))) or 0,
        )
