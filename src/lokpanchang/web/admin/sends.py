"""Send actions, each confirmed first: a test message, today's panchangam to one subscriber,
one zone or everyone (each subscriber at most once per local day, by the ledger)."""

from __future__ import annotations

import structlog
from flask import flash, redirect, render_template, request, url_for
from sqlalchemy import select

from lokpanchang import clock
from lokpanchang.delivery.base import Outcome
from lokpanchang.storage.models import UserDetail
from lokpanchang.web import app_settings
from lokpanchang.web.admin import bp, dispatch, queries
from lokpanchang.web.admin.actions import ActionError
from lokpanchang.web.admin.common import operator_name
from lokpanchang.web.database import db

TARGETS = ("subscriber", "zone", "everyone")
log = structlog.get_logger(__name__)


@bp.route("/send/test", methods=["GET", "POST"])
def send_test():
    phone = request.values.get("phone", "").strip()
    if request.method == "GET" or request.form.get("confirm") != "yes":
        return _test_form(phone, confirming=request.method == "POST")
    try:
        result = dispatch.send_test_message(app_settings(), phone, clock.now())
    except ActionError as exc:
        flash(f"Not sent: {exc}", "error")
        return _test_form(phone, confirming=False), 400
    log.info("admin.test_message", operator=operator_name(), outcome=str(result.outcome),
             error_code=result.error_code)
    _flash_result(phone, result)
    return redirect(url_for("admin.send_test"))


def _test_form(phone: str, confirming: bool):
    if confirming:
        try:
            phone = dispatch.normalise_phone(phone)
        except ActionError as exc:
            flash(str(exc), "error")
            confirming = False
    return render_template("admin/send_test.html", phone=phone, confirming=confirming)


def _flash_result(phone: str, result) -> None:
    if result.outcome == Outcome.SENT:
        flash(f"Test message sent to {phone} (id {result.message_id}).", "success")
    else:
        flash(f"Test message to {phone} {result.outcome}: "
              f"{result.error_code} {result.error_detail or ''}", "error")


@bp.route("/send/today", methods=["GET", "POST"])
def send_today():
    target = request.values.get("target", "subscriber")
    try:
        users, description = _targets(target)
    except ActionError as exc:
        flash(str(exc), "error")
        return render_template("admin/send_today.html", plan=None, target=target, values=request.values,
                               zones=queries.distinct_values(db(), UserDetail.timezone)), 400
    if request.method == "POST" and not users:
        flash("Choose a subscriber (by phone) or a zone first.", "error")
    if request.method == "GET" or request.form.get("confirm") != "yes" or not users:
        plan = dispatch.plan_send(db(), users, clock.now()) if users else None
        return render_template("admin/send_today.html", plan=plan, target=target, values=request.values,
                               description=description,
                               zones=queries.distinct_values(db(), UserDetail.timezone))
    return _confirmed_send(users, description)


def _confirmed_send(users, description: str):
    try:
        report = dispatch.send_today(app_settings(), db(), users, clock.now())
    except ValueError as exc:  # a message that cannot be rendered: nothing was claimed or sent
        db().rollback()
        flash(f"Nothing sent: {exc}", "error")
        return redirect(url_for("admin.send_today"))
    log.info("admin.send_today", operator=operator_name(), target=description, sent=report.sent,
             failed=report.failed, already_today=report.already_today)
    category = "error" if report.failed else "success"
    flash(f"{description}: {report.sent} sent, {report.failed} failed, "
          f"{report.already_today} already had today's message.", category)
    return redirect(url_for("admin.dashboard"))


def _targets(target: str) -> tuple[list[UserDetail], str]:
    """The subscribers a send is for, with a description for the confirmation."""
    if target not in TARGETS:
        raise ActionError(f"target {target!r} is not one of {', '.join(TARGETS)}")
    if target == "everyone":
        return _active(), "Everyone"
    if target == "zone":
        zone = request.values.get("zone", "")
        return (_active(UserDetail.timezone == zone), f"Zone {zone}") if zone else ([], "")
    return _one_subscriber()


def _one_subscriber() -> tuple[list[UserDetail], str]:
    user_id, phone = request.values.get("user_id", ""), request.values.get("phone", "").strip()
    user = None
    if user_id.isdigit():
        user = db().get(UserDetail, int(user_id))
    elif phone:
        user = db().scalar(select(UserDetail).where(UserDetail.phone == dispatch.normalise_phone(phone)))
    if (user_id or phone) and user is None:
        raise ActionError(f"no subscriber {phone or user_id!r}")
    return ([user], f"Subscriber {user.phone}") if user else ([], "")


def _active(*conditions) -> list[UserDetail]:
    query = select(UserDetail).where(queries.active_filter(clock.now()), *conditions)
    return list(db().scalars(query.order_by(UserDetail.id)).unique())
