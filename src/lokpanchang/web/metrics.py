"""``GET /metrics``: Prometheus text format, read from the database at scrape time."""

from __future__ import annotations

from flask import Blueprint, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

from lokpanchang.ops.prometheus.collector import LokpanchangCollector
from lokpanchang.web import app_settings

bp = Blueprint("metrics", __name__)


@bp.get("/metrics")
def metrics() -> Response:
    registry = CollectorRegistry(auto_describe=False)
    registry.register(LokpanchangCollector(app_settings()))
    return Response(generate_latest(registry), mimetype=CONTENT_TYPE_LATEST)
