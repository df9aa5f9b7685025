"""Operator sessions for the portal and test routes: login state, expiry, CSRF, cookie flags;
and the security headers every response carries.

A session is Flask's signed cookie holding a random session token and a CSRF token; the
token names an ``operator_session`` row on the server, which says whose session it is and
until when (``session_lifetime`` seconds after login). Logging out deletes the row, so a
cookie saved before then logs nobody in; a password change deletes all the operator's rows.
"""

from __future__ import annotations

import hmac
import re
import secrets
from datetime import timedelta
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, g, jsonify, redirect, request, session, url_for
from flask.sessions import SecureCookieSessionInterface

from lokpanchang import clock
from lokpanchang.config import Settings
from lokpanchang.operators import Operator, end_session, open_session, session_operator
from lokpanchang.web import app_settings
from lokpanchang.web.database import db

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
CSRF_FIELD = "csrf_token"
SESSION_TOKEN = "session_token"
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f\\]")


def configure_sessions(app: Flask) -> None:
    """Cookie flags and lifetime from settings; a CSRF token helper for templates."""
    settings = app.config["SETTINGS"]
    app.config.update(
        SESSION_COOKIE_NAME="lokpanchang_session",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=settings.environment == "production",
        PERMANENT_SESSION_LIFETIME=timedelta(seconds=settings.session_lifetime),
    )
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.jinja_env.globals["current_operator"] = current_operator


class CookieFirstSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, except that a request without the cookie (webhooks,
    probes, public pages: most requests) gets its empty session without a signer being built
    for it, a tenth of the cost of a health check (bench/web)."""

    def open_session(self, app, request):
        if app.secret_key and not request.cookies.get(self.get_cookie_name(app)):
            return self.session_class()
        return super().open_session(app, request)


SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


# Responses that may be cached: the public almanac pages and the static files.
CACHEABLE_BLUEPRINTS = frozenset({"public", "public_card"})


def security_headers(settings: Settings, cacheable: bool) -> list[tuple[str, str]]:
    """The headers every response carries: no framing, no inline scripts or styles, no
    sniffing; HSTS in production; ``no-store`` unless the response may be cached."""
    headers = list(SECURITY_HEADERS.items())
    if settings.environment == "production" and settings.hsts_seconds:
        headers.append(("Strict-Transport-Security", f"max-age={settings.hsts_seconds}"))
    return headers if cacheable else [*headers, ("Cache-Control", "no-store")]


ALWAYS_SET = frozenset({"Strict-Transport-Security", "Cache-Control"})  # never the view's own


def add_security_headers(response):
    """Flask ``after_request``: ``security_headers`` on every response the app makes (errors,
    /webhook, /metrics, /static included; public pages and static files may be cached); a
    header the view set itself is kept, but HSTS and ``no-store`` always hold."""
    cacheable = request.blueprint in CACHEABLE_BLUEPRINTS or request.endpoint == "static"
    headers = response.headers
    present = {name.lower() for name, _ in headers}  # one look, not one scan a header
    for name, value in security_headers(app_settings(), cacheable):
        if name in ALWAYS_SET:
            headers[name] = value
        elif name.lower() not in present:
            headers.add(name, value)
    return response


def returns_json(view):
    """Mark a view as an API: without login it answers 401 instead of a redirect."""
    view.returns_json = True
    return view


def csrf_token() -> str:
    if CSRF_FIELD not in session:
        session[CSRF_FIELD] = secrets.token_urlsafe(32)
    return session[CSRF_FIELD]


def check_csrf() -> None:
    """Refuse an unsafe request whose form field or header does not carry the session's token."""
    if request.method not in UNSAFE_METHODS:
        return
    sent = request.form.get(CSRF_FIELD) or request.headers.get("X-CSRF-Token") or ""
    expected = session.get(CSRF_FIELD, "")
    if not expected or not hmac.compare_digest(sent, expected):
        abort(
            400,
            description="The form's security token is missing or stale; "
            "reload the page and try again.",
        )


def log_in(operator: Operator) -> None:
    """Start a fresh session for ``operator`` (new tokens: no fixation); commits it."""
    lifetime = timedelta(seconds=app_settings().session_lifetime)
    token = open_session(db(), operator, clock.now(), lifetime)
    db().commit()
    session.clear()
    session.permanent = True
    session[SESSION_TOKEN] = token
    session[CSRF_FIELD] = secrets.token_urlsafe(32)


def log_out() -> None:
    """End this session on the server too: the cookie, even a saved copy, is dead."""
    token = session.get(SESSION_TOKEN)
    if isinstance(token, str):
        end_session(db(), token)
        db().commit()
    session.clear()


def current_operator() -> Operator | None:
    """The logged-in operator, or None when there is none or the session has expired."""
    if "operator" not in g:
        g.operator = _load_operator()
    return g.operator


def _load_operator() -> Operator | None:
    token = session.get(SESSION_TOKEN)
    if not isinstance(token, str):
        return None
    operator = session_operator(db(), token, clock.now())
    if operator is None:
        session.pop(SESSION_TOKEN, None)
    return operator


def require_operator():
    """A ``before_request`` guard: 401 for APIs, a redirect to the login page otherwise."""
    if current_operator() is not None:
        return None
    if _wants_json():
        return jsonify({"error": "login required"}), 401
    return redirect(url_for("admin.login", next=request.full_path.rstrip("?")))


def _wants_json() -> bool:
    view = current_app.view_functions.get(request.endpoint or "")
    if getattr(view, "returns_json", False):
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json" and not request.accept_mimetypes["text/html"]


def safe_next(target: str | None, default: str) -> str:
    """``target`` if it is a path on this site, else ``default`` (no open redirects, and
    no line breaks or backslashes that would make the Location header something else)."""
    if not target or CONTROL_CHARACTERS.search(target):
        return default
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return default
    return target
