"""``/metrics``: Prometheus text from the database at scrape time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import time_machine
from prometheus_client.parser import text_string_to_metric_families

from lokpanchang.ops.beat import monitor as beatmonitor
from lokpanchang.web import create_app
from tests.ops.factories import add_ledger, add_run, add_subscriber

NOW = datetime(2026, 11, 29, 6, 0, tzinfo=UTC)
ZONE = "Asia/Kolkata"


def scrape(settings) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    response = create_app(settings).test_client().get("/metrics")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    samples = {}
    for family in text_string_to_metric_families(response.get_data(as_text=True)):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def seed(url: str) -> None:
    day = NOW.date()
    due = NOW - timedelta(hours=1)
    for lateness, status, code in (
        (2, "sent", None),
        (40, "delivered", None),
        (4000, "read", None),
        (None, "failed", 131049),
        (None, "failed", 131049),
    ):
        user = add_subscriber(url, ZONE, NOW - timedelta(days=5))
        sent = due + timedelta(seconds=lateness) if lateness is not None else None
        add_ledger(url, user, ZONE, day, status, scheduled_at=due, sent_at=sent, error_code=code)
    add_run(url, ZONE, day, started_at=due, finished_at=due + timedelta(seconds=42))
    beatmonitor.record_start(url, "tasks.jit_planner", "t", NOW - timedelta(seconds=30))


def test_it_exposes_sends_lateness_runs_and_beat_freshness(make_settings, database_url):
    seed(database_url)
    with time_machine.travel(NOW, tick=False):
        samples = scrape(make_settings(database_url=database_url))
    assert samples[("lokpanchang_messages", (("error_code", "131049"), ("status", "failed")))] == 2
    assert samples[("lokpanchang_messages", (("error_code", ""), ("status", "read")))] == 1
    lateness = "lokpanchang_send_lateness_seconds"
    assert samples[(f"{lateness}_bucket", (("le", "5.0"),))] == 1
    assert samples[(f"{lateness}_bucket", (("le", "60.0"),))] == 2
    assert samples[(f"{lateness}_bucket", (("le", "+Inf"),))] == 3
    assert samples[(f"{lateness}_sum", ())] == 4042
    run = "lokpanchang_broadcast_run_duration_seconds"
    assert samples[(f"{run}_bucket", (("le", "30.0"),))] == 0
    assert samples[(f"{run}_bucket", (("le", "60.0"),))] == 1
    assert samples[("lokpanchang_beat_entry_age_seconds", (("key", "jit-planner"),))] == 30
    assert (
        samples[("lokpanchang_beat_entry_status", (("key", "jit-planner"), ("status", "ok")))] == 1
    )
    assert (
        samples[
            (
                "lokpanchang_beat_entry_status",
                (("key", "collect-system-health"), ("status", "missed")),
            )
        ]
        == 1
    )
    assert samples[("lokpanchang_database_up", ())] == 1


def test_queue_depth_comes_from_the_redis_broker(make_settings, database_url, redis_url):
    import redis

    client = redis.Redis.from_url(redis_url)
    client.rpush("priority", "m1", "m2")
    client.close()
    samples = scrape(make_settings(database_url=database_url, celery_broker_url=redis_url))
    assert samples[("lokpanchang_queue_depth", (("queue", "priority"),))] == 2
    assert samples[("lokpanchang_queue_depth", (("queue", "default"),))] == 0


def test_a_scrape_answers_when_the_database_is_down(make_settings, tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    samples = scrape(make_settings(database_url=f"sqlite:///{blocker}/db.sqlite3"))
    assert samples[("lokpanchang_database_up", ())] == 0


def test_it_exposes_the_messaging_limit_and_its_use_in_the_last_24_hours(
    make_settings, database_url
):
    day = NOW.date()
    for hours_ago, status in ((1, "sent"), (2, "delivered"), (3, "deferred"), (30, "sent")):
        user = add_subscriber(database_url, ZONE, NOW - timedelta(days=5))
        admitted = NOW - timedelta(hours=hours_ago) if status != "deferred" else None
        add_ledger(database_url, user, ZONE, day, status, admitted_at=admitted)
    settings = make_settings(database_url=database_url, whatsapp_messaging_limit="2000")
    with time_machine.travel(NOW, tick=False):
        samples = scrape(settings)
        unlimited = scrape(make_settings(database_url=database_url))
    assert samples[("lokpanchang_messaging_limit", ())] == 2000
    assert samples[("lokpanchang_messaging_limit_used", ())] == 2  # 30 h ago has rolled out
    assert unlimited[("lokpanchang_messaging_limit", ())] == float("inf")
