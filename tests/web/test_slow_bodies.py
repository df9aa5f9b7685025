"""Slow request bodies cannot hold the web (issue 24, item 1): the review's attack, scaled down.

The review held every connection slot with 2,100 ``POST /webhook`` connections that
announced ``Content-Length: 3000000`` and sent one byte every 20 s: each read waited less than
the per-read timeout, so no request ever ended, and ``/livez`` timed out for everyone. Here
one gunicorn gevent worker has 20 connection slots (the default is 10,000) and a per-read
timeout of 4 s; the attack is 30 such connections sending a byte a second, from other
addresses than the service's real clients (who come from 127.0.0.1).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import select
import socket
import threading
import time
from contextlib import contextmanager

import pytest

from lokpanchang.web.bodies import DEADLINE_SPREAD
from tests.web import liveserver
from tests.web.test_from_outside import read_reply, status_of

pytestmark = [pytest.mark.integration, pytest.mark.slow]

SLOTS = 20
ATTACKERS = 30
TRICKLE_EVERY_S = 1.0
HEAD = (
    b"POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"X-Hub-Signature-256: sha256=00\r\nContent-Length: 3000000\r\n\r\n{"
)


@pytest.fixture(scope="module")
def small_server(tmp_path_factory):
    directory = tmp_path_factory.mktemp("slow-bodies")
    url = liveserver.migrated_database(directory, operator=None)
    env = liveserver.production_env(
        directory,
        url,
        WEB_WORKERS="1",
        WEB_CONNECTIONS=str(SLOTS),
        WEB_TIMEOUT="4",
        WEB_BODY_SECONDS="3",
        WEB_UPLOADS_PER_CLIENT="4",
    )
    live = liveserver.start(directory, env, url)
    yield live
    live.stop()


class Trickler:
    """Connections that each announced a 3 MB webhook body and send a byte a second."""

    def __init__(self, port: int, sources: list[str]) -> None:
        self.sockets = []
        for source in sources:
            sock = socket.create_connection(("127.0.0.1", port), 5, (source, 0))
            sock.sendall(HEAD)
            self.sockets.append(sock)
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._trickle, daemon=True)
        self.thread.start()

    def _trickle(self) -> None:
        while not self.stopped.wait(TRICKLE_EVERY_S):
            answered, _, _ = select.select(self.sockets, [], [], 0)
            for sock in answered:  # an answer or the server's close: not held any more
                self.sockets.remove(sock)
                sock.close()
            for sock in self.sockets:
                with contextlib.suppress(OSError):  # seen as closed on the next round
                    sock.sendall(b" ")

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(5)
        for sock in self.sockets:
            sock.close()


@contextmanager
def attack(port: int, sources: list[str]):
    trickler = Trickler(port, sources)
    try:
        time.sleep(1.5)  # every connection has sent its headers and is trickling
        yield
    finally:
        trickler.stop()


def signed_webhook() -> tuple[bytes, dict]:
    raw = json.dumps({"object": "whatsapp_business_account", "entry": []}).encode()
    digest = hmac.new(liveserver.APP_SECRET.encode(), raw, hashlib.sha256).hexdigest()
    return raw, {"Content-Type": "application/json", "X-Hub-Signature-256": f"sha256={digest}"}


def answered_within(server, method: str, path: str, seconds: float, body=None, headers=None):
    started = time.monotonic()
    try:
        reply = server.request(method, path, body, headers, timeout=seconds)
    except OSError as exc:
        return None, f"no answer within {seconds} s ({type(exc).__name__})"
    return reply.status, round(time.monotonic() - started, 2)


def test_probes_and_webhooks_answer_by_the_deadline_while_slow_bodies_fill_every_slot(
    small_server,
):
    sources = [f"127.0.0.{2 + i}" for i in range(ATTACKERS)]  # more than the 20 slots
    with attack(small_server.port, sources):
        livez = answered_within(small_server, "GET", "/livez", 6)
        raw, headers = signed_webhook()
        webhook = answered_within(small_server, "POST", "/webhook", 6, raw, headers)
    assert livez[0] == 200, livez
    assert webhook[0] == 200, webhook


def test_an_address_past_its_places_waits_its_turn_and_holds_up_no_one_else(small_server):
    raw, headers = signed_webhook()
    began = time.monotonic()  # no trickling body began before this
    earliest_cut = (1 - DEADLINE_SPREAD) * 3  # WEB_BODY_SECONDS=3, each drawn from its last quarter
    with attack(small_server.port, ["127.0.0.90"] * 4):  # its 4 places, all trickling
        waited: dict = {}
        later = threading.Thread(
            target=lambda: waited.update(result=_webhook_from("127.0.0.90", small_server.port))
        )
        later.start()
        others = answered_within(small_server, "POST", "/webhook", 3, raw, headers)
        later.join(10)
    assert others[0] == 200 and others[1] < 1.2, others
    # Served once a trickling body was cut at its deadline, not before: a load that delays the
    # test only moves the answer later.
    status, answered_at = waited["result"]
    assert status == 200 and answered_at - began >= earliest_cut - 0.05, (
        status,
        answered_at - began,
    )


def _webhook_from(source: str, port: int) -> tuple[int, float]:
    """The status of a signed webhook sent from ``source``, and when (monotonic) it came."""
    raw, headers = signed_webhook()
    head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    request = (
        f"POST /webhook HTTP/1.1\r\nHost: x\r\n{head}Content-Length: {len(raw)}\r\n"
        "Connection: close\r\n\r\n"
    ).encode() + raw
    with socket.create_connection(("127.0.0.1", port), 5, (source, 0)) as sock:
        sock.sendall(request)
        reply = read_reply(sock, deadline_s=8)
    return status_of(reply), time.monotonic()


def test_a_body_trickled_faster_than_the_read_timeout_is_answered_408_at_the_deadline(
    small_server,
):
    with socket.create_connection(("127.0.0.1", small_server.port), 5) as sock:
        started, reply = time.monotonic(), b""  # before the headers: the deadline's start is later
        sock.sendall(HEAD)
        while not reply and time.monotonic() - started < 10:
            try:
                sock.sendall(b" ")
            except OSError:
                break
            reply = read_reply(sock, deadline_s=TRICKLE_EVERY_S)
        took = time.monotonic() - started
    assert status_of(reply) == 408, reply[:200]
    # WEB_BODY_SECONDS=3, each deadline drawn from its last quarter (DEADLINE_SPREAD): 2.25-3 s.
    assert (1 - DEADLINE_SPREAD) * 3 - 0.05 < took < 6, took
