"""Many status updates applied at once: the same rules as one at a time, in a few statements."""

from __future__ import annotations

import random
import threading
from datetime import UTC, date, datetime

import pytest

from lokpanchang.conversation.statuses import apply_statuses
from lokpanchang.delivery.events import StatusUpdate
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import FOREVER, MessageLog, UserDetail
from tests.broadcast.test_recording import counted_statements

NOW = datetime(2026, 11, 29, 3, 0, tzinfo=UTC)


def rows(url: str, count: int, status: str = "sent", with_message_ids: bool = True) -> list[int]:
    """``count`` new subscribers, each with one ledger row in ``status``; their row ids."""
    with transaction(url) as session:
        first = session.query(UserDetail).count()
        users = [
            UserDetail.at(
                "whatsapp",
                f"+9198{first + index:08d}",
                created_on=NOW,
                timezone="Asia/Kolkata",
                latitude=23.18,
                longitude=75.79,
                language="en",
                obsoleted_on=FOREVER,
                undeliverable_days=1,
            )
            for index in range(count)
        ]
        session.add_all(users)
        session.flush()
        ledger = [
            MessageLog(
                user_id=user.id,
                local_date=date(2026, 11, 29),
                status=status,
                whatsapp_message_id=f"wamid.B{user.id}" if with_message_ids else None,
                attempts=1,
            )
            for user in users
        ]
        session.add_all(ledger)
        session.flush()
        return [row.id for row in ledger]


def apply(url: str, statuses: list[StatusUpdate]):
    with transaction(url) as session:
        return apply_statuses(session, statuses, NOW)


def by_callback(ledger_id: int, state: str, code: int | None = None) -> StatusUpdate:
    return StatusUpdate("whatsapp", f"wamid.X{ledger_id}", state, ledger_id, code)


def states(url: str, ids: list[int]) -> dict[int, str]:
    with transaction(url) as session:
        found = session.query(MessageLog.id, MessageLog.status).filter(MessageLog.id.in_(ids))
        found = found.order_by(MessageLog.id)
        return dict(found.all())


def test_three_statuses_for_each_of_500_rows_in_any_order_end_read(database_url):
    ids = rows(database_url, 500)
    statuses = [by_callback(i, state) for i in ids for state in ("sent", "delivered", "read")]
    random.Random(7).shuffle(statuses)  # reordered: a "read" often comes before its "sent"
    counts = apply(database_url, statuses + statuses[:300])  # and some twice
    assert (counts.applied, counts.ignored) == (1800, 0)
    assert set(states(database_url, ids).values()) == {"read"}
    with transaction(database_url) as session:
        read = session.query(MessageLog).filter(MessageLog.id.in_(ids)).all()
        users = session.query(UserDetail.undeliverable_days).distinct().all()
    assert {(row.delivered_at, row.read_at) for row in read} == {(NOW, NOW)}
    assert users == [(0,)]  # delivered: the count of undeliverable days starts again


def test_a_batch_costs_a_few_statements_whatever_its_size(database_url):
    small, large = rows(database_url, 10), rows(database_url, 400)
    counted = []
    for ids in (small, large):
        with counted_statements(database_url) as statements:
            apply(database_url, [by_callback(i, state) for i in ids for state in ("delivered",)])
        counted.append(len(statements))
    assert counted[0] == counted[1]
    assert counted[1] <= 8  # select rows, select users, update rows, update users (+ txn)
    assert set(states(database_url, large).values()) == {"delivered"}


def test_statuses_found_by_message_id_and_unknown_ones_in_one_batch(database_url):
    ids = rows(database_url, 3)
    statuses = [StatusUpdate("whatsapp", f"wamid.B{i}", "delivered") for i in ids[:2]]
    statuses += [
        StatusUpdate("whatsapp", "wamid.NOBODY", "read"),
        StatusUpdate("whatsapp", f"wamid.B{ids[2]}", "seen-by-aliens"),
    ]
    counts = apply(database_url, statuses)
    assert (counts.applied, counts.ignored) == (2, 2)
    assert list(states(database_url, ids).values()) == ["delivered", "delivered", "sent"]


def test_ambiguous_rows_are_resolved_in_bulk_and_learn_their_message_id(database_url):
    ids = rows(database_url, 50, status="ambiguous", with_message_ids=False)
    apply(database_url, [by_callback(i, "sent") for i in ids])
    with transaction(database_url) as session:
        found = session.query(MessageLog).filter(MessageLog.id.in_(ids)).all()
        resolved = {(row.status, row.whatsapp_message_id == f"wamid.X{row.id}") for row in found}
    assert resolved == {("sent", True)}


def test_a_late_failure_does_not_undo_a_delivery_and_a_failure_is_recorded(database_url):
    delivered, sent = rows(database_url, 2)
    apply(database_url, [by_callback(delivered, "delivered")])
    apply(
        database_url,
        [by_callback(delivered, "failed", 131026), by_callback(sent, "failed", 131026)],
    )
    assert states(database_url, [delivered, sent]) == {delivered: "delivered", sent: "failed"}
    with transaction(database_url) as session:
        failed = session.get_one(MessageLog, sent)
        days = session.get_one(UserDetail, failed.user_id).undeliverable_days
    assert (failed.error_code, failed.failed_at, days) == (131026, NOW, 2)


def test_two_appliers_at_once_never_take_a_row_back(database_url):
    """Found by bench/inbound: two workers applying "delivered" and "read" of one message at
    the same moment both read it as "sent"; the one committing last set it, so a "read" row
    could end "delivered". The rows are now locked while they are applied."""
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite has one writer at a time")
    [ledger_id] = rows(database_url, 1)
    with transaction(database_url) as first:
        apply_statuses(first, [by_callback(ledger_id, "delivered")], NOW)  # written at commit
        second = threading.Thread(
            target=apply, args=(database_url, [by_callback(ledger_id, "read")])
        )
        second.start()
        second.join(1.0)  # it waits for the first applier's lock (without one it finishes now)
    second.join(30)
    assert states(database_url, [ledger_id]) == {ledger_id: "read"}
