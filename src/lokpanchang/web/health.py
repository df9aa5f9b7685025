"""``GET /healthz``: 200 only when web, a worker and beat are alive; 503 otherwise.

Workers and beat record heartbeats in the database every few seconds
(``lokpanchang.tasks.heartbeat``), so this works across machines. ``GET /livez`` answers for
the web process alone (for a load balancer).

Both are answered by ``Probes``, in front of the Flask app: a load balancer probes often and
while the service is busiest, so a probe skips what only pages need (routing, sessions, the
blueprints' hooks). It still carries the security headers every response does, its request
id and its access line. 200 probes at once, side by side with them answered by Flask:
bench/web and bench/BENCHMARKS.md.

A healthy answer is reused for CHECK_REUSE (a second) within a process: heartbeats are
written every few seconds, so a fresher look tells nothing more, and a burst of probes (200
at once, bench/web) costs one query per worker instead of one each. An unhealthy answer is
never reused, so recovery shows at once.
"""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Callable
from datetime import datetime, timedelta
from http import HTTPStatus

from lokpanchang import clock
from lokpanchang.config import Settings
from lokpanchang.logs import bind_request_id
from lokpanchang.storage import heartbeats
from lokpanchang.storage.db import transaction
from lokpanchang.web.security import security_headers

WORKER_PREFIX = heartbeats.HEARTBEAT_WORKER_PREFIX
BEAT_KEY = heartbeats.HEARTBEAT_BEAT_KEY
CHECK_REUSE = timedelta(seconds=1)
_last_check: dict[str, tuple[datetime, dict[str, str]]] = {}  # database URL -> (when, report)
_check_lock = threading.Lock()
FAKE_TIMEOUT_S = 1.0
READ_METHODS = ("GET", "HEAD")


def live(_settings: Settings) -> dict[str, str]:
    return {"web": "ok"}


def health(settings: Settings) -> dict[str, str]:
    return {
        "web": "ok",
        **_recent_checks(settings.effective_database_url),
        **_fake_check("fake_whatsapp", settings.fake_whatsapp_url),
        **_fake_check("fake_telegram", settings.fake_telegram_url),
    }


PROBES: dict[str, Callable[[Settings], dict[str, str]]] = {"/livez": live, "/healthz": health}


class Probes:
    """WSGI middleware: the probes (GET or HEAD; another method gets 405) answered here,
    every other request handed to ``app``."""

    def __init__(self, app, settings: Settings) -> None:
        self.app, self.settings = app, settings
        self.headers = security_headers(settings, cacheable=False)

    def __call__(self, environ, start_response):
        probe = PROBES.get(environ.get("PATH_INFO", ""))
        if probe is None:
            return self.app(environ, start_response)
        request_id = bind_request_id(environ.get("HTTP_X_REQUEST_ID"))
        method = environ.get("REQUEST_METHOD", "")
        if method not in READ_METHODS:
            status, body = HTTPStatus.METHOD_NOT_ALLOWED, {"error": f"{method} not allowed"}
        else:
            body = probe(self.settings)
            healthy = all(value == "ok" for value in body.values())
            status = HTTPStatus.OK if healthy else HTTPStatus.SERVICE_UNAVAILABLE
        payload = json.dumps(body, separators=(",", ":")).encode()
        start_response(
            f"{status.value} {status.phrase}",
            [
                ("Content-Type", "application/json"),
                ("Content-Length", str(len(payload))),
                ("X-Request-ID", request_id),
                *(
                    [("Allow", ", ".join(READ_METHODS))]
                    if status is HTTPStatus.METHOD_NOT_ALLOWED
                    else []
                ),
                *self.headers,
            ],
        )
        return [b""] if method == "HEAD" else [payload]


def _recent_checks(url: str) -> dict[str, str]:
    """A healthy report of the last CHECK_REUSE, or new checks (made one caller at a time)."""
    with _check_lock:
        now = clock.now()
        made_at, report = _last_check.get(url, (None, None))
        if made_at is None or report is None or not made_at <= now < made_at + CHECK_REUSE:
            report = _process_checks(url)
            _last_check.pop(url, None)
            if all(value == "ok" for value in report.values()):
                _last_check[url] = (now, report)
        return report


def _process_checks(url: str) -> dict[str, str]:
    try:
        with transaction(url) as session:
            now = clock.now()
            workers = heartbeats.live_heartbeats(session, WORKER_PREFIX, now)
            beats = heartbeats.live_heartbeats(session, BEAT_KEY, now)
    except Exception as exc:  # noqa: BLE001 -- health reports, it does not raise
        return {"database": f"error: {type(exc).__name__}"}
    return {
        "database": "ok",
        "worker": "ok" if workers else "down",
        "beat": "ok" if beats else "down",
    }


def _fake_check(name: str, url: str) -> dict[str, str]:
    """``up --fake-whatsapp`` (``--fake-telegram``) runs the fake as a child: is it answering?"""
    if not url:
        return {}
    try:
        with urllib.request.urlopen(f"{url}/_fake/health", timeout=FAKE_TIMEOUT_S) as response:
            answered = response.status == 200
    except OSError:
        answered = False
    return {name: "ok" if answered else "down"}
