"""The conversation's replies are rows of a ledger (``reply_log``) sent by the pipeline:
owed in the transaction that handles the person's message, so a worker that dies after that
commit loses no reply (the task's redelivery sends it), sent at most once however often the
task runs, recorded with their outcome and message id, and sent again after the back-off
when the channel asked for a retry. Real databases (SQLite and PostgreSQL), the task
functions called directly."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from lokpanchang.broadcast import SendContext, retries
from lokpanchang.broadcast.content import almanac_content
from lokpanchang.conversation import process_inbound
from lokpanchang.delivery.base import Outcome, SendResult
from lokpanchang.delivery.memory import MemorySender
from lokpanchang.storage import inbound
from lokpanchang.storage.db import transaction
from tests.conversation import bodies

NOW = datetime(2026, 12, 1, 3, 0, tzinfo=UTC)
WA_ID = "919800000078"


class WorkerDied(Exception):
    """The worker's process ended here (a kill, a lost machine)."""


@pytest.fixture
def sender(settings_env, make_settings, database_url):
    """The process's channel, a memory one, in the worker's send context (``.context``)."""
    values = {"database_url": database_url, "delivery_backend": "outbox"}
    settings_env(**values)
    settings = make_settings(**values)
    memory = MemorySender()
    context = SendContext(settings, memory, almanac_content())
    memory.settings, memory.context = settings, context  # for the tests below
    return memory


def store(url: str, body: dict) -> int:
    with transaction(url) as session:
        return inbound.store(session, "whatsapp", body, NOW)


def helps(sender: MemorySender) -> list[str]:
    return [m.text for m in sender.sent if m.to == f"+{WA_ID}"]


def reply_rows(url: str) -> list:
    from lokpanchang.storage.models import ReplyLog

    with transaction(url) as session:
        rows = session.execute(select(ReplyLog).order_by(ReplyLog.id)).scalars().all()
        session.expunge_all()
        return list(rows)


def test_a_reply_lost_to_a_crash_after_its_message_was_handled_is_sent_on_redelivery(
    sender, monkeypatch
):
    # On main the reply was sent after the commit and kept nowhere: a worker that died
    # between the commit and the send lost it, and the redelivered task found the webhook
    # handled ("before") and said nothing.
    settings = sender.settings
    inbound_id = store(settings.database_url, bodies.text(WA_ID, "help"))

    def died(*args, **kwargs):
        raise WorkerDied

    with monkeypatch.context() as patch:
        patch.setattr("lokpanchang.conversation.inbound.answer", died)
        with pytest.raises(WorkerDied):
            process_inbound(inbound_id, sender.context, NOW)
    assert helps(sender) == []
    process_inbound(inbound_id, sender.context, NOW + timedelta(seconds=30))  # the redelivery
    process_inbound(inbound_id, sender.context, NOW + timedelta(seconds=40))  # and another copy
    assert len(helps(sender)) == 1


def test_a_reply_is_recorded_with_its_outcome_and_message_id(sender):
    settings = sender.settings
    process_inbound(store(settings.database_url, bodies.text(WA_ID, "help")), sender.context, NOW)
    [row] = reply_rows(settings.database_url)
    assert (row.kind, row.channel, row.address, row.status) == (
        "reply",
        "whatsapp",
        f"+{WA_ID}",
        "sent",
    )
    assert row.whatsapp_message_id and row.sent_at == NOW and row.admitted_at == NOW
    assert len(helps(sender)) == 1


def test_a_reply_the_channel_asked_to_retry_is_sent_after_its_back_off(sender):
    # On main a throttled reply (130429) was logged and dropped.
    settings = sender.settings
    throttled = SendResult(0, Outcome.RETRY, None, 130429, "rate limit", retry_after=5.0)
    sender.outcomes = {f"+{WA_ID}": throttled}
    process_inbound(store(settings.database_url, bodies.text(WA_ID, "help")), sender.context, NOW)
    assert helps(sender) == []
    sender.outcomes = {}
    ctx = SendContext(settings, sender, almanac_content())
    assert retries.due(settings, NOW + timedelta(seconds=10))
    retries.send_due(ctx, NOW + timedelta(seconds=10))
    retries.send_due(ctx, NOW + timedelta(seconds=20))
    assert len(helps(sender)) == 1
    [row] = reply_rows(settings.database_url)
    assert (row.status, row.attempts) == ("sent", 2)


def test_a_reply_left_owed_past_its_freshness_is_never_sent(sender, monkeypatch):
    settings = sender.settings
    inbound_id = store(settings.database_url, bodies.text(WA_ID, "help"))
    with monkeypatch.context() as patch:
        patch.setattr("lokpanchang.conversation.inbound.answer", lambda *a: 1 / 0)
        with pytest.raises(ZeroDivisionError):
            process_inbound(inbound_id, sender.context, NOW)
    ctx = SendContext(settings, sender, almanac_content())
    retries.send_due(ctx, NOW + timedelta(hours=2))  # an answer two hours late answers nothing
    assert helps(sender) == []
    assert [row.status for row in reply_rows(settings.database_url)] == ["missed"]


def test_after_delete_then_yes_no_reply_row_names_them(sender):
    settings = sender.settings
    for said in ("delete", "yes"):
        body = bodies.location(WA_ID, 28.6358, 77.2245) if said == "delete" else None
        if body is not None:
            process_inbound(store(settings.database_url, body), sender.context, NOW)
        process_inbound(store(settings.database_url, bodies.text(WA_ID, said)), sender.context, NOW)
    assert "are erased" in helps(sender)[-1]  # the last reply reached them
    rows = reply_rows(settings.database_url)
    assert len(rows) == 3 and all(row.status == "sent" for row in rows)
    for row in rows:
        assert WA_ID not in f"{row.address} {row.key} {row.text} {row.whatsapp_message_id}"
