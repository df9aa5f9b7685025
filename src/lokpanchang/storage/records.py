"""Plain records of stored rows: what storage hands to the layers above instead of ORM rows.

A record is a frozen dataclass whose fields are named as the row's columns; ``record`` copies
them while the session is open, so nothing above storage can lazy-load or query further.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import date, datetime, time
from typing import Any, TypeVar

R = TypeVar("R")


def record(cls: type[R], row: Any, **extra: Any) -> R:
    """A ``cls`` with each field read from ``row``'s attribute of that name (or ``extra``)."""
    values = {f.name: getattr(row, f.name) for f in fields(cls) if f.name not in extra}  # type: ignore[arg-type]
    return cls(**values, **extra)


@dataclass(frozen=True)
class RunRecord:
    """One ``broadcast_run`` row: a daily run of one (zone, send time, local date)."""

    id: int
    timezone: str
    send_time: time
    local_date: date
    due_at: datetime
    status: str
    late: bool
    planned_at: datetime
    enqueued_at: datetime | None
    enqueue_count: int
    started_at: datetime | None
    finished_at: datetime | None
    total: int
    sent: int
    failed: int
    skipped: int
    error: str | None
