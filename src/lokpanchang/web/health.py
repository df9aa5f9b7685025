"""``GET /healthz``: 200 only when web, a worker and beat are alive; 503 otherwise.

Workers and beat record heartbeats in the database every few seconds
(``lokpanchang.tasks.heartbeat``), so this works across machines. ``GET /livez`` answers for
the web process alone (for a load balancer).
"""

from __future__ import annotations

from flask import Blueprint, jsonify

from lokpanchang import clock
from lokpanchang.storage import heartbeats
from lokpanchang.storage.db import transaction
from lokpanchang.web import app_settings

bp = Blueprint("health", __name__)

WORKER_PREFIX = heartbeats.HEARTBEAT_WORKER_PREFIX
BEAT_KEY = heartbeats.HEARTBEAT_BEAT_KEY


@bp.get("/livez")
def livez():
    return jsonify({"web": "ok"})


@bp.get("/healthz")
def healthz():
    report = {"web": "ok", **_process_checks()}
    healthy = all(value == "ok" for value in report.values())
    return jsonify(report), 200 if healthy else 503


def _process_checks() -> dict[str, str]:
    try:
        with transaction(app_settings().effective_database_url) as session:
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
