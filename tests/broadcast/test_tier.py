"""The messaging limit: never more unique subscribers in any rolling 24 h than the tier, and
whoever waited yesterday goes first today."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest

from lokpanchang.broadcast import SendContext, tier
from lokpanchang.broadcast.adhoc import announce
from lokpanchang.broadcast.content import almanac_content
from lokpanchang.delivery.memory import MemorySender
from lokpanchang.storage import ledger as ledger_sql
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import (
    InboundMessage,
    MessageLog,
    ScheduledJob,
    ScheduledJobRun,
    UserDetail,
)
from lokpanchang.storage.states import LedgerStatus
from tests.broadcast.helpers import add_subscriber, ledger
from tests.broadcast.test_sending import BEFORE, KOLKATA_DUE, plan, run_to_the_end

DAY = timedelta(days=1)


TIER = 250  # the smallest tier WhatsApp has (and WHATSAPP_MESSAGING_LIMIT accepts)


@pytest.fixture
def ctx(make_settings, database_url):
    settings = make_settings(
        database_url=database_url, batch_size=100, whatsapp_messaging_limit=str(TIER)
    )
    return SendContext(settings, MemorySender(), almanac_content())


def subscribers(url: str, count: int, zone: str = "Asia/Kolkata") -> list[int]:
    return [add_subscriber(url, zone) for _ in range(count)]


def day_run(ctx, day: int) -> list[int]:
    """Run day ``day`` (0 = 2026-03-10) to its end; the user ids it reached."""
    ctx.sender.sent.clear()
    run_to_the_end(ctx, plan(ctx.settings, BEFORE + day * DAY), KOLKATA_DUE + day * DAY)
    return sorted(user_of(ctx, m.ledger_id) for m in ctx.sender.sent)


def user_of(ctx, ledger_id: int) -> int:
    with transaction(ctx.url) as session:
        return session.get_one(MessageLog, ledger_id).user_id


def test_a_tier_sends_to_no_more_than_its_limit_and_defers_the_rest_with_the_reason(ctx):
    users = subscribers(ctx.url, TIER + 3)
    assert day_run(ctx, 0) == users[:TIER]
    rows = {row.user_id: row for row in ledger(ctx.url)}
    assert [rows[u].status for u in users[TIER - 1 :]] == ["sent"] + ["deferred"] * 3
    assert rows[users[-1]].error_detail == tier.deferred_reason(TIER)
    with transaction(ctx.url) as session:
        assert tier.use(session, TIER, KOLKATA_DUE) == tier.Use(TIER, TIER)


def test_whoever_was_deferred_goes_first_the_next_day(ctx):
    users = subscribers(ctx.url, TIER + 3)
    day_run(ctx, 0)  # users[-3:] wait
    second = day_run(ctx, 1)  # 24 h later: the window has rolled past day 0's sends
    assert users[-3:] == second[-3:] and len(second) == TIER
    waited = sorted(set(users) - set(second))
    assert waited == users[TIER - 3 : TIER]  # the last of those reached yesterday wait today
    third = day_run(ctx, 2)
    assert set(waited) <= set(third)
    reached = {row.user_id for row in ledger(ctx.url) if row.status == "sent"}
    assert reached == set(users)


def test_people_who_wrote_to_us_and_people_already_reached_cost_nothing(ctx):
    writer, *others = subscribers(ctx.url, TIER + 2)
    with transaction(ctx.url) as session:
        phone = session.get(UserDetail, writer).address_on("whatsapp")
        session.add(
            InboundMessage(
                wa_message_id="wamid.W",
                from_phone=phone,
                kind="text",
                received_at=KOLKATA_DUE - timedelta(hours=1),
            )
        )
    assert day_run(ctx, 0) == [writer, *others[:TIER]]
    with transaction(ctx.url) as session:
        assert tier.use(session, TIER, KOLKATA_DUE).used == TIER  # the writer is not counted
    deferred = [row.user_id for row in ledger(ctx.url) if row.status == "deferred"]
    assert deferred == others[TIER:]


def test_announcements_and_daily_messages_share_the_one_limit(ctx):
    users = subscribers(ctx.url, TIER + 1)
    day_run(ctx, 0)  # TIER reached, one deferred
    job_run = job_run_id(ctx.url)
    later = KOLKATA_DUE + timedelta(hours=1)
    counts = announce(ctx, job_run, users, "Diwali greetings", "announcement", later)
    assert counts == {"sent": TIER}  # those reached already cost nothing more; one waits
    with transaction(ctx.url) as session:
        assert tier.use(session, TIER, later).used == TIER


def job_run_id(url: str) -> int:
    with transaction(url) as session:
        job = ScheduledJob(kind="announcement", payload={}, created_at=BEFORE)
        session.add(job)
        session.flush()
        run = ScheduledJobRun(job_id=job.id, due_at=BEFORE, claimed_by="t", started_at=BEFORE)
        session.add(run)
        session.flush()
        return run.id


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)  # SQLite writes in turn
def test_two_admissions_at_the_same_moment_never_take_more_than_the_limit(ctx):
    users = subscribers(ctx.url, 2 * TIER)
    halves = [users[:TIER], users[TIER:]]
    barrier = threading.Barrier(2)
    admitted: list[int] = []

    def admit(user_ids: list[int]) -> None:
        with transaction(ctx.url) as session:
            rows = [row_for(user, KOLKATA_DUE) for user in user_ids]
            new = ledger_sql.insert_rows(session, MessageLog, rows, ["user_id", "local_date"])
            barrier.wait(timeout=10)
            chosen, _ = tier.admit(session, MessageLog, new, TIER, KOLKATA_DUE)
            admitted.extend(chosen)

    threads = [threading.Thread(target=admit, args=(half,)) for half in halves]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert len(admitted) == TIER
    statuses = [row.status for row in ledger(ctx.url)]
    assert (statuses.count("pending"), statuses.count("deferred")) == (TIER, TIER)


def row_for(user_id: int, now) -> dict:
    return {
        "user_id": user_id,
        "local_date": now.date(),
        "timezone": "Asia/Kolkata",
        "kind": "manual",
        "status": LedgerStatus.PENDING,
        "attempts": 0,
        "late": False,
    }
