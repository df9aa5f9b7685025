"""Request bodies are read whole, within a deadline, before the app sees them (issue 24, item 1).

A client that sends its body slowly holds a connection slot for as long as the body takes.
Before, each read waited at most ``WEB_TIMEOUT`` but the body as a whole had no limit, so
2,100 uploads sending a byte every 20 s held every slot and nobody else got in. Now
``UploadFront`` (WSGI, in front of Flask, behind the proxy fix so it sees the real client):

- reads a request's body in full before the app runs (the app never waits on a client), and
  answers 408 when the body is not all in within ``WEB_BODY_SECONDS`` of its headers (at
  least three quarters of it: see DEADLINE_SPREAD; the headers themselves have
  ``WEB_KEEPALIVE``, gunicorn's), whatever pace it trickles at;
- reads at most ``WEB_UPLOADS_PER_CLIENT`` bodies from one client address at once in a
  worker (each up to 3 MB in memory); the next waits, unread, for a place, within the same
  deadline (429 when none came free);
- refuses a body larger than any route takes (413) before reading it.

The deadline shuts the reading side of the connection when it passes (``Deadlines``: one
watcher per worker), which ends any read in progress; the connection then closes after the
answer. So a slow client holds its connection at most WEB_KEEPALIVE + WEB_BODY_SECONDS, and
holding costs a greenlet and a socket, not a thread: the connection budget
(``WEB_CONNECTIONS`` per worker, 10,000 by default, the open-file limit raised to match)
stays far above what an attacker's held connections fill, and its reconnections come at
most once a deadline each. Without the server's socket (the test client, ``web --simple``) bodies are buffered
with no deadline. Measured against the review's attack: bench/web/slow_bodies.py.
"""

from __future__ import annotations

import contextlib
import heapq
import io
import itertools
import random
import socket
import threading
import time
from http import HTTPStatus

from lokpanchang.config import Settings
from lokpanchang.web.security import security_headers

# No route takes a larger body: the WhatsApp webhook's 3 MB (checked in the tests), plus
# the byte that tells "too long" from "exactly full".
MAX_REQUEST_BYTES = 3 * 1024 * 1024 + 1
CHUNK_BYTES = 64 * 1024
# A body's deadline is drawn from the last quarter of WEB_BODY_SECONDS: connections an attack
# opened together are cut (and come back) spread over seconds, not in one burst that every
# other client waits behind (bench/web/slow_bodies.py).
DEADLINE_SPREAD = 0.25


class BodyRefused(Exception):
    """The body will not be passed on: the status to answer and why, for the client."""

    def __init__(self, status: HTTPStatus, reason: str) -> None:
        super().__init__(reason)
        self.status, self.reason = status, reason


class UploadPlaces:
    """Places for bodies being read, ``limit`` per client address (one worker's). A body
    past its address's places waits for one (unread: no memory, no reads) until its
    deadline, first come first served; a burst from one address (a proxy, Meta) is served
    in turn, not refused."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.lock = threading.Lock()
        self.places: dict[str, tuple[threading.Semaphore, list[int]]] = {}

    def take(self, client: str, wait_s: float) -> bool:
        """A place for ``client`` within ``wait_s`` seconds (False: none came free); each
        call is followed by ``done(client, taken)``."""
        with self.lock:
            places, users = self.places.setdefault(client, (threading.Semaphore(self.limit), [0]))
            users[0] += 1
        return places.acquire(timeout=max(0.0, wait_s))

    def done(self, client: str, taken: bool) -> None:
        with self.lock:
            places, users = self.places[client]
            if taken:
                places.release()
            users[0] -= 1
            if not users[0]:
                del self.places[client]


class Deadlines:
    """Connections whose reading side is shut when their instant passes: one watcher (a
    thread; under gevent a greenlet) for all of a worker's bodies, not a timer each."""

    def __init__(self) -> None:
        self.due: list[tuple[float, int]] = []  # a heap of (instant, number)
        self.watched: dict[int, socket.socket] = {}
        self.changed = threading.Condition()
        self.numbers = itertools.count()
        self.watcher: threading.Thread | None = None

    def watch(self, client: socket.socket, at: float) -> int:
        """Shut ``client``'s reading side at ``at`` (monotonic) unless forgotten first."""
        number = next(self.numbers)
        with self.changed:
            heapq.heappush(self.due, (at, number))
            self.watched[number] = client
            if self.watcher is None:
                self.watcher = threading.Thread(target=self._watch, daemon=True)
                self.watcher.start()
            self.changed.notify()
        return number

    def forget(self, number: int) -> bool:
        """Stop watching; False when its instant had come (its reading was shut)."""
        with self.changed:
            return self.watched.pop(number, None) is not None

    def _watch(self) -> None:
        while True:
            with self.changed:
                while not self.due or self.due[0][0] > time.monotonic():
                    self.changed.wait(self.due[0][0] - time.monotonic() if self.due else None)
                _at, number = heapq.heappop(self.due)
                client = self.watched.pop(number, None)
            if client is not None:
                _stop_reading(client)


