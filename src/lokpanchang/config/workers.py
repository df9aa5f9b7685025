"""What the workers do beside sending a run: which WhatsApp numbers a group sends from, when
a lost webhook is queued again, when erasures compact the tables."""

from __future__ import annotations

from pydantic import Field


class Workers:
    """Worker groups and the workers' recovery and compaction periods."""

    # Worker groups (docs/scaling.md, "Worker groups"): a group's name (letters, digits, -, _;
    # one per host or set of hosts) makes its workers send a run's batches only from the
    # WhatsApp numbers the group holds a lease on; empty: any worker sends from any number.
    # A lease lapses NUMBER_LEASE_TTL seconds after its group last renewed it (every third).
    worker_group: str = Field("", pattern=r"^[A-Za-z0-9_-]{0,40}$")
    number_lease_ttl: float = Field(15.0, ge=3, le=600)
    # A stored webhook still waiting this long is queued again (its task was lost with the
    # broker's data); recovery looks every half of it (``tasks.recover_inbound``).
    inbound_recover_after: int = Field(120, ge=2)
    # Erasure on PostgreSQL rewrites the tables that held the person's values (a lock on each,
    # seconds at a million subscribers): once for all erasures of this many seconds, and
    # never when a send is due within ERASURE_COMPACT_CLEAR seconds (``tasks.erasure``).
    erasure_compact_after: int = Field(3600, ge=0)
    erasure_compact_clear: int = Field(600, ge=0)
