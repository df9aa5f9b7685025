"""The embedded (SQL) broker: tables made before use, and a beat that survives a broken channel.

CI once saw `up` start worker and beat at the same instant; both created kombu's tables, the
loser's first publish failed, kombu left beat's producer on a closed channel, and beat never
sent the planner again ("channel disconnected" every tick).
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest

from lokpanchang.tasks.app import TASK_QUEUES, create_celery
from lokpanchang.tasks.broker import prepare_sql_broker
from lokpanchang.tasks.heartbeat import HeartbeatScheduler


def broker_file(settings):
    return settings.effective_broker_url.removeprefix("sqla+sqlite:///")


def queue_names(settings) -> list[str]:
    with sqlite3.connect(broker_file(settings)) as db:
        return sorted(name for (name,) in db.execute("select name from kombu_queue"))


def waiting_tasks(settings, queue: str) -> list[str]:
    with sqlite3.connect(broker_file(settings)) as db:
        rows = db.execute(
            "select m.payload from kombu_message m join kombu_queue q "
            "on m.queue_id = q.id where q.name = ? and m.visible",
            (queue,),
        )
        return [payload for (payload,) in rows]


def test_preparing_creates_the_tables_and_every_queue_and_can_run_again(make_settings):
    settings = make_settings()
    prepare_sql_broker(settings, TASK_QUEUES)
    prepare_sql_broker(settings, TASK_QUEUES)
    assert queue_names(settings) == ["cards", "default", "priority", "statuses"]


def test_processes_preparing_at_once_all_succeed_and_make_each_queue_once(make_settings, tmp_path):
    settings = make_settings()
    code = (
        "import sys; from lokpanchang.config import load_settings; "
        "from lokpanchang.tasks.app import TASK_QUEUES; "
        "from lokpanchang.tasks.broker import prepare_sql_broker; "
        "s = load_settings({}, data_dir=sys.argv[1]); prepare_sql_broker(s, TASK_QUEUES)"
    )
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", code, str(settings.data_dir)], stderr=subprocess.PIPE, text=True
        )
        for _ in range(6)
    ]
    errors = [p.communicate(timeout=120)[1] for p in processes]
    assert [p.returncode for p in processes] == [0] * 6, errors
    assert queue_names(settings) == ["cards", "default", "priority", "statuses"]


@pytest.fixture
def beat(make_settings, settings_env, migrated_sqlite):
    settings_env(DATABASE_URL=migrated_sqlite)  # the scheduler's heartbeats go here
    settings = make_settings()
    prepare_sql_broker(settings, TASK_QUEUES)
    app = create_celery(settings)
    scheduler = HeartbeatScheduler(
        app=app, schedule_filename=app.conf.beat_schedule_filename, lazy=False
    )
    yield scheduler, settings
    scheduler.close()


def test_a_beat_whose_channel_was_closed_under_it_still_sends_the_planner(beat):
    scheduler, settings = beat
    producer = scheduler.producer
    assert producer.channel.connection is not None  # the producer's channel, made now
    scheduler.connection.collect()  # what kombu does to the channel after an OperationalError
    scheduler.apply_entry(scheduler.schedule["jit-planner"], producer=producer)
    sent = waiting_tasks(settings, "default")
    assert len(sent) == 1 and "tasks.jit_planner" in sent[0]
    scheduler.apply_entry(scheduler.schedule["jit-planner"], producer=scheduler.producer)
    assert len(waiting_tasks(settings, "default")) == 2
