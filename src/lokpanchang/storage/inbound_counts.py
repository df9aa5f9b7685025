"""SQL for the inbound side's running counts (``inbound_count``), which ``/metrics`` shows as
Prometheus counters: every process adds to the same rows, so the counts hold across web
processes, workers and machines (and across restarts, as counters should).

A count is keyed (counter, channel, label): ``received`` by outcome (``handled``,
``duplicate``), ``answered`` by command; the direct sends (``reply_log``) by the outcome of
each attempt: ``replies``, ``test_messages``, ``confirmations``.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import select
from sqlalchemy.orm import Session

from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import InboundCount
from lokpanchang.storage.states import DirectKind
from lokpanchang.storage.upsert import insert_for

RECEIVED, ANSWERED, REPLIES = "received", "answered", "replies"
DIRECT = {
    DirectKind.REPLY: REPLIES,
    DirectKind.TEST: "test_messages",
    DirectKind.CONFIRMATION: "confirmations",
}
"""The counter of each kind of direct send."""
Key = tuple[str, str, str]  # (counter, channel, label)


def add(session: Session, counts: Mapping[Key, int]) -> None:
    """Add ``counts`` to the running counts (in ``session``'s transaction)."""
    rows = [
        {"counter": counter, "channel": channel, "label": label, "count": n}
        for (counter, channel, label), n in sorted(counts.items())
        if n
    ]
    if not rows:
        return
    table = InboundCount.__table__
    statement = insert_for(session)(table).values(rows)
    added = {"count": table.c["count"] + statement.excluded["count"]}
    keys = ["counter", "channel", "label"]
    session.execute(statement.on_conflict_do_update(index_elements=keys, set_=added))


def add_now(url: str, counts: Mapping[Key, int]) -> None:
    """``add`` in a transaction of its own (after a send, outside the handler's)."""
    if any(counts.values()):
        with transaction(url) as session:
            add(session, counts)


def read(session: Session) -> list[tuple[str, str, str, int]]:
    """Every running count: (counter, channel, label, count)."""
    query = select(
        InboundCount.counter, InboundCount.channel, InboundCount.label, InboundCount.count
    )
    return [tuple(row) for row in session.execute(query)]  # type: ignore[misc]
