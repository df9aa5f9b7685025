"""Binds a request id to every log event of a request and echoes it as ``X-Request-ID``."""

from __future__ import annotations

from flask import Blueprint, g, request

from lokpanchang.logs import bind_request_id

bp = Blueprint("requestlog", __name__)


@bp.before_app_request
def _bind_request_id() -> None:
    g.request_id = bind_request_id(request.headers.get("X-Request-ID"))


@bp.after_app_request
def _echo_request_id(response):
    if "request_id" in g:
        response.headers["X-Request-ID"] = g.request_id
    return response
