"""Operator-defined jobs send through the real broadcast path (memory channel, real content)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import select

from lokpanchang.broadcast import SendContext
from lokpanchang.broadcast.content import almanac_content
from lokpanchang.delivery.base import Outcome, SendResult
from lokpanchang.delivery.memory import MemorySender
from lokpanchang.ops.jobs import lifecycle as jobs
from lokpanchang.ops.jobs import runner as jobrunner
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import AnnouncementLog, MessageLog, UserDetail
from tests.ops.factories import add_ledger, add_subscriber

NOW = datetime(2026, 11, 29, 10, 0, tzinfo=UTC)
DAY = date(2026, 11, 28)
KOLKATA, LONDON, NEW_YORK = "Asia/Kolkata", "Europe/London", "America/New_York"
JOINED = NOW - timedelta(days=9)


@pytest.fixture
def settings(make_settings, database_url):
    return make_settings(database_url=database_url, batch_size=2)


@pytest.fixture
def ctx(settings):
    return SendContext(settings, MemorySender(), almanac_content())


def phone_of(url: str, user_id: int) -> str:
    with transaction(url) as session:
        return session.get_one(UserDetail, user_id).address


def claimed_job(url: str, kind: str, payload: dict) -> int:
    job_id = jobs.create_job(url, NOW, kind=kind, payload=payload, run_at=NOW)
    assert jobs.claim(url, job_id, NOW, "dispatcher", NOW)
    return job_id


def ledger(url: str) -> dict[int, tuple[str, str]]:
    with transaction(url) as session:
        return {
            row.user_id: (row.kind, row.status)
            for row in session.scalars(select(MessageLog).where(MessageLog.local_date == DAY))
        }


def test_a_backfill_sends_the_day_only_to_subscribers_without_a_ledger_row(
    database_url, settings, ctx
):
    served = add_subscriber(database_url, KOLKATA, JOINED)
    owed = [add_subscriber(database_url, KOLKATA, JOINED) for _ in range(3)]
    add_subscriber(database_url, LONDON, JOINED)
    add_subscriber(database_url, KOLKATA, JOINED, obsoleted_on=NOW - timedelta(days=1))
    add_ledger(database_url, served, KOLKATA, DAY, "failed", kind="daily")
    job_id = claimed_job(database_url, "backfill", {"zone": KOLKATA, "date": DAY.isoformat()})

    outcome, detail = jobrunner.execute_job(settings, job_id, NOW, NOW, ctx)

    assert outcome == "ok", detail
    assert (detail["queued"], detail["counts"]) == (3, {"sent": 3})
    assert sorted(m.to for m in ctx.sender.sent) == sorted(phone_of(database_url, u) for u in owed)
    # The day's panchangam for the backfilled date, rendered by the real content.
    assert all("2026" in m.text and m.parameters for m in ctx.sender.sent)
    assert ledger(database_url) == {
        served: ("daily", "failed"),
        **dict.fromkeys(owed, ("backfill", "sent")),
    }
    with transaction(database_url) as session:  # owed when the operator asked: never late
        rows = session.scalars(select(MessageLog).where(MessageLog.kind == "backfill")).all()
    assert {(r.scheduled_at, r.late) for r in rows} == {(NOW, False)}


def test_an_operators_zone_send_is_not_counted_as_late(database_url, settings, ctx):
    """Issue 25, item 8: a zone sent from the portal 1-2 h after its slot showed up in
    lokpanchang_messages_late and the lateness histogram; lateness is for scheduled sends."""
    from lokpanchang.storage import gauges

    [add_subscriber(database_url, KOLKATA, JOINED) for _ in range(2)]
    job_id = claimed_job(database_url, "backfill", {"zone": KOLKATA, "date": DAY.isoformat()})
    assert jobrunner.execute_job(settings, job_id, NOW, NOW, ctx)[1]["counts"] == {"sent": 2}

    read = gauges.read(database_url, NOW + timedelta(minutes=1), ())
    assert (read.late_sends, read.lateness_seconds) == (0, [0.0, 0.0])


def test_a_backfill_of_today_before_the_send_time_is_owed_now_and_not_late(
    database_url, settings, ctx
):
    # 10:00 UTC is 05:00 in New York: today's 06:30 is still to come (an operator's "send now").
    owed = add_subscriber(database_url, NEW_YORK, JOINED)
    today = date(2026, 11, 29)
    job_id = claimed_job(database_url, "backfill", {"zone": NEW_YORK, "date": today.isoformat()})

    outcome, detail = jobrunner.execute_job(settings, job_id, NOW, NOW, ctx)

    assert (outcome, detail["counts"]) == ("ok", {"sent": 1})
    with transaction(database_url) as session:
        row = session.scalars(select(MessageLog).where(MessageLog.user_id == owed)).one()
    assert (row.local_date, row.scheduled_at, row.late) == (today, NOW, False)


def test_re_running_a_backfill_sends_nobody_twice(database_url, settings, ctx):
    owed = [add_subscriber(database_url, KOLKATA, JOINED) for _ in range(3)]
    job_id = claimed_job(database_url, "backfill", {"zone": KOLKATA, "date": DAY.isoformat()})
    jobrunner.execute_job(settings, job_id, NOW, NOW, ctx)
    outcome, detail = jobrunner.execute_job(settings, job_id, NOW + timedelta(minutes=1), NOW, ctx)
    assert outcome == "ok" and (detail["queued"], detail["counts"]) == (0, {})
    assert len(ctx.sender.sent) == len(owed) == 3


def test_a_backfill_row_the_channel_asked_to_retry_goes_out_on_the_next_run(
    database_url, settings, ctx
):
    first, second = (add_subscriber(database_url, KOLKATA, JOINED) for _ in range(2))
    busy = phone_of(database_url, second)
    ctx.sender.outcomes[busy] = SendResult(0, Outcome.RETRY, error_code=130429)
    job_id = claimed_job(database_url, "backfill", {"zone": KOLKATA, "date": DAY.isoformat()})
    assert jobrunner.execute_job(settings, job_id, NOW, NOW, ctx)[1]["counts"] == {
        "sent": 1,
        "retry": 1,
    }
    del ctx.sender.outcomes[busy]
    during = NOW + timedelta(seconds=1)  # the row waits out its back-off (2 s) first
    assert jobrunner.execute_job(settings, job_id, during, NOW, ctx)[1]["counts"] == {}
    later = NOW + timedelta(minutes=1)
    assert jobrunner.execute_job(settings, job_id, later, NOW, ctx)[1]["counts"] == {"sent": 1}
    assert sorted(m.to for m in ctx.sender.sent) == sorted([phone_of(database_url, first), busy])


def test_an_announcement_to_a_zone_reaches_exactly_its_active_subscribers(
    database_url, settings, ctx
):
    kolkata = [add_subscriber(database_url, KOLKATA, JOINED) for _ in range(3)]
    add_subscriber(database_url, LONDON, JOINED)
    add_subscriber(database_url, KOLKATA, JOINED, obsoleted_on=NOW - timedelta(hours=1))
    payload = {"audience": "zone", "zone": KOLKATA, "text": "Diwali greetings"}
    job_id = claimed_job(database_url, "announcement", payload)

    outcome, detail = jobrunner.execute_job(settings, job_id, NOW, NOW, ctx)

    assert outcome == "ok", detail
    assert (detail["recipients"], detail["counts"]) == (3, {"sent": 3})
    assert sorted(m.to for m in ctx.sender.sent) == sorted(
        phone_of(database_url, u) for u in kolkata
    )
    assert {(m.text, m.parameters, m.template, m.ledger_id) for m in ctx.sender.sent} == {
        ("Diwali greetings", ("Diwali greetings",), "announcement", 0)
    }


def test_re_executing_an_announcement_run_messages_nobody_twice(database_url, settings, ctx):
    everyone = [add_subscriber(database_url, zone, JOINED) for zone in (KOLKATA, LONDON, LONDON)]
    job_id = claimed_job(database_url, "announcement", {"audience": "all", "text": "hello"})
    jobrunner.execute_job(settings, job_id, NOW, NOW, ctx)
    late_joiner = add_subscriber(database_url, KOLKATA, NOW)
    again = jobrunner.execute_job(settings, job_id, NOW + timedelta(minutes=5), NOW, ctx)
    phones = [m.to for m in ctx.sender.sent]
    assert again[1]["counts"] == {"sent": 1}  # only the one who was not there the first time
    assert sorted(phones) == sorted(phone_of(database_url, u) for u in [*everyone, late_joiner])
    with transaction(database_url) as session:
        rows = session.scalars(select(AnnouncementLog.status)).all()
    assert sorted(rows) == ["sent"] * 4


def test_an_announcement_to_one_subscriber_reaches_only_them(database_url, settings, ctx):
    target = add_subscriber(database_url, LONDON, JOINED)
    add_subscriber(database_url, LONDON, JOINED)
    payload = {"audience": "subscriber", "subscriber_id": target, "text": "your plan changed"}
    job_id = claimed_job(database_url, "announcement", payload)
    assert jobrunner.execute_job(settings, job_id, NOW, NOW, ctx)[0] == "ok"
    assert [m.to for m in ctx.sender.sent] == [phone_of(database_url, target)]


def test_a_halt_stops_the_announcement_and_leaves_the_rest_for_a_later_run(
    database_url, settings, ctx
):
    users = [add_subscriber(database_url, LONDON, JOINED) for _ in range(4)]
    ctx.sender.outcomes[phone_of(database_url, users[0])] = SendResult(
        0, Outcome.HALT, None, 131031
    )
    job_id = claimed_job(database_url, "announcement", {"audience": "all", "text": "hi"})
    assert jobrunner.execute_job(settings, job_id, NOW, NOW, ctx)[1]["counts"] == {
        "halted": 1,
        "sent": 1,
    }
    ctx.sender.outcomes.clear()
    assert jobrunner.execute_job(settings, job_id, NOW, NOW, ctx)[1]["counts"] == {"sent": 2}
    assert len(ctx.sender.sent) == 3  # the halted one is recorded, not resent blindly


def test_an_announcement_that_was_never_claimed_fails_with_a_clear_error(
    database_url, settings, ctx
):
    job_id = jobs.create_job(
        database_url,
        NOW,
        kind="announcement",
        run_at=NOW,
        payload={"audience": "all", "text": "hi"},
    )
    outcome, detail = jobrunner.execute_job(settings, job_id, NOW, None, ctx)
    assert outcome == "failed" and "scheduled_job_run" in detail["error"]
