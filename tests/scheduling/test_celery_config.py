from __future__ import annotations

import pytest

from lokpanchang.broadcast.pipeline import retry_delay
from lokpanchang.config import ConfigError, load_settings
from lokpanchang.tasks.app import celery_config
from lokpanchang.tasks.broker import SQLITE_BUSY_SECONDS


def test_the_visibility_timeout_exceeds_the_lookahead_and_is_swept_often(make_settings):
    config = celery_config(make_settings(celery_broker_url="redis://127.0.0.1:1/0"))
    options = config["broker_transport_options"]
    assert options["visibility_timeout"] == 900 + 300
    assert options["unacked_restore_interval"] * options["unacked_restore_throttle"] <= 10
    assert config["task_acks_late"] and config["task_reject_on_worker_lost"]
    assert config["worker_prefetch_multiplier"] == 1 and config["worker_eta_task_limit"]


def test_a_visibility_timeout_within_the_lookahead_is_refused():
    with pytest.raises(
        ConfigError, match="VISIBILITY_TIMEOUT=600 must exceed PLANNER_LOOKAHEAD=900"
    ):
        load_settings({"VISIBILITY_TIMEOUT": "600"})


def test_the_sql_transport_gets_engine_arguments_only_and_sqlite_waits_for_its_lock(make_settings):
    options = celery_config(make_settings())["broker_transport_options"]
    assert options == {"connect_args": {"timeout": SQLITE_BUSY_SECONDS}}
    sql_on_postgres = "sqla+postgresql://lokpanchang@127.0.0.1:1/broker"
    assert (
        celery_config(make_settings(celery_broker_url=sql_on_postgres))["broker_transport_options"]
        == {}
    )


def test_the_planner_period_drives_the_beat_entry(make_settings):
    schedule = celery_config(make_settings(planner_period=30, planner_lookahead=60))[
        "beat_schedule"
    ]
    assert schedule["jit-planner"] == {"task": "tasks.jit_planner", "schedule": 30.0}


def test_a_row_backs_off_by_doubling_or_as_the_channel_asks_within_a_bound():
    assert [retry_delay(attempt, None) for attempt in range(1, 5)] == [2.0, 4.0, 8.0, 16.0]
    assert retry_delay(1, 30.0) == 30.0
    assert retry_delay(21, 0.0) == 300.0
