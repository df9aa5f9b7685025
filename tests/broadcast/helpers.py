"""Subscribers and runs for broadcast tests, written straight to the database."""

from __future__ import annotations

from datetime import UTC, datetime, time
from itertools import count

from sqlalchemy import func, select

from lokpanchang.storage.addresses import insert_subscribers
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import FOREVER, BroadcastRun, MessageLog, UserDetail

# Joined after the 2026-03-09 morning slots of Asian zones and before 2026-03-10's: tests at
# 2026-03-10 then owe no catch-up for the day before.
JOINED = datetime(2026, 3, 9, 12, 0, tzinfo=UTC)
_phones = count(919800000000)


def add_subscriber(
    url: str,
    zone: str,
    send_time: time = time(6, 30),
    *,
    created_on: datetime = JOINED,
    latitude: float = 17.385,
    longitude: float = 78.486,
    **fields,
) -> int:
    """A subscriber of ``zone`` at ``send_time``; ``fields`` sets other columns (language, ...)."""
    with transaction(url) as session:
        user = UserDetail(
            timezone=zone,
            send_time=send_time,
            latitude=latitude,
            longitude=longitude,
            created_on=created_on,
            **fields,
        )
        user.set_address("whatsapp", f"+{next(_phones)}", created_on)
        session.add(user)
        session.flush()
        return user.id


def add_subscribers(
    url: str, zone: str, count: int, *, created_on: datetime = JOINED, prefix: str = ""
) -> list[int]:
    """``count`` subscribers of ``zone`` in one transaction (phones ``+<prefix><n>`` if given)."""
    phones = [f"+{prefix}{n:06d}" if prefix else f"+{next(_phones)}" for n in range(count)]
    rows = [
        {
            "address": phone,
            "timezone": zone,
            "send_time": time(6, 30),
            "latitude": 17.385,
            "longitude": 78.486,
            "created_on": created_on,
            "obsoleted_on": FOREVER,
            "language": "en",
            "display_name": "",
            "undeliverable_days": 0,
        }
        for phone in phones
    ]
    with transaction(url) as session:
        return sorted(insert_subscribers(session, "whatsapp", rows, created_on))


def runs(url: str) -> list[BroadcastRun]:
    with transaction(url) as session:
        return list(session.execute(select(BroadcastRun).order_by(BroadcastRun.id)).scalars())


def ledger(url: str) -> list[MessageLog]:
    with transaction(url) as session:
        return list(session.execute(select(MessageLog).order_by(MessageLog.id)).scalars())


def sends_per_user_and_date(url: str) -> dict[tuple[int, object], int]:
    """How many ledger rows each (subscriber, local date) has (the constraint says one)."""
    with transaction(url) as session:
        query = select(MessageLog.user_id, MessageLog.local_date, func.count()).group_by(
            MessageLog.user_id, MessageLog.local_date
        )
        return {(user, day): n for user, day, n in session.execute(query)}


class RecordingQueue:
    """Stands in for Celery in unit tests: remembers each (run_id, eta) it was given."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, datetime | None]] = []

    def __call__(self, run_id: int, eta: datetime | None) -> None:
        self.calls.append((run_id, eta))

    @property
    def run_ids(self) -> list[int]:
        return [run_id for run_id, _ in self.calls]