class UploadFront:
    """WSGI middleware: see the module's docstring."""

    def __init__(self, app, settings: Settings) -> None:
        self.app = app
        self.seconds = settings.web_body_seconds
        self.read_timeout = settings.web_timeout
        self.places = UploadPlaces(settings.web_uploads_per_client)
        self.deadlines = Deadlines()
        self.headers = security_headers(settings, cacheable=False)

    def __call__(self, environ, start_response):
        client = environ.get("gunicorn.socket")
        if isinstance(client, socket.socket):
            client.settimeout(self.read_timeout)  # each write of the answer, too
        length = _declared_length(environ)
        if length == 0:
            return self.app(environ, start_response)
        try:
            body = self._body(environ, length, client)
        except BodyRefused as refused:
            _stop_reading(client)  # the connection closes after this answer
            return self._refuse(refused, start_response)
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        return self.app(environ, start_response)

    def _body(self, environ, length: int | None, client) -> bytes:
        if length is not None and length > MAX_REQUEST_BYTES:
            raise BodyRefused(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "the request body is too large")
        address = environ.get("REMOTE_ADDR") or "-"
        seconds = self.seconds * random.uniform(1 - DEADLINE_SPREAD, 1)  # a spread, not a secret
        deadline = time.monotonic() + seconds
        taken = self.places.take(address, seconds)
        try:
            if not taken:
                raise BodyRefused(
                    HTTPStatus.TOO_MANY_REQUESTS,
                    f"more than {self.places.limit} request bodies arriving from your address",
                )
            return self._read_by(deadline, environ["wsgi.input"], length, client)
        finally:
            self.places.done(address, taken)

    def _read_by(self, deadline: float, stream, length: int | None, client) -> bytes:
        watched = isinstance(client, socket.socket)
        number = self.deadlines.watch(client, deadline) if watched else None
        body, ended = _read(stream, MAX_REQUEST_BYTES if length is None else length)
        late = number is not None and not self.deadlines.forget(number)
        if len(body) >= MAX_REQUEST_BYTES:
            raise BodyRefused(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "the request body is too large")
        if ended and (length is None or len(body) == length):
            return body
        if late:
            raise BodyRefused(
                HTTPStatus.REQUEST_TIMEOUT,
                f"the request body did not arrive within {self.seconds} s",
            )
        raise BodyRefused(HTTPStatus.BAD_REQUEST, "the request body was cut short")

    def _refuse(self, refused: BodyRefused, start_response):
        payload = f"{refused.reason}\n".encode()
        status = refused.status
        headers = [
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Content-Length", str(len(payload))),
            ("Connection", "close"),
            *self.headers,
        ]
        if status in (HTTPStatus.TOO_MANY_REQUESTS, HTTPStatus.REQUEST_TIMEOUT):
            headers.append(("Retry-After", str(self.seconds)))
        start_response(f"{status.value} {status.phrase}", headers)
        return [payload]


def _declared_length(environ) -> int | None:
    """The body's Content-Length; None for a chunked body (length unknown); 0 for none."""
    if "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        return None
    try:
        return max(0, int(environ.get("CONTENT_LENGTH") or 0))
    except ValueError:
        return 0  # the server refuses such a request before the app; nothing to read


def _read(stream, most: int) -> tuple[bytes, bool]:
    """Up to ``most`` bytes of ``stream``, and whether it ended well: all ``most`` read, or
    its proper end (a chunked body's last chunk). Cut short (the client went away, a chunk
    is malformed, the deadline shut its reading side): not well."""
    parts: list[bytes] = []
    got = 0
    while got < most:
        try:
            chunk = stream.read(min(CHUNK_BYTES, most - got))
        except Exception:  # noqa: BLE001 -- any failure to read is a body cut short
            return b"".join(parts), False
        if not chunk:
            break
        parts.append(chunk)
        got += len(chunk)
    return b"".join(parts), True


def _stop_reading(client) -> None:
    """Shut the connection's reading side: a read waiting on it returns at once."""
    if not isinstance(client, socket.socket):
        return
    with contextlib.suppress(OSError):  # already closed by the client
        client.shutdown(socket.SHUT_RD)
