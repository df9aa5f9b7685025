"""Login and logout. Failed logins are throttled per account and client, per client address,
and per account (``lokpanchang.throttle``)."""

from __future__ import annotations

from datetime import timedelta

import structlog
from flask import flash, redirect, render_template, request, url_for

from lokpanchang import clock
from lokpanchang.config import Settings
from lokpanchang.operators import attempt_login, has_operators
from lokpanchang.throttle import LoginLimits, Verdict
from lokpanchang.web import app_settings
from lokpanchang.web.admin import bp
from lokpanchang.web.database import db
from lokpanchang.web.security import current_operator, log_in, log_out, safe_next

log = structlog.get_logger(__name__)

UNKNOWN_ADDRESS = "unknown"
THROTTLED_SUBJECTS = {  # Verdict.reason -> what the page says is locked
    "client": "this account from your address",
    "address": "your address",
    "account": "this account",
}


@bp.route("/login", methods=["GET", "POST"])
def login():
    target = safe_next(request.values.get("next"), url_for("admin.dashboard"))
    if request.method == "GET":
        if current_operator() is not None:
            return redirect(target)
        return _login_page(target)
    username = request.form.get("username", "")
    result = attempt_login(
        db(),
        username,
        request.form.get("password", ""),
        request.remote_addr or UNKNOWN_ADDRESS,
        clock.now(),
        login_limits(app_settings()),
    )
    if not result.verdict.allowed:
        return _throttled(target, username, result.verdict)
    if result.operator is None:
        log.warning("admin.login_refused", username=username[:64])
        flash("Wrong username or password.", "error")
        return _login_page(target), 401
    log_in(result.operator)
    log.info("admin.login", operator=result.operator.username)
    return redirect(target)


@bp.post("/logout")
def logout():
    log_out()
    flash("You are logged out.", "info")
    return redirect(url_for("admin.login"))


def login_limits(settings: Settings) -> LoginLimits:
    return LoginLimits(
        max_failures=settings.admin_login_max_failures,
        max_address_failures=settings.admin_login_max_address_failures,
        max_account_failures=settings.admin_login_max_account_failures,
        window=timedelta(seconds=settings.admin_login_window_seconds),
        lockout=timedelta(seconds=settings.admin_login_lockout_seconds),
    )


def _throttled(target: str, username: str, verdict: Verdict):
    """429 without a password check: the wait in minutes on the page, seconds in Retry-After."""
    minutes = verdict.retry_after_minutes
    log.warning(
        "admin.login_throttled",
        username=username[:64],
        address=request.remote_addr,
        reason=verdict.reason,
        retry_after_s=verdict.retry_after_seconds,
    )
    subject = THROTTLED_SUBJECTS.get(verdict.reason or "", "your address")
    flash(
        f"Too many failed logins for {subject}. Try again in {minutes} "
        f"minute{'s' if minutes != 1 else ''}.",
        "error",
    )
    return _login_page(target), 429, {"Retry-After": str(verdict.retry_after_seconds)}


def _login_page(target: str):
    return render_template("admin/login.html", next=target, no_operator=not has_operators(db()))
