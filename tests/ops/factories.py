"""Rows for ops tests: subscribers, runs and ledger entries with explicit instants."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime, time

from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import FOREVER, BroadcastRun, MessageLog, UserDetail

_phones = itertools.count(919800000000)


def add_subscriber(
    url: str, zone: str, created_on: datetime, obsoleted_on: datetime = FOREVER
) -> int:
    with transaction(url) as session:
        user = UserDetail.at(
            "whatsapp",
            f"+{next(_phones)}",
            timezone=zone,
            created_on=created_on,
            obsoleted_on=obsoleted_on,
            latitude=0.0,
            longitude=0.0,
        )
        session.add(user)
        session.flush()
        return user.id


def add_run(
    url: str,
    zone: str,
    day: date,
    status: str = "done",
    started_at: datetime | None = None,
    finished_at: datetime | None = None,
) -> int:
    due = datetime.combine(day, time(1, 0), UTC)
    with transaction(url) as session:
        run = BroadcastRun(
            timezone=zone,
            send_time=time(6, 30),
            local_date=day,
            due_at=due,
            status=status,
            planned_at=due,
            started_at=started_at,
            finished_at=finished_at,
        )
        session.add(run)
        session.flush()
        return run.id


def add_ledger(url: str, user_id: int, zone: str, day: date, status: str = "sent", **values) -> int:
    with transaction(url) as session:
        row = MessageLog(user_id=user_id, local_date=day, timezone=zone, status=status, **values)
        session.add(row)
        session.flush()
        return row.id
