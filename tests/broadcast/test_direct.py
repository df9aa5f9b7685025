"""Direct sends (``reply_log``) and the messaging limit: it applies where Meta applies it. A
template an operator sends to test the channel opens a business-initiated conversation, so
it takes a place of the tier (and waits when there is none); a reply to someone who just
wrote is inside their service window and goes whatever the tier's use. Real databases."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from lokpanchang.broadcast import SendContext
from lokpanchang.broadcast.content import almanac_content
from lokpanchang.broadcast.replies import owe_replies, send_replies
from lokpanchang.conversation import Reply
from lokpanchang.delivery.base import Outcome
from lokpanchang.delivery.memory import MemorySender
from lokpanchang.storage import quota, reply_log
from lokpanchang.storage.db import transaction
from lokpanchang.web.admin import dispatch
from tests.broadcast.helpers import add_subscriber, add_subscribers
from tests.broadcast.test_notices import NOW, TIER, daily_row, write
from tests.broadcast.test_sending import KOLKATA_DUE

TEST_PHONE = "+15550100001"


@pytest.fixture
def limited(make_settings, database_url):
    settings = make_settings(database_url=database_url, whatsapp_messaging_limit=str(TIER))
    return SendContext(settings, MemorySender(), almanac_content())


def fill_the_tier(url: str) -> None:
    from lokpanchang.storage.states import LedgerStatus

    reached = add_subscribers(url, "Asia/Kolkata", TIER)
    with transaction(url) as session:
        session.add_all(daily_row(user_id, LedgerStatus.SENT) for user_id in reached)


def direct_rows(url: str) -> list:
    from lokpanchang.storage.models import ReplyLog

    with transaction(url) as session:
        rows = session.scalars(select(ReplyLog).order_by(ReplyLog.id)).all()
        session.expunge_all()
        return list(rows)


def test_a_test_message_waits_when_the_tier_is_full(limited):
    # On main the test message went out whatever the tier's use: one more unique recipient
    # of a business-initiated message than the account's limit allows.
    fill_the_tier(limited.url)
    result = dispatch.send_test_message(limited.settings, TEST_PHONE, NOW, limited.sender)
    assert limited.sender.sent == []
    assert result.outcome is Outcome.SKIP and "messaging limit reached: 250" in (
        result.error_detail or ""
    )
    [row] = direct_rows(limited.url)
    assert (row.kind, row.status, row.admitted_at) == ("test", "deferred", None)


def test_a_test_message_takes_a_place_of_the_tier(limited):
    with transaction(limited.url) as session:
        before = quota.used(session, NOW, ("whatsapp",))
    result = dispatch.send_test_message(limited.settings, TEST_PHONE, NOW, limited.sender)
    assert result.outcome is Outcome.SENT and [m.to for m in limited.sender.sent] == [TEST_PHONE]
    with transaction(limited.url) as session:
        assert quota.used(session, NOW, ("whatsapp",)) == before + 1
        assert quota.used(session, NOW + timedelta(hours=25), ("whatsapp",)) == 0


def test_a_reply_inside_the_service_window_goes_when_the_tier_is_full(limited):
    fill_the_tier(limited.url)
    user_id = add_subscriber(limited.url, "Asia/Kolkata")
    with transaction(limited.url) as session:
        write(session, user_id, NOW - timedelta(minutes=1))
        phone = daily_phone(session, user_id)
    [result] = answer(limited, [Reply(phone, "text", "help text", cause="wa:x")], NOW)
    assert result.outcome is Outcome.SENT
    assert [m.text for m in limited.sender.sent] == ["help text"]
    [row] = direct_rows(limited.url)
    assert (row.kind, row.user_id, row.status) == ("reply", user_id, "sent")
    with transaction(limited.url) as session:  # and it took no place of the tier
        assert quota.used(session, NOW, ("whatsapp",)) == TIER


def test_a_reply_sent_twice_for_one_cause_goes_once(limited):
    reply = Reply(TEST_PHONE, "text", "help text", cause="whatsapp:wamid.1")
    answer(limited, [reply], KOLKATA_DUE)
    [again] = answer(limited, [reply], KOLKATA_DUE)
    assert again.outcome is Outcome.SENT and len(limited.sender.sent) == 1


def answer(ctx: SendContext, replies: list[Reply], now) -> list:
    """As a handled message's task does: its replies owed with it, then sent."""
    with transaction(ctx.url) as session:
        owe_replies(session, ctx.settings, replies, now)
    return send_replies(ctx, replies, now)


def test_a_reply_owed_with_its_message_and_erased_since_is_not_sent(limited):
    # The erasure blanks the reply's key: sending it must not owe it again with their number.
    reply = Reply(TEST_PHONE, "text", "help text", cause="whatsapp:wamid.2")
    with transaction(limited.url) as session:
        owe_replies(session, limited.settings, [reply], NOW)
        reply_log.erase(session, 0, [("whatsapp", TEST_PHONE)])
    [result] = send_replies(limited, [reply], NOW)
    assert result.outcome is Outcome.SKIP and "erased" in (result.error_detail or "")
    assert limited.sender.sent == []
    assert [(row.address, row.text) for row in direct_rows(limited.url)] == [("erased-0", "")]


def daily_phone(session, user_id: int) -> str:
    from lokpanchang.storage.models import UserDetail

    return session.get_one(UserDetail, user_id).address_on("whatsapp")
