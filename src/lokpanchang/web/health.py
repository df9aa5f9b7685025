"""``GET /healthz``: the web process answers; other checks are added by their subjects."""

from __future__ import annotations

from flask import Blueprint, jsonify

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    return jsonify({"web": "ok"})
