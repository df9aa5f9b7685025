"""The blocked notice is one more kind of send through the pipeline: a row of its own ledger,
admitted by the messaging limit, never sent twice, told once."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from sqlalchemy import select

from lokpanchang.broadcast import SendContext
from lokpanchang.broadcast.content import almanac_content
from lokpanchang.broadcast.notices import send_notices, tell_blocked
from lokpanchang.delivery.base import Outcome, SendResult
from lokpanchang.delivery.memory import MemorySender
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import InboundMessage, MessageLog, NoticeLog, UserDetail
from lokpanchang.storage.states import LedgerKind, LedgerStatus
from tests.broadcast.helpers import add_subscriber, add_subscribers
from tests.broadcast.test_sending import KOLKATA_DUE

NOW = KOLKATA_DUE + timedelta(minutes=5)
TIER = 250  # the smallest tier WhatsApp has


@pytest.fixture
def limited(make_settings, database_url):
    settings = make_settings(database_url=database_url, whatsapp_messaging_limit=str(TIER))
    return SendContext(settings, MemorySender(), almanac_content())


def blocked_subscriber(url: str, wrote_at=None) -> int:
    """A subscriber whose daily message today the channel's policy blocked; they wrote to
    us at ``wrote_at`` (if given)."""
    user_id = add_subscriber(url, "Asia/Kolkata")
    with transaction(url) as session:
        session.add(daily_row(user_id, LedgerStatus.BLOCKED))
        if wrote_at is not None:
            write(session, user_id, wrote_at)
    return user_id


def daily_row(user_id: int, status: LedgerStatus) -> MessageLog:
    return MessageLog(
        user_id=user_id,
        local_date=KOLKATA_DUE.date(),
        timezone="Asia/Kolkata",
        kind=LedgerKind.DAILY,
        status=status,
        attempts=1,
        admitted_at=KOLKATA_DUE,
        whatsapp_message_id=f"wamid.{user_id}" if status == LedgerStatus.SENT else None,
    )


def write(session, user_id: int, at) -> None:
    phone = session.get_one(UserDetail, user_id).address_on("whatsapp")
    session.add(
        InboundMessage(
            wa_message_id=f"wamid.in.{at}", from_phone=phone, kind="text", received_at=at
        )
    )


def notices(url: str) -> list[NoticeLog]:
    with transaction(url) as session:
        return list(session.execute(select(NoticeLog).order_by(NoticeLog.id)).scalars())


def told_at(url: str, user_id: int):
    with transaction(url) as session:
        return session.get_one(UserDetail, user_id).blocked_notice_at


def test_a_notice_leaves_a_ledger_row_admitted_by_the_messaging_limit(ctx):
    user_id = blocked_subscriber(ctx.url, wrote_at=NOW - timedelta(hours=2))
    assert tell_blocked(ctx, [user_id], NOW) == 1
    [message] = ctx.sender.sent
    assert message.kind == "text" and message.channel == "whatsapp"
    [row] = notices(ctx.url)
    assert (row.user_id, row.status, row.occasion) == (user_id, "sent", 1)
    assert (row.admitted_at, row.sent_at, row.attempts) == (NOW, NOW, 1)
    assert told_at(ctx.url, user_id) == NOW
    assert tell_blocked(ctx, [user_id], NOW + timedelta(hours=1)) == 0  # told once
    assert len(ctx.sender.sent) == 1 and len(notices(ctx.url)) == 1


def test_a_notice_beyond_the_tier_waits_and_goes_when_they_next_write(limited):
    url = limited.url
    reached = add_subscribers(url, "Asia/Kolkata", TIER)
    with transaction(url) as session:
        session.add_all(daily_row(user_id, LedgerStatus.SENT) for user_id in reached)
    user_id = blocked_subscriber(url)  # never wrote: outside any service window
    assert send_notices(limited, [user_with(url, user_id)], NOW) == 0
    assert limited.sender.sent == []
    [row] = notices(url)
    assert (row.status, row.admitted_at) == ("deferred", None)
    assert "messaging limit reached: 250" in row.error_detail
    assert told_at(url, user_id) is None
    later = NOW + timedelta(hours=3)
    with transaction(url) as session:
        write(session, user_id, later - timedelta(minutes=1))  # their window is open: free
    assert send_notices(limited, [user_with(url, user_id)], later) == 1
    [message] = limited.sender.sent
    assert message.to == user_with(url, user_id).address
    assert [(r.occasion, r.status) for r in notices(url)] == [(1, "deferred"), (2, "sent")]


def user_with(url: str, user_id: int) -> UserDetail:
    with transaction(url) as session:
        user = session.get_one(UserDetail, user_id)
        session.expunge(user)
        return user


class SecondRunDuringTheSend(MemorySender):
    """Runs the notice's task again, in another worker thread, while its first send is in
    flight (a redelivered task, a second blocked batch of the same subscriber)."""

    def __init__(self, again) -> None:
        super().__init__()
        self.again = again

    async def send_batch(self, messages):
        again, self.again = self.again, None
        if again is not None:
            worker = threading.Thread(target=again)
            worker.start()
            worker.join(30)
        return await super().send_batch(messages)


def test_a_notice_is_never_sent_twice_when_its_task_runs_twice(settings):
    user_id = blocked_subscriber(settings.database_url, wrote_at=NOW - timedelta(hours=2))
    told_by_second: list[int] = []
    sender = SecondRunDuringTheSend(
        lambda: told_by_second.append(tell_blocked(ctx, [user_id], NOW))
    )
    ctx = SendContext(settings, sender, almanac_content())
    tell_blocked(ctx, [user_id], NOW)
    assert told_by_second == [0]  # the second run found the notice in hand
    assert len(sender.sent) == 1
    assert [row.status for row in notices(settings.database_url)] == ["sent"]
    assert told_at(settings.database_url, user_id) == NOW


def test_a_notice_blocked_in_turn_tells_nobody_of_itself_and_is_owed_again(ctx):
    user_id = blocked_subscriber(ctx.url, wrote_at=NOW - timedelta(hours=2))
    phone = user_with(ctx.url, user_id).address
    ctx.sender.outcomes[phone] = SendResult(0, Outcome.BLOCK, None, 131049, "per-user cap")
    assert tell_blocked(ctx, [user_id], NOW) == 0
    assert [(r.occasion, r.status) for r in notices(ctx.url)] == [(1, "blocked")]
    del ctx.sender.outcomes[phone]
    assert tell_blocked(ctx, [user_id], NOW + timedelta(minutes=1)) == 1
    assert [r.status for r in notices(ctx.url)] == ["blocked", "sent"]
