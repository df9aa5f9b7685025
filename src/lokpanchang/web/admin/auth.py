"""Login and logout."""

from __future__ import annotations

import structlog
from flask import flash, redirect, render_template, request, url_for

from lokpanchang import clock
from lokpanchang.operators import authenticate, has_operators
from lokpanchang.web.admin import bp
from lokpanchang.web.database import db
from lokpanchang.web.security import current_operator, log_in, log_out, safe_next

log = structlog.get_logger(__name__)


@bp.route("/login", methods=["GET", "POST"])
def login():
    target = safe_next(request.values.get("next"), url_for("admin.dashboard"))
    if request.method == "GET":
        if current_operator() is not None:
            return redirect(target)
        return render_template("admin/login.html", next=target, no_operator=not has_operators(db()))
    operator = authenticate(
        db(), request.form.get("username", ""), request.form.get("password", ""), clock.now()
    )
    if operator is None:
        log.warning("admin.login_refused", username=request.form.get("username", "")[:64])
        flash("Wrong username or password.", "error")
        return render_template("admin/login.html", next=target, no_operator=not has_operators(db())), 401
    db().commit()
    log_in(operator)
    log.info("admin.login", operator=operator.username)
    return redirect(target)


@bp.post("/logout")
def logout():
    log_out()
    flash("You are logged out.", "info")
    return redirect(url_for("admin.login"))
