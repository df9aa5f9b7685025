"""An erasure while a message to the same person is on its way (seen in CI at stop 35: the
reply to "delete" reached the outbox after "yes" had erased them and the outbox had forgotten
them). However the two tasks interleave, once both have ended no file and no row names them,
and nothing is sent to them after the reply that says they are erased. Real databases
(SQLite and PostgreSQL), the real outbox, the task functions called directly on threads."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from lokpanchang.broadcast import SendContext
from lokpanchang.broadcast.content import almanac_content
from lokpanchang.conversation import process_inbound, sending
from lokpanchang.delivery.factory import outbox_path
from lokpanchang.delivery.outbox import OutboxSender, read_outbox
from lokpanchang.storage import inbound
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import MessageLog, ReplyLog, SubscriptionEvent
from tests.conversation import bodies
from tests.scheduling.cluster import wait_until

NOW = datetime(2026, 12, 1, 3, 0, tzinfo=UTC)
WA_ID = "919800000079"


@pytest.fixture
def settings(settings_env, make_settings, database_url):
    values = {"database_url": database_url, "delivery_backend": "outbox"}
    settings_env(**values)
    return make_settings(**values)


class HeldOutbox(OutboxSender):
    """The outbox, holding its first batch (on its way: marked as being sent) until
    ``release`` is set."""

    def __init__(self, path) -> None:
        super().__init__(path)
        self.holding, self.release = threading.Event(), threading.Event()

    async def send_batch(self, messages):
        if not self.holding.is_set():
            self.holding.set()
            assert self.release.wait(60), "the test never released the held batch"
        return await super().send_batch(messages)


def say(settings, words: str, ctx: SendContext) -> dict:
    with transaction(settings.database_url) as session:
        inbound_id = inbound.store(session, "whatsapp", bodies.text(WA_ID, words), NOW)
    return process_inbound(inbound_id, ctx, NOW)


def subscribe(settings, ctx: SendContext) -> None:
    with transaction(settings.database_url) as session:
        body = bodies.location(WA_ID, 28.6358, 77.2245)
        inbound_id = inbound.store(session, "whatsapp", body, NOW)
    process_inbound(inbound_id, ctx, NOW)


def texts_to_them(settings) -> list[str]:
    return [m["text"] for m in read_outbox(outbox_path(settings)) if WA_ID in m["phone"]]


def rows_naming_them(settings) -> list[str]:
    with transaction(settings.database_url) as session:
        replies = session.execute(
            select(ReplyLog.address, ReplyLog.key, ReplyLog.text, ReplyLog.whatsapp_message_id)
        ).all()
        ledger = session.execute(select(MessageLog.whatsapp_message_id)).all()
    return [repr(row) for row in [*replies, *ledger] if WA_ID in repr(row)]


def erased(settings) -> bool:
    with transaction(settings.database_url) as session:
        events = select(SubscriptionEvent.id).where(SubscriptionEvent.kind == "erased")
        return session.scalar(events) is not None


def assert_nothing_names_them(settings) -> None:
    assert rows_naming_them(settings) == []
    assert texts_to_them(settings) == [], "the outbox keeps lines to them"


def test_a_reply_sent_after_the_erasure_committed_is_not_sent_and_names_no_one(
    settings, monkeypatch
):
    # The "delete" task committed its reply, then waited (a busy worker) while the "yes"
    # task erased them; on main its late send owed the reply again, under its own key, with
    # their number, and sent it to the outbox the erasure had just cleaned.
    ctx = SendContext(settings, OutboxSender(outbox_path(settings)), almanac_content())
    subscribe(settings, ctx)
    late = []
    with monkeypatch.context() as patch:
        patch.setattr("lokpanchang.conversation.inbound.answer", lambda *a: late.append(a) or {})
        say(settings, "delete", ctx)
    say(settings, "yes", ctx)
    assert erased(settings)
    [(report, now, _)] = late
    summary = sending.answer(report, now, ctx)
    assert summary["replies"] == 1
    assert_nothing_names_them(settings)


def test_an_erasure_forgets_the_outbox_only_after_the_sends_to_them_on_their_way(settings):
    # The reply to "delete" was being sent (its batch handed to the channel) when "yes"
    # erased them; on main the erasure forgot the outbox at once and the reply's line
    # arrived after it, with their number.
    path = outbox_path(settings)
    ctx = SendContext(settings, OutboxSender(path), almanac_content())
    subscribe(settings, ctx)
    held = HeldOutbox(path)
    held_ctx = SendContext(settings, held, almanac_content())
    asking = threading.Thread(target=say, args=(settings, "delete", held_ctx))
    asking.start()
    assert held.holding.wait(30), "the reply to delete never reached the channel"
    confirming = threading.Thread(target=say, args=(settings, "yes", ctx))
    confirming.start()
    wait_until(lambda: erased(settings), 30, "the erasure's commit")
    held.release.set()
    for task in (asking, confirming):
        task.join(60)
        assert not task.is_alive()
    assert_nothing_names_them(settings)
