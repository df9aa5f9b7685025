"""``GET /healthz``: 200 only when web, a worker and beat are alive; 503 otherwise.

Workers and beat record heartbeats in the database every few seconds
(``lokpanchang.tasks.heartbeat``), so this works across machines. ``GET /livez`` answers for
the web process alone (for a load balancer).

A healthy answer is reused for CHECK_REUSE (a second) within a process: heartbeats are
written every few seconds, so a fresher look tells nothing more, and a burst of probes (200
at once, bench/web) costs one query per worker instead of one each. An unhealthy answer is
never reused, so recovery shows at once.
"""

from __future__ import annotations

import threading
import urllib.request
from datetime import datetime, timedelta

from flask import Blueprint, jsonify

from lokpanchang import clock
from lokpanchang.storage import heartbeats
from lokpanchang.storage.db import transaction
from lokpanchang.web import app_settings

bp = Blueprint("health", __name__)

WORKER_PREFIX = heartbeats.HEARTBEAT_WORKER_PREFIX
BEAT_KEY = heartbeats.HEARTBEAT_BEAT_KEY
CHECK_REUSE = timedelta(seconds=1)
_last_check: dict[str, tuple[datetime, dict[str, str]]] = {}  # database URL -> (when, report)
_check_lock = threading.Lock()
FAKE_TIMEOUT_S = 1.0


@bp.get("/livez")
def livez():
    return jsonify({"web": "ok"})


@bp.get("/healthz")
def healthz():
    settings = app_settings()
    report = {
        "web": "ok",
        **_recent_checks(settings.effective_database_url),
        **_fake_check("fake_whatsapp", settings.fake_whatsapp_url),
        **_fake_check("fake_telegram", settings.fake_telegram_url),
    }
    healthy = all(value == "ok" for value in report.values())
    return jsonify(report), 200 if healthy else 503


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
