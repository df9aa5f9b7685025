"""The only place that reads the current time.

Everything else takes ``now`` as an argument. Tests move this clock with
``time-machine``; code that must be deterministic receives instants explicitly.
"""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime, timedelta

# Integration tests and demos run worker, beat and test on one shifted clock, so that a
# 06:30 send instant can be a few seconds away. Never set in production.
OFFSET = timedelta(seconds=float(os.environ.get("LOKPANCHANG_CLOCK_OFFSET") or 0))


def now() -> datetime:
    """The current instant as an aware UTC datetime."""
    return datetime.now(UTC) + OFFSET


def monotonic() -> float:
    """Seconds from an arbitrary origin, for measuring durations (never for dates)."""
    return time.monotonic()


def require_aware(value: datetime, name: str = "instant") -> datetime:
    """Return ``value`` unchanged, refusing naive datetimes with a helpful error."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(
            f"{name}={value.isoformat()} has no time zone; pass an aware datetime, "
            "e.g. datetime(2026, 1, 1, tzinfo=UTC)"
        )
    return value
