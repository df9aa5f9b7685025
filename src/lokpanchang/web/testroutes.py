"""The seed's debug routes, for operators only and only when ENABLE_TEST_ROUTES is true.

Disabled, they answer 404 as if they did not exist. Routes that send ask for confirmation
first (a GET never sends anything).
"""

from __future__ import annotations

from datetime import timedelta

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for

from lokpanchang import clock
from lokpanchang.delivery.adapters import DEFAULT
from lokpanchang.delivery.base import Outcome
from lokpanchang.planning import due_slots
from lokpanchang.storage import dashboard, health, migrate
from lokpanchang.storage.addresses import subscriber_at
from lokpanchang.web import app_settings
from lokpanchang.web.admin import dispatch
from lokpanchang.web.admin.actions import ActionError
from lokpanchang.web.database import close_db, db
from lokpanchang.web.security import (
    check_csrf,
    configure_sessions,
    require_operator,
    returns_json,
)

bp = Blueprint("testroutes", __name__)


@bp.record_once
def _configure(state) -> None:
    configure_sessions(state.app)


@bp.before_request
def _guard():
    if not app_settings().enable_test_routes:
        abort(404)
    refused = require_operator()
    if refused is None:
        check_csrf()
    return refused


bp.teardown_app_request(close_db)


@bp.get("/test-db")
@returns_json
def test_db():
    url = app_settings().effective_database_url
    started = clock.monotonic()
    health.round_trip(url)
    latency = clock.monotonic() - started
    facts = health.database_facts(url)
    return jsonify(
        {
            "database": "ok",
            "dialect": facts.dialect,
            "latency_ms": round(latency * 1000, 2),
            "revision": migrate.current_revision(url),
            "subscribers": facts.subscribers,
            "broadcast_runs": facts.broadcast_runs,
        }
    )


@bp.route("/test/whatsapp/<phone>", methods=["GET", "POST"])
def test_whatsapp(phone: str):
    try:
        phone = dispatch.normalise_phone(phone)
    except ActionError as exc:
        abort(400, description=str(exc))
    if request.form.get("confirm") != "yes":
        return render_template("testroutes/confirm.html", what=f"Send a test message to {phone}?")
    result = dispatch.send_test_message(app_settings(), phone, clock.now())
    flash(
        f"Test message to {phone}: {result.outcome} {result.message_id or result.error_code or ''}",
        "success" if result.outcome is Outcome.SENT else "error",
    )
    return redirect(url_for("admin.send_test"))


@bp.route("/send-panchang-<phone>", methods=["GET", "POST"])
def send_panchang(phone: str):
    try:
        phone = dispatch.normalise_phone(phone)
    except ActionError as exc:
        abort(400, description=str(exc))
    user = subscriber_at(db(), DEFAULT, phone) or abort(404)
    if request.form.get("confirm") != "yes":
        plan = dispatch.plan_send(db(), [user], clock.now())
        already = bool(plan.already_today)
        return render_template(
            "testroutes/confirm.html", already=already, what=f"Send today's panchangam to {phone}?"
        )
    try:
        report = dispatch.send_today(app_settings(), db(), [user], clock.now())
    except ValueError as exc:  # a message that cannot be rendered: nothing was claimed or sent
        db().rollback()
        abort(500, description=str(exc))
    flash(
        f"{phone}: {report.sent} sent, {report.failed} failed, {report.already_today} already had today's.",
        "error" if report.failed else "success",
    )
    return redirect(url_for("admin.subscriber", user_id=user.id))


@bp.get("/test-planner")
@returns_json
def test_planner():
    """What a planner pass at this instant would enqueue (nothing is enqueued)."""
    now, settings = clock.now(), app_settings()
    pairs = dashboard.zone_send_times(settings.effective_database_url, now)
    result = due_slots(now, pairs, timedelta(seconds=settings.planner_lookahead))
    return jsonify(
        {
            "now": now.isoformat(),
            "lookahead_s": settings.planner_lookahead,
            "slots": [slot.to_dict() for slot in result.slots],
            "invalid_zones": list(result.invalid_zones),
        }
    )
