"""Real worker and beat processes against the fake Cloud API (100-200 ms per request), through
the faults a WhatsApp account meets: PostgreSQL down mid fan-out, pacing down before the
requests, two phone numbers, and a messaging-limit tier smaller than the day.

Each test puts the next 06:30 in Asia/Kolkata (and Asia/Colombo) a few seconds ahead on a
shifted clock (``cluster.py``), as ``test_faults.py`` does.
"""

from __future__ import annotations

import time
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from lokpanchang.config import load_settings
from lokpanchang.storage import inbound, migrate
from lokpanchang.storage.db import dispose_engine, transaction
from lokpanchang.storage.models import UserDetail
from lokpanchang.tasks.app import create_celery
from tests import servers
from tests.broadcast.helpers import add_subscribers, ledger, runs
from tests.conversation import bodies
from tests.fakes.support import TOKEN, FakeInThread, fake_config
from tests.scheduling.cluster import Cluster, next_kolkata_morning, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.slow]

ZONES = ("Asia/Kolkata", "Asia/Colombo")
LEAD = timedelta(seconds=20)  # see test_faults.LEAD
NUMBERS = ("1065403522", "1065403523")
OUTAGE_S = 20  # PostgreSQL is down at least this long


@pytest.fixture
def fake():
    fake = FakeInThread(
        fake_config(pair_interval=0, latency_ms=150, phone_number_id=",".join(NUMBERS))
    )
    yield fake
    fake.stop()


@pytest.fixture
def build(tmp_path, redis_url, fake):
    clusters = []

    def make(database_url: str, per_zone: int, **env) -> tuple[Cluster, list[int]]:
        real_now = datetime.now(UTC)
        due = next_kolkata_morning(real_now)
        whatsapp = {
            "DELIVERY_BACKEND": "whatsapp",
            "WHATSAPP_BASE_URL": fake.base_url,
            "WHATSAPP_ACCESS_TOKEN": TOKEN,
            "WHATSAPP_PHONE_NUMBER_ID": NUMBERS[0],
            "WHATSAPP_TEMPLATE_CATEGORY": "utility",
        }
        settings = {k.upper(): str(v) for k, v in env.items()}
        cluster = Cluster(
            tmp_path, database_url, redis_url, due - LEAD - real_now, {**whatsapp, **settings}
        )
        joined = cluster.now() - timedelta(hours=1)
        users = [
            user
            for n, zone in enumerate(ZONES)
            for user in add_subscribers(
                database_url, zone, per_zone, created_on=joined, prefix=f"9198{n}"
            )
        ]
        clusters.append(cluster)
        return cluster, users

    yield make
    for cluster in clusters:
        cluster.stop_all()


def accepted(fake) -> list[dict]:
    return [m for m in fake.received() if m["accepted"] and m["type"] == "template"]


def settled(cluster: Cluster, users: list[int], states=("sent",)):
    def check():
        rows = [row for row in ledger(cluster.database_url) if row.user_id in users]
        finished = len(rows) == len(users) and all(r.status in states for r in rows)
        return finished and all(run.status == "done" for run in runs(cluster.database_url))

    return check


def held(cluster: Cluster):
    """True once a worker holds outcomes it could not write (it logs each try)."""
    return lambda: "outcomes.held" in cluster.logs(tail=None)


def sent_once_each(fake, cluster: Cluster, users: list[int]) -> None:
    """Every subscriber's row is 'sent' and the fake accepted exactly one message for it."""
    rows = [row for row in ledger(cluster.database_url) if row.user_id in users]
    assert Counter(row.status for row in rows) == {"sent": len(users)}
    per_recipient = Counter(m["to"] for m in accepted(fake))
    assert len(per_recipient) == len(users) and set(per_recipient.values()) == {1}
    assert {row.whatsapp_message_id for row in rows} == {m["id"] for m in accepted(fake)}


