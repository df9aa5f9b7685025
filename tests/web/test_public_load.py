"""Expensive public pages do not starve the rest (issue 24, item 2), on a real gunicorn gevent
worker: the review's 64 clients asking random months and calendar feeds, scaled down to 8
(from their own addresses) against one worker, while /livez and a signed webhook are timed
from 127.0.0.1."""

from __future__ import annotations

import http.client
import random
import threading
import time

import psutil
import pytest

from tests.web import liveserver
from tests.web.test_slow_bodies import signed_webhook

pytestmark = [pytest.mark.integration, pytest.mark.slow]

CLIENTS = 8
LOAD_S = 6.0


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory):
    directory = tmp_path_factory.mktemp("public-load")
    url = liveserver.migrated_database(directory, operator=None)
    env = liveserver.production_env(directory, url, WEB_WORKERS="1")
    live = liveserver.start(directory, env, url)
    # The gazetteer loaded (where the work is done), before anything is timed.
    assert live.request("GET", "/panchang/month", timeout=60).status == 200
    yield live
    live.stop()


def random_page(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return f"/panchang/month?month={rng.randint(1901, 2099)}-{rng.randint(1, 12):02d}"
    return f"/ics?lat={rng.uniform(8, 35):.2f}&lon={rng.uniform(68, 97):.2f}"


def ask(port: int, path: str, source: str = "127.0.0.1", timeout: float = 20) -> tuple[int, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout, (source, 0))
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status, dict(response.getheaders())
    finally:
        connection.close()


def public_load(port: int, stop: threading.Event, statuses: list) -> list[threading.Thread]:
    def client(index: int) -> None:
        rng = random.Random(index)
        while not stop.is_set():
            try:
                statuses.append(ask(port, random_page(rng), f"127.0.3.{index + 1}")[0])
            except OSError:
                statuses.append(0)

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(CLIENTS)]
    for thread in threads:
        thread.start()
    return threads


def timed(request) -> float:
    started = time.monotonic()
    request()
    return time.monotonic() - started


def test_probes_and_webhooks_stay_quick_while_clients_ask_random_months_and_feeds(one_worker):
    stop, statuses = threading.Event(), []
    threads = public_load(one_worker.port, stop, statuses)
    raw, headers = signed_webhook()
    probes, webhooks = [], []
    try:
        until = time.monotonic() + LOAD_S
        while time.monotonic() < until:
            probes.append(timed(lambda: one_worker.request("GET", "/livez", timeout=20)))
            if len(probes) % 5 == 0:
                started = time.monotonic()
                reply = one_worker.request("POST", "/webhook", raw, headers, timeout=20)
                webhooks.append(time.monotonic() - started)
                assert reply.status == 200
            time.sleep(0.1)
    finally:
        stop.set()
        for thread in threads:
            thread.join(30)
    probes.sort()
    assert statuses.count(200) >= 10, statuses  # the pages were served, not just refused
    assert probes[int(len(probes) * 0.95)] < 0.3, probes[-10:]
    assert max(webhooks) < 1.0, webhooks


def test_the_work_runs_in_a_helper_at_a_lower_cpu_priority(one_worker):
    arbiter = psutil.Process(one_worker.process.pid)
    helpers = [
        process
        for process in arbiter.children(recursive=True)
        if "lokpanchang.web.public_work" in " ".join(process.cmdline())
    ]
    assert len(helpers) == 1
    assert helpers[0].nice() == 10
    assert helpers[0].parent().nice() == 0  # the worker that answers probes and webhooks


def test_a_client_past_its_share_is_answered_429_at_once(one_worker):
    rng, start = random.Random(99), threading.Barrier(4)
    replies: list = []

    def one() -> None:
        path = f"/ics?lat={rng.uniform(8, 35):.2f}&lon={rng.uniform(68, 97):.2f}"
        start.wait(10)
        replies.append(ask(one_worker.port, path, "127.0.4.1"))

    threads = [threading.Thread(target=one) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    statuses = sorted(status for status, _ in replies)
    assert statuses.count(200) >= 1 and 429 in statuses, statuses
    refused = next(headers for status, headers in replies if status == 429)
    assert refused["Retry-After"].isdigit()
