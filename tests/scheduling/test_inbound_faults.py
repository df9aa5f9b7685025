"""A status webhook answered 200 is never lost (issue 24, item 14): Redis is killed (SIGKILL)
in the middle of a stream of status webhooks and comes back empty; every status the web
answered 200 for is applied. Real ``lokpanchang web`` (gunicorn), PostgreSQL, Redis, Celery
worker and beat processes.

The worker starts only after Redis came back, so the statuses taken before the kill are
certainly still waiting when Redis loses its data (with a Redis stream as the store, they
were gone: the rows stayed ``sent``).
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest

from lokpanchang.storage import migrate
from lokpanchang.storage.db import dispose_engine
from tests import servers
from tests.conversation.test_bulk_statuses import rows, states
from tests.scheduling.cluster import Cluster, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.slow]

APP_SECRET = "fault-test-app-secret"
ROWS = 300
POSTERS = 6


def status_body(ledger_id: int) -> bytes:
    status = {
        "id": f"wamid.F{ledger_id}",
        "status": "delivered",
        "timestamp": str(int(time.time())),
        "recipient_id": f"9190{ledger_id:08d}",
        "biz_opaque_callback_data": f"message_log:{ledger_id}",
    }
    value = {
        "messaging_product": "whatsapp",
        "metadata": {"phone_number_id": "1"},
        "statuses": [status],
    }
    change = {"value": value, "field": "messages"}
    body = {"object": "whatsapp_business_account", "entry": [{"id": "W", "changes": [change]}]}
    return json.dumps(body).encode()


class Poster:
    """Posts one signed "delivered" webhook per ledger row from a few threads; remembers
    the answer to each."""

    def __init__(self, port: int, ids: list[int]) -> None:
        self.port, self.ids = port, ids
        self.answers: dict[int, int] = {}
        self.lock = threading.Lock()
        self.threads = [
            threading.Thread(target=self._post_all, args=(ids[i::POSTERS],)) for i in range(POSTERS)
        ]

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def join(self) -> None:
        for thread in self.threads:
            thread.join(timeout=300)

    def posted(self) -> int:
        with self.lock:
            return len(self.answers)

    def _post_all(self, ids: list[int]) -> None:
        for ledger_id in ids:
            answer = self._post(status_body(ledger_id))
            with self.lock:
                self.answers[ledger_id] = answer
            time.sleep(0.01)  # a stream, not a burst: the kill falls in the middle of it

    def _post(self, raw: bytes) -> int:
        digest = hmac.new(APP_SECRET.encode(), raw, hashlib.sha256).hexdigest()
        headers = {"Content-Type": "application/json", "X-Hub-Signature-256": f"sha256={digest}"}
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request("POST", "/webhook", body=raw, headers=headers)
            return connection.getresponse().status
        except OSError:
            return 0
        finally:
            connection.close()


def start_web(cluster: Cluster, port: int) -> subprocess.Popen:
    env = {**cluster.env(), "WHATSAPP_APP_SECRET": APP_SECRET, "WEB_WORKERS": "1"}
    with open(cluster.directory / "web.log", "w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "lokpanchang", "web", "--port", str(port)],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=cluster.directory,
        )
    cluster.processes.append(process)
    servers.wait_for_port(port, 60)
    return process


def test_redis_killed_mid_stream_loses_no_status_answered_200(tmp_path: Path, postgres_server):
    redis_server = servers.start_redis()  # no persistence: restarted, it is empty
    url = postgres_server.create_database()
    migrate.upgrade(url)
    ids = rows(url, ROWS)
    cluster = Cluster(
        tmp_path, url, redis_server.url, timedelta(0), extra_env={"INBOUND_RECOVER_AFTER": "4"}
    )
    try:
        port = servers.free_port()
        start_web(cluster, port)
        poster = Poster(port, ids)
        poster.start()
        wait_until(lambda: poster.posted() >= ROWS // 3, 120, "a third of the webhooks posted")
        redis_server.process.kill()  # SIGKILL: nothing is saved, nothing flushed
        redis_server.process.wait()
        killed_after = poster.posted()
        redis_server.start()
        cluster.start_worker()
        cluster.start_beat()
        poster.join()
        answered = sorted(i for i, answer in poster.answers.items() if answer == 200)
        assert len(answered) >= ROWS // 2, poster.answers
        assert killed_after < len(poster.answers) == ROWS  # posting went on after the kill

        def applied() -> bool:
            cluster.supervise(grace=0.5)  # the supervisor's part: a worker Redis took down
            return all(s == "delivered" for s in states(url, answered).values())

        wait_until(applied, 120, "every status answered 200 applied\n" + cluster.logs())
    finally:
        cluster.stop_all()
        redis_server.discard()
        dispose_engine(url)
