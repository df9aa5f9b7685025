"""The one pipeline: failures before the request go back, outcomes survive an outage,
subscribers stay on their number, the channel's policy blocks are recorded and told once."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest

from lokpanchang.broadcast import SendContext, pipeline, send_batch, start_run
from lokpanchang.broadcast.content import almanac_content
from lokpanchang.conversation import handle_webhook
from lokpanchang.delivery.base import Outcome, OutgoingMessage, SendResult
from lokpanchang.delivery.memory import MemorySender
from lokpanchang.delivery.whatsapp import WhatsAppSender
from lokpanchang.storage import migrate
from lokpanchang.storage.db import dispose_engine, transaction
from lokpanchang.storage.models import InboundMessage, UserDetail
from tests.broadcast.helpers import add_subscriber, ledger, runs
from tests.broadcast.test_sending import KOLKATA_DUE, plan, run_to_the_end
from tests.conversation import bodies
from tests.fakes.support import PHONE_NUMBER_ID, TOKEN, FakeInThread, fake_config


@pytest.fixture
def fake():
    fake = FakeInThread(fake_config(pair_interval=0))
    yield fake
    fake.stop()


def whatsapp(fake, **values) -> WhatsAppSender:
    return WhatsAppSender(
        base_url=fake.base_url,
        api_version="v25.0",
        phone_number_ids=(PHONE_NUMBER_ID,),
        access_token=TOKEN,
        backoff_base=0.01,
        backoff_cap=0.02,
        max_attempts=2,
        **values,
    )


class PacingDown:
    """A pacing bucket whose store is unreachable for the first ``failures`` reservations."""

    def __init__(self, failures: int) -> None:
        self.failures = failures

    async def acquire(self, key: str = "", ahead: int | None = None) -> None:
        if self.failures > 0:
            self.failures -= 1
            raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    async def release(self) -> None:
        return None


def test_a_send_that_never_left_because_pacing_failed_goes_back_and_is_sent_once(settings, fake):
    users = [add_subscriber(settings.database_url, "Asia/Kolkata") for _ in range(3)]
    ctx = SendContext(settings, whatsapp(fake, bucket=PacingDown(6)), almanac_content())
    run_id = plan(settings)
    [first, *rest] = start_run(settings, run_id, KOLKATA_DUE)
    tally = send_batch(ctx, run_id, first, KOLKATA_DUE)
    assert tally.counts == {"retry": 3} and tally.retry_after == 2.0  # back, not ambiguous
    assert fake.received() == []
    assert {row.status for row in ledger(settings.database_url)} == {"retry"}
    later = KOLKATA_DUE + timedelta(seconds=3)
    assert send_batch(ctx, run_id, first, later).counts == {"sent": 3}
    assert run_to_the_end(ctx, run_id, later)
    assert sorted(m["to"] for m in fake.received()) == sorted(
        phone.lstrip("+") for phone in phones_of(settings.database_url, users)
    )


def test_content_that_fails_is_tried_again_then_given_up(settings):
    add_subscriber(settings.database_url, "Asia/Kolkata")
    sender = MemorySender()

    def broken(recipient):
        raise ValueError("no panchangam today")

    ctx = SendContext(settings, sender, broken)
    run_id = plan(settings)
    [bounds] = start_run(settings, run_id, KOLKATA_DUE)
    now = KOLKATA_DUE
    for _ in range(settings.send_max_retries):
        assert send_batch(ctx, run_id, bounds, now).counts == {"retry": 1}
        now += timedelta(seconds=400)
    assert send_batch(ctx, run_id, bounds, now).counts == {"failed": 1}
    [row] = ledger(settings.database_url)
    assert "gave up after 6 attempts: content failed" in row.error_detail
    assert sender.sent == []


def phones_of(url: str, users: list[int]) -> list[str]:
    with transaction(url) as session:
        return [session.get_one(UserDetail, user).address for user in users]


def test_each_subscriber_is_pinned_to_a_number_and_stays_on_it(settings):
    users = [add_subscriber(settings.database_url, "Asia/Kolkata") for _ in range(6)]
    sender = MemorySender(identities=("111", "222"))
    ctx = SendContext(settings, sender, almanac_content())
    run_to_the_end(ctx, plan(settings))
    first = {m.to: m.via for m in sender.sent}
    assert sorted(first.values()) == ["111"] * 3 + ["222"] * 3  # spread over both
    with transaction(settings.database_url) as session:
        pinned = {u.address_on("whatsapp"): u.number_id for u in session.query(UserDetail)}
    assert pinned == first
    sender.sent.clear()
    sender.identities = ("222", "111", "333")  # a third number joins the account
    tomorrow = plan(settings, KOLKATA_DUE + timedelta(days=1) - timedelta(minutes=10))
    run_to_the_end(ctx, tomorrow, KOLKATA_DUE + timedelta(days=1))
    assert {m.to: m.via for m in sender.sent} == first
    assert len(users) == 6


def test_an_outcome_returned_while_the_database_is_down_is_written_when_it_is_back(
    own_postgres, make_settings
):
    url = own_postgres.create_database()
    migrate.upgrade(url)
    settings = make_settings(database_url=url, batch_size=10, outcome_hold=60)
    users = [add_subscriber(url, "Asia/Kolkata") for _ in range(4)]
    outage: list[float] = []

    class StopsTheDatabase(MemorySender):
        """Accepts every message, then the database goes away for a few seconds."""

        async def send_batch(self, messages: list[OutgoingMessage]) -> list[SendResult]:
            results = await super().send_batch(messages)
            own_postgres.stop("fast")
            outage.append(time.monotonic())
            threading.Timer(4.0, own_postgres.start).start()
            return results

    ctx = SendContext(settings, StopsTheDatabase(), almanac_content())
    run_id = plan(settings)
    [bounds] = start_run(settings, run_id, KOLKATA_DUE)
    tally = send_batch(ctx, run_id, bounds, KOLKATA_DUE)
    held = time.monotonic() - outage[0]
    assert tally.counts == {"sent": 4} and held >= 4.0
    assert [row.status for row in ledger(url)] == ["sent"] * 4
    assert {row.whatsapp_message_id for row in ledger(url)} == {
        f"memory.{row.id}" for row in ledger(url)
    }
    assert runs(url)[0].status == "running" and len(users) == 4
    dispose_engine(url)


def test_a_status_webhook_that_beats_the_worker_is_not_rewound(settings, ctx):
    add_subscriber(settings.database_url, "Asia/Kolkata")
    run_id = plan(settings)
    [bounds] = start_run(settings, run_id, KOLKATA_DUE)
    original = ctx.sender.send_batch

    async def send_then_deliver(messages):
        results = await original(messages)
        callback = f"message_log:{messages[0].ledger_id}"
        with transaction(settings.database_url) as session:  # Meta's webhook, a moment early
            handle_webhook(session, bodies.status("delivered", "memory.x", callback), KOLKATA_DUE)
        return results

    ctx.sender.send_batch = send_then_deliver
    send_batch(ctx, run_id, bounds, KOLKATA_DUE)
    assert [row.status for row in ledger(settings.database_url)] == ["delivered"]


def test_marketing_to_a_plus_one_number_is_blocked_without_a_request_and_told_once(settings, fake):
    new_york = add_subscriber(settings.database_url, "Asia/Kolkata")
    with transaction(settings.database_url) as session:
        user = session.get(UserDetail, new_york)
        user.set_address("whatsapp", "+12125550100", KOLKATA_DUE)
        session.add(
            InboundMessage(
                wa_message_id="wamid.IN1",
                from_phone=user.address_on("whatsapp"),
                kind="text",
                received_at=KOLKATA_DUE - timedelta(hours=2),
            )
        )
    ctx = SendContext(settings, whatsapp(fake), almanac_content())
    run_to_the_end(ctx, plan(settings))
    [row] = ledger(settings.database_url)
    assert (row.status, row.error_detail) == (
        "blocked",
        "marketing templates are not delivered to +1 numbers",
    )
    [notice] = fake.received()  # no template request: only the notice, inside their window
    assert (
        notice["type"] == "text" and "could not be delivered" in notice["payload"]["text"]["body"]
    )
    tomorrow = plan(settings, KOLKATA_DUE + timedelta(days=1) - timedelta(minutes=10))
    run_to_the_end(ctx, tomorrow, KOLKATA_DUE + timedelta(days=1))
    assert [r.status for r in ledger(settings.database_url)] == ["blocked", "blocked"]
    assert len(fake.received()) == 1  # told once
    [run] = runs(settings.database_url)[:1]
    assert (run.sent, run.skipped) == (0, 1)


def test_a_block_reported_later_by_a_webhook_is_recorded_as_blocked(settings, ctx):
    add_subscriber(settings.database_url, "Asia/Kolkata")
    run_to_the_end(ctx, plan(settings))
    [row] = ledger(settings.database_url)
    body = bodies.status("failed", row.whatsapp_message_id, f"message_log:{row.id}", code=131049)
    with transaction(settings.database_url) as session:
        handle_webhook(session, body, KOLKATA_DUE + timedelta(minutes=1))
    [row] = ledger(settings.database_url)
    assert (row.status, row.error_code) == ("blocked", 131049)
    with transaction(settings.database_url) as session:
        assert session.get(UserDetail, row.user_id).is_active(KOLKATA_DUE + timedelta(hours=1))


def test_the_pipelines_tally_reports_when_its_retries_are_due():
    tally = pipeline.Tally()
    tally.merge(pipeline.Tally(claimed=2, counts={"sent": 1, "retry": 1}, retry_after=4.0))
    tally.merge(pipeline.Tally(claimed=1, counts={"retry": 1}, retry_after=8.0, halted=True))
    assert (tally.claimed, tally.counts, tally.retry_after, tally.halted) == (
        3,
        {"sent": 1, "retry": 2},
        8.0,
        True,
    )


def test_a_subscriber_blocked_outside_their_window_is_told_with_the_next_reply_only(settings):
    from lokpanchang.broadcast.replies import send_replies
    from lokpanchang.conversation import Reply

    user = add_subscriber(settings.database_url, "Asia/Kolkata")
    sender = MemorySender()
    ctx = SendContext(settings, sender, almanac_content())
    phone = phones_of(settings.database_url, [user])[0]
    sender.outcomes = {phone: SendResult(0, Outcome.BLOCK, None, 131049, "cap")}
    run_to_the_end(ctx, plan(settings))
    assert sender.sent == []  # not in a service window: nothing can be said yet
    sender.outcomes = {}
    later = KOLKATA_DUE + timedelta(hours=5)
    send_replies(ctx, [Reply(phone, "text", "help text")], later)
    send_replies(ctx, [Reply(phone, "text", "help again")], later)
    texts = [m.text for m in sender.sent]
    assert texts[0] == "help text" and "could not be delivered" in texts[1]
    assert texts[2:] == ["help again"]  # told once


def test_a_run_is_cut_into_batches_by_the_database_exactly_as_its_ids_would_be(settings):
    for _ in range(8):
        add_subscriber(settings.database_url, "Asia/Kolkata")
    run_id = plan(settings)
    bounds = start_run(settings, run_id, KOLKATA_DUE)  # batches of 3 (the fixture's)
    ids = sorted(row.id for row in ledger(settings.database_url))
    assert bounds == pipeline.batch_bounds(ids, 3) and len(bounds) == 3
    assert [last - first for first, last in bounds] == [2, 2, 1]


def test_a_subscriber_erased_between_their_batchs_claim_and_its_send_is_not_sent(settings):
    # The claim loaded their number; on main the batch sent it after the erasure had
    # withdrawn the row (and forgotten the outbox): a line naming someone erased.
    from lokpanchang.storage.erasure import erase_subscriber

    users = [add_subscriber(settings.database_url, "Asia/Kolkata") for _ in range(3)]
    erased = users[1]
    phones = phones_of(settings.database_url, users)
    content, rendered = almanac_content(), []

    def erasing_while_rendering(recipient):
        if not rendered:  # the batch is claimed: another task erases them now
            with transaction(settings.database_url) as session:
                erase_subscriber(session, session.get_one(UserDetail, erased), KOLKATA_DUE)
        rendered.append(recipient)
        return content(recipient)

    ctx = SendContext(settings, MemorySender(), erasing_while_rendering)
    run_id = plan(settings)
    [bounds] = start_run(settings, run_id, KOLKATA_DUE)
    assert send_batch(ctx, run_id, bounds, KOLKATA_DUE).counts == {"sent": 2}
    assert sorted(m.to for m in ctx.sender.sent) == sorted([phones[0], phones[2]])
    assert {row.user_id: row.status for row in ledger(settings.database_url)}[erased] == (
        "withdrawn"
    )