def test_postgresql_stopped_mid_fan_out_loses_no_outcome_and_doubles_nothing(
    build, fake, own_postgres
):
    url = own_postgres.create_database()
    migrate.upgrade(url)
    cluster, users = build(url, 150, batch_size=4, outcome_hold=90)
    cluster.start_worker()
    cluster.start_beat()
    wait_until(
        lambda: len(accepted(fake)) >= 30, 60, "the fan-out to start\n" + cluster.logs(), 0.02
    )
    # Requests in flight, unanswered, when PostgreSQL goes: their outcomes come back into the
    # outage, however loaded the machine (the worker's timing decides nothing).
    fake.hold_answers()
    wait_until(lambda: fake.waiting() > 0, 30, "a request in flight\n" + cluster.logs(), 0.02)
    own_postgres.stop("fast")
    stopped = time.monotonic()
    fake.release_answers()
    assert len(accepted(fake)) < len(users), "the fan-out finished before the outage"
    wait_until(held(cluster), 60, "the worker to hold the outcomes\n" + cluster.logs())
    time.sleep(max(0.0, OUTAGE_S - (time.monotonic() - stopped)))  # the outage lasts this long
    own_postgres.start()
    dispose_engine(url)
    wait_until(settled(cluster, users), 120, "every row recorded\n" + cluster.logs())
    sent_once_each(fake, cluster, users)
    assert "outcomes.recorded_after_outage" in cluster.logs(tail=None)
    assert time.monotonic() - stopped >= OUTAGE_S


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_failure_before_the_request_sends_the_rows_again_not_to_ambiguous(
    build, fake, database_url
):
    pacing = servers.start_redis()
    try:
        cluster, users = build(
            database_url, 100, batch_size=4, redis_url=pacing.url, send_rate=1000
        )
        cluster.start_worker()
        cluster.start_beat()
        wait_until(
            lambda: len(accepted(fake)) >= 20, 60, "the fan-out to start\n" + cluster.logs(), 0.02
        )
        pacing.stop()  # the shared bucket is gone: no request may leave unpaced
        time.sleep(4)  # the pacing store is down this long
        pacing.start()
        wait_until(settled(cluster, users), 120, "every row sent\n" + cluster.logs())
        sent_once_each(fake, cluster, users)
        assert "whatsapp.pacing_unavailable" in cluster.logs(tail=None)
        assert not [row for row in ledger(database_url) if row.status == "ambiguous"]
    finally:
        pacing.stop()


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_with_two_numbers_each_subscriber_always_hears_from_its_own(build, fake, database_url):
    cluster, users = build(
        database_url, 10, batch_size=3, whatsapp_phone_number_id=",".join(NUMBERS)
    )
    cluster.start_worker()
    beat = cluster.start_beat()
    wait_until(settled(cluster, users), 60, "day one\n" + cluster.logs())
    with transaction(database_url) as session:
        pinned = {
            u.address_on("whatsapp").lstrip("+"): u.number_id for u in session.query(UserDetail)
        }
    assert Counter(pinned.values()) == {NUMBERS[0]: 10, NUMBERS[1]: 10}
    # One of them writes to the other number: the reply goes out from the number written to.
    writer = next(phone for phone, number in pinned.items() if number == NUMBERS[0])
    body = bodies.text(writer, "help")
    body["entry"][0]["changes"][0]["value"]["metadata"]["phone_number_id"] = NUMBERS[1]
    with transaction(database_url) as session:
        inbound_id = inbound.store(session, "whatsapp", body, cluster.now())
    app = create_celery(load_settings(cluster.settings_env()))
    app.send_task("tasks.handle_inbound", [inbound_id], queue="priority")
    app.close()
    wait_until(lambda: [m for m in fake.received() if m["type"] == "text"], 30, "the reply")
    cluster.stop(beat)
    for worker in cluster.workers:
        cluster.stop(worker)
    cluster.offset += timedelta(days=1)  # the next morning
    cluster.start_worker()
    cluster.start_beat()
    wait_until(lambda: len(accepted(fake)) >= 2 * len(users), 60, "day two\n" + cluster.logs())
    for message in accepted(fake):
        assert message["from_number"] == pinned[message["to"]], message["to"]
    [reply] = [m for m in fake.received() if m["type"] == "text"]
    assert (reply["to"], reply["from_number"]) == (writer, NUMBERS[1])


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_tier_of_2000_with_3000_due_reaches_2000_and_defers_1000_nobody_twice(
    build, fake, database_url
):
    cluster, users = build(database_url, 1500, batch_size=250, whatsapp_messaging_limit=2000)
    cluster.start_worker()
    cluster.start_beat()
    states = ("sent", "deferred")
    wait_until(settled(cluster, users, states), 120, "the day's sends\n" + cluster.logs())
    statuses = Counter(row.status for row in ledger(database_url))
    assert statuses == {"sent": 2000, "deferred": 1000}
    per_recipient = Counter(m["to"] for m in accepted(fake))
    assert len(per_recipient) == 2000 and set(per_recipient.values()) == {1}
    deferred = [row for row in ledger(database_url) if row.status == "deferred"]
    assert {row.error_detail for row in deferred} == {
        "messaging limit reached: 2000 unique subscribers in the last 24 h"
    }
