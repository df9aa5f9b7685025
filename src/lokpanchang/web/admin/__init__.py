"""The operator portal under ``/admin``: every page needs a logged-in operator."""

from __future__ import annotations

from flask import Blueprint, request

from lokpanchang.web.admin.common import page_url
from lokpanchang.web.database import close_db
from lokpanchang.web.security import (
    check_csrf,
    configure_sessions,
    require_operator,
)

bp = Blueprint("admin", __name__, url_prefix="/admin")

# Endpoints reachable without a session (the login form itself).
OPEN_ENDPOINTS = frozenset({"admin.login"})


@bp.record_once
def _configure(state) -> None:
    configure_sessions(state.app)


@bp.before_request
def _guard():
    # Login first: without a session every page answers 302/401, whatever the method.
    if request.endpoint not in OPEN_ENDPOINTS:
        refused = require_operator()
        if refused is not None:
            return refused
    check_csrf()
    return None


bp.teardown_app_request(close_db)
bp.add_app_template_global(page_url, "page_url")  # the lists' pager (admin/_pager.html)

# Views register themselves on ``bp``; imported last because they import ``bp``.
from lokpanchang.web.admin import (  # noqa: E402,F401
    auth,
    broadcasts,
    dashboard,
    logs,
    scheduled,
    sends,
    subscribers,
)
