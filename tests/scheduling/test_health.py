from __future__ import annotations

from datetime import timedelta

from lokpanchang import clock
from lokpanchang.storage import heartbeats
from lokpanchang.storage.db import transaction
from lokpanchang.web import create_app


def beat(url: str, key: str, alive_for: timedelta) -> None:
    with transaction(url) as session:
        heartbeats.record_heartbeat(session, key, clock.now() + alive_for)


def test_healthz_answers_503_until_a_worker_and_beat_are_alive(make_settings, database_url):
    client = create_app(make_settings(database_url=database_url)).test_client()
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json == {"web": "ok", "database": "ok", "worker": "down", "beat": "down"}
    beat(database_url, heartbeats.HEARTBEAT_WORKER_PREFIX + "w1@host", timedelta(seconds=20))
    assert client.get("/healthz").status_code == 503
    beat(database_url, heartbeats.HEARTBEAT_BEAT_KEY, timedelta(seconds=20))
    assert client.get("/healthz").status_code == 200


def test_healthz_forgets_a_worker_whose_heartbeat_stopped(make_settings, database_url):
    client = create_app(make_settings(database_url=database_url)).test_client()
    beat(database_url, heartbeats.HEARTBEAT_BEAT_KEY, timedelta(seconds=20))
    beat(database_url, heartbeats.HEARTBEAT_WORKER_PREFIX + "w1@host", timedelta(seconds=-1))
    assert client.get("/healthz").json["worker"] == "down"
    assert client.get("/livez").status_code == 200


def test_healthz_reports_an_unreachable_database(make_settings, tmp_path):
    url = f"sqlite:///{tmp_path / 'missing' / 'nothing-here.sqlite3'}"  # no tables
    response = create_app(make_settings(database_url=url)).test_client().get("/healthz")
    assert response.status_code == 503 and response.json["database"].startswith("error")
