"""``GET /metrics``: Prometheus text format, read from the database at scrape time.

Outside development the scraper must send ``Authorization: Bearer <METRICS_TOKEN>``
(Prometheus: ``authorization: {credentials_file: ...}``); with no token set there, the
endpoint answers 403 and says what to set. Development without a token is open.
"""

from __future__ import annotations

import hmac

from flask import Blueprint, Response, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

from lokpanchang.config import Settings
from lokpanchang.ops.prometheus.collector import LokpanchangCollector
from lokpanchang.web import app_settings

bp = Blueprint("metrics", __name__)

CHALLENGE = {"WWW-Authenticate": 'Bearer realm="metrics"'}


@bp.get("/metrics")
def metrics() -> Response:
    settings = app_settings()
    refused = _refusal(settings, request.headers.get("Authorization", ""))
    if refused is not None:
        return refused
    registry = CollectorRegistry(auto_describe=False)
    registry.register(LokpanchangCollector(settings))
    return Response(generate_latest(registry), mimetype=CONTENT_TYPE_LATEST)


def _refusal(settings: Settings, authorization: str) -> Response | None:
    """None when the request may read the metrics, else the 401/403 to answer."""
    token = settings.metrics_token
    if not token:
        if settings.environment == "development":
            return None
        return Response("set METRICS_TOKEN to read /metrics\n", 403, mimetype="text/plain")
    scheme, _, given = authorization.partition(" ")
    if scheme.lower() == "bearer" and hmac.compare_digest(
        given.strip().encode(errors="replace"), token.encode()
    ):
        return None
    return Response("bearer token required\n", 401, CHALLENGE, mimetype="text/plain")
