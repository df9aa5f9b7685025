"""Real worker and beat processes, Redis and PostgreSQL, with WhatsApp (the outbox) and
Telegram (the fake Bot API) subscribers in one zone: one message each per local day through a
worker killed mid fan-out; a 429 storm is paced by the shared bucket, and what it refuses is
sent later, never lost and never twice."""

from __future__ import annotations

import signal
from collections import Counter
from datetime import timedelta

import pytest
from sqlalchemy import select

from lokpanchang.fakes.telegram import FAKE_KEY, TelegramConfig, serve
from lokpanchang.storage.addresses import insert_subscribers
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import FOREVER, SubscriberAddress
from tests.broadcast.helpers import add_subscribers, ledger
from tests.fakes.support import FakeInThread
from tests.scheduling import test_faults
from tests.scheduling.cluster import wait_until
from tests.scheduling.test_faults import ON_POSTGRESQL, all_settled

pytestmark = [pytest.mark.integration, pytest.mark.slow]

scene = test_faults.scene  # the shifted-clock cluster of the WhatsApp fault tests
TOKEN = "4242424242:fault-test-token"
FIRST_CHAT = 880_000_000


@pytest.fixture
def telegram():
    fakes = []

    def start(**values) -> FakeInThread:
        fake = FakeInThread(TelegramConfig(token=TOKEN, **values), serve, FAKE_KEY)
        fakes.append(fake)
        return fake

    yield start
    for fake in fakes:
        fake.stop()


@pytest.fixture
def mixed(scene, telegram):
    """(cluster, fake Bot API, WhatsApp subscriber ids, Telegram subscriber ids)."""

    def build(whatsapp: int, on_telegram: int, fake: dict | None = None, **env):
        api = telegram(**(fake or {}))
        env = {"telegram_bot_token": TOKEN, "telegram_api_base_url": api.base_url, **env}
        cluster, _, _ = scene(per_zone=0, **env)
        joined = cluster.now() - timedelta(hours=1)  # after yesterday's 06:30: no catch-up
        url = cluster.database_url
        phones = (
            add_subscribers(url, "Asia/Kolkata", whatsapp, created_on=joined) if whatsapp else []
        )
        chats = add_chats(cluster.database_url, on_telegram, joined)
        return cluster, api, phones, chats

    return build


def add_chats(url: str, count: int, joined) -> list[int]:
    chats = [str(FIRST_CHAT + n) for n in range(count)]
    rows = [
        {"address": chat, "timezone": "Asia/Kolkata", "latitude": 17.385, "longitude": 78.486,
         "created_on": joined, "obsoleted_on": FOREVER, "language": "en", "display_name": "",
         "undeliverable_days": 0}
        for chat in chats
    ]  # fmt: skip
    with transaction(url) as session:
        return sorted(insert_subscribers(session, "telegram", rows, joined))


def accepted_chats(api: FakeInThread) -> Counter:
    return Counter(m["chat_id"] for m in api.received() if m["accepted"])


def chat_of(url: str) -> dict[int, int]:
    with transaction(url) as session:
        rows = session.execute(
            select(SubscriberAddress.user_id, SubscriberAddress.address).where(
                SubscriberAddress.channel == "telegram"
            )
        )
        return {user_id: int(chat or 0) for user_id, chat in rows}


def sent_once_on_their_channel(cluster, api, phones: list[int], chats: list[int]) -> None:
    """One ledger row each; every message reached its channel at most once; every row 'sent'
    is a message its channel has (and only an 'ambiguous' one may be missing)."""
    rows = {row.user_id: row for row in ledger(cluster.database_url)}
    assert sorted(rows) == sorted(phones + chats)
    in_outbox = Counter(line["ledger_id"] for line in cluster.outbox)
    assert all(n == 1 for n in in_outbox.values()), in_outbox.most_common(3)
    assert all(line["channel"] == "whatsapp" for line in cluster.outbox)
    received = accepted_chats(api)
    assert all(n == 1 for n in received.values()), received.most_common(3)
    chat = chat_of(cluster.database_url)
    reached = set(in_outbox) | {rows[u].id for u in chats if chat[u] in received}
    sent = {row.id for row in rows.values() if row.status == "sent"}
    ambiguous = {row.id for row in rows.values() if row.status == "ambiguous"}
    assert sent <= reached <= sent | ambiguous
    assert set(in_outbox) <= {rows[u].id for u in phones}


@ON_POSTGRESQL
def test_a_mixed_zone_sends_one_message_each_through_a_worker_killed_mid_fan_out(mixed):
    cluster, api, phones, chats = mixed(100, 100, batch_size=2)
    worker = cluster.start_worker()
    cluster.start_beat()
    wait_until(
        lambda: len(cluster.outbox) + sum(accepted_chats(api).values()) >= 20,
        60,
        "the fan-out to start\n" + cluster.logs(),
        interval=0.02,
    )
    cluster.stop(worker, signal.SIGKILL)
    reached = len(cluster.outbox) + sum(accepted_chats(api).values())
    assert reached < len(phones) + len(chats), "the fan-out finished before the kill"
    cluster.supervise()
    wait_until(all_settled(cluster, phones + chats), 120, "every subscriber\n" + cluster.logs())
    sent_once_on_their_channel(cluster, api, phones, chats)
    assert len(accepted_chats(api)) >= len(chats) - 4  # at most a batch in flight per process


@ON_POSTGRESQL
def test_paced_at_the_bots_rate_the_fan_out_meets_no_429(mixed):
    cluster, api, phones, chats = mixed(0, 40, fake={"rate": 10.0}, telegram_send_rate=10)
    cluster.start_worker()
    cluster.start_beat()
    wait_until(all_settled(cluster, chats), 90, "every chat\n" + cluster.logs())
    sent_once_on_their_channel(cluster, api, phones, chats)
    assert sorted(accepted_chats(api)) == sorted(chat_of(cluster.database_url).values())
    assert api.api.counts["429"] == 0


@ON_POSTGRESQL
def test_a_429_storm_is_waited_out_and_nobody_is_lost_or_doubled(mixed):
    # The bot is allowed 4 messages/s while we pace at 25/s: most first attempts meet a 429.
    cluster, api, phones, chats = mixed(0, 40, fake={"rate": 4.0})
    cluster.start_worker()
    cluster.start_beat()
    wait_until(all_settled(cluster, chats), 120, "every chat\n" + cluster.logs())
    sent_once_on_their_channel(cluster, api, phones, chats)
    assert api.api.counts["429"] >= 10
    assert sorted(accepted_chats(api)) == sorted(chat_of(cluster.database_url).values())
    assert {row.status for row in ledger(cluster.database_url)} == {"sent"}
