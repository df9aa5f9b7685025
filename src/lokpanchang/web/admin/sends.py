"""Send actions, each confirmed first: a test message, today's panchangam to one subscriber,
one zone or everyone (each subscriber at most once per local day, by the ledger).

A test message and one subscriber are sent in the request; a zone or everyone is handed to
the worker as scheduled jobs (``bulksend``) and the operator follows them on the jobs page."""

from __future__ import annotations

from dataclasses import dataclass

import structlog
from flask import flash, redirect, render_template, request, url_for

from lokpanchang import clock
from lokpanchang.delivery.adapters import DEFAULT
from lokpanchang.delivery.base import Outcome
from lokpanchang.storage import directory
from lokpanchang.storage.addresses import subscriber_at
from lokpanchang.web import app_settings
from lokpanchang.web.admin import bp, bulksend, dispatch
from lokpanchang.web.admin.actions import ActionError
from lokpanchang.web.admin.common import id_arg, operator_name
from lokpanchang.web.database import database_url, db

TARGETS = ("subscriber", "zone", "everyone")
log = structlog.get_logger(__name__)


@bp.route("/send/test", methods=["GET", "POST"])
def send_test():
    phone = request.values.get("phone", "").strip()
    if request.method == "GET" or request.form.get("confirm") != "yes":
        return _test_form(phone, confirming=request.method == "POST")
    try:
        once = request.form.get("once", "")
        result = dispatch.send_test_message(app_settings(), phone, clock.now(), once=once)
    except ActionError as exc:
        flash(f"Not sent: {exc}", "error")
        return _test_form(phone, confirming=False), 400
    log.info(
        "admin.test_message",
        operator=operator_name(),
        outcome=str(result.outcome),
        error_code=result.error_code,
    )
    _flash_result(phone, result)
    return redirect(url_for("admin.send_test"))


def _test_form(phone: str, confirming: bool):
    if confirming:
        try:
            phone = dispatch.normalise_phone(phone)
        except ActionError as exc:
            flash(str(exc), "error")
            confirming = False
    once = dispatch.form_key() if confirming else ""
    return render_template("admin/send_test.html", phone=phone, confirming=confirming, once=once)


def _flash_result(phone: str, result) -> None:
    if result.outcome == Outcome.SENT:
        flash(f"Test message sent to {phone} (id {result.message_id}).", "success")
    else:
        flash(
            f"Test message to {phone} {result.outcome}: "
            f"{result.error_code} {result.error_detail or ''}",
            "error",
        )


@dataclass(frozen=True)
class Audience:
    """Whom a send is for. One subscriber is sent to in the request (the operator sees the
    result at once); a zone or everyone is counted here and sent by the worker."""

    description: str
    counts: dispatch.PlanCounts
    users: list | None = None  # stored subscribers (``storage.directory.subscriber``)
    zones: bulksend.BulkPlan | None = None


@bp.route("/send/today", methods=["GET", "POST"])
def send_today():
    target = request.values.get("target", "subscriber")
    try:
        audience = _audience(target, clock.now())
    except ActionError as exc:
        flash(str(exc), "error")
        return _today_form(target, None), 400
    if request.method == "POST" and audience is None:
        flash("Choose a subscriber (by phone) or a zone first.", "error")
    if request.method == "GET" or request.form.get("confirm") != "yes" or audience is None:
        return _today_form(target, audience)
    if audience.zones is not None:
        return _confirmed_queue(audience)
    return _confirmed_send(audience.users, audience.description)


def _today_form(target: str, audience: Audience | None):
    return render_template(
        "admin/send_today.html",
        target=target,
        values=request.values,
        plan=audience.counts if audience else None,
        description=audience.description if audience else "",
        zones=directory.subscriber_zones(database_url()),
    )


def _confirmed_send(users, description: str):
    try:
        report = dispatch.send_today(app_settings(), db(), users, clock.now())
    except ValueError as exc:  # a message that cannot be rendered: nothing was claimed or sent
        db().rollback()
        flash(f"Nothing sent: {exc}", "error")
        return redirect(url_for("admin.send_today"))
    log.info(
        "admin.send_today",
        operator=operator_name(),
        target=description,
        sent=report.sent,
        failed=report.failed,
        already_today=report.already_today,
    )
    category = "error" if report.failed else "success"
    flash(
        f"{description}: {report.sent} sent, {report.failed} failed, "
        f"{report.already_today} already had today's message.",
        category,
    )
    return redirect(url_for("admin.dashboard"))


def _confirmed_queue(audience: Audience):
    assert audience.zones is not None  # a zone or everyone: counted by bulksend
    db().rollback()  # end the request's read: the jobs are written in their own transactions
    queued = bulksend.queue_sends(
        app_settings().effective_database_url, audience.zones, clock.now()
    )
    log.info(
        "admin.send_today_queued",
        operator=operator_name(),
        target=audience.description,
        job_ids=[q.job_id for q in queued],
        zones=len(queued),
        subscribers=sum(q.subscribers for q in queued),
        already_today=audience.counts.already_today,
    )
    _flash_queued(audience.description, queued)
    return redirect(url_for("admin.jobs"))


def _flash_queued(description: str, queued: list[bulksend.Queued]) -> None:
    if not queued:
        flash(
            f"{description}: nothing to send; everyone there already has today's message.",
            "success",
        )
        return
    total = sum(q.subscribers for q in queued)
    zones = f" in {len(queued)} zones" if len(queued) > 1 else ""
    flash(
        f"{description}: sending to {_subscribers(total)}{zones} in the background "
        f"({_job_ids(queued)}).",
        "success",
    )
    waiting = [q for q in queued if not q.started]
    if waiting:
        flash(
            f"The task queue could not be reached: {_job_ids(waiting)} will be started by the "
            "scheduler's dispatcher once it is back.",
            "error",
        )


def _subscribers(count: int) -> str:
    return f"{count} subscriber" if count == 1 else f"{count} subscribers"


def _job_ids(queued: list[bulksend.Queued], shown: int = 10) -> str:
    ids = [f"#{q.job_id}" for q in queued]
    more = f" and {len(ids) - shown} more" if len(ids) > shown else ""
    return f"{'job' if len(ids) == 1 else 'jobs'} {', '.join(ids[:shown])}{more}"


def _audience(target: str, now) -> Audience | None:
    """Whom the form names, with the confirmation's counts; None when nobody is chosen yet."""
    if target not in TARGETS:
        raise ActionError(f"target {target!r} is not one of {', '.join(TARGETS)}")
    if target == "everyone":
        plan = bulksend.plan_zones(database_url(), now)
        return Audience("Everyone", plan.counts, zones=plan)
    if target == "zone":
        zone = request.values.get("zone", "")
        if not zone:
            return None
        plan = bulksend.plan_zones(database_url(), now, zone)
        return Audience(f"Zone {zone}", plan.counts, zones=plan)
    user = _one_subscriber()
    if user is None:
        return None
    return Audience(
        f"Subscriber {user.address}", dispatch.plan_send(db(), [user], now).counts, users=[user]
    )


def _one_subscriber():
    """The subscriber the form names by id or by phone (stored, in the request's session)."""
    user_id, phone = request.values.get("user_id", ""), request.values.get("phone", "").strip()
    user = None
    if user_id:
        user = directory.subscriber(db(), id_arg(user_id) or 0)
    elif phone:
        user = subscriber_at(db(), DEFAULT, dispatch.normalise_phone(phone))
    if (user_id or phone) and user is None:
        raise ActionError(f"no subscriber {phone or user_id!r}")
    return user
