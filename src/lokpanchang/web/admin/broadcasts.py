"""Broadcast runs: list by zone and date, one run with its failures, resume, backfill."""

from __future__ import annotations

from datetime import timedelta

import structlog
from flask import flash, redirect, render_template, request, url_for

from lokpanchang import clock
from lokpanchang.config import parse_send_time
from lokpanchang.delivery.errors import outcome_for_code
from lokpanchang.storage import directory, run_reports
from lokpanchang.storage.states import RunStatus
from lokpanchang.web import app_settings
from lokpanchang.web.admin import actions, bp
from lokpanchang.web.admin.common import date_arg, operator_name, or_404, page_arg, page_count
from lokpanchang.web.database import database_url

log = structlog.get_logger(__name__)
RUN_STATUSES = tuple(RunStatus)


@bp.get("/broadcasts")
def broadcasts():
    zone, status, day = (
        request.args.get("zone", ""),
        request.args.get("status", ""),
        date_arg("date"),
    )
    page = page_arg()
    summaries, total = run_reports.runs_page(database_url(), zone, day, status, page)
    return render_template(
        "admin/broadcasts.html",
        summaries=summaries,
        total=total,
        page=page,
        pages=page_count(total, run_reports.PAGE_SIZE),
        zone=zone,
        status=status,
        day=day,
        zones=run_reports.run_zones(database_url()),
        statuses=RUN_STATUSES,
    )


@bp.get("/broadcasts/<int:run_id>")
def broadcast(run_id: int):
    summary = or_404(run_reports.run_summary(database_url(), run_id))
    return render_template(
        "admin/broadcast.html",
        summary=summary,
        groups=run_reports.failures_by_code(database_url(), run_id=run_id),
    )


@bp.post("/broadcasts/<int:run_id>/resume")
def resume_broadcast(run_id: int):
    run = or_404(run_reports.run_summary(database_url(), run_id)).run
    try:
        actions.resume_run(database_url(), run, clock.now(), _grace())
        log.info("admin.run_resumed", operator=operator_name(), run_id=run.id)
        flash(
            f"Run {run.id} is planned again; the planner's next pass sends what is left.", "success"
        )
    except actions.ActionError as exc:
        flash(str(exc), "error")
    return redirect(url_for("admin.broadcast", run_id=run.id))


@bp.route("/broadcasts/backfill", methods=["GET", "POST"])
def backfill():
    form = request.form if request.method == "POST" else request.args
    if request.method == "GET" or form.get("confirm") != "yes":
        return render_template(
            "admin/backfill.html",
            form=form,
            confirming=request.method == "POST",
            zones=directory.subscriber_zones(database_url()),
        )
    try:
        day = date_arg("date")
        if day is None:
            raise actions.ActionError("a date is required")
        send_time = parse_send_time(form.get("send_time", "06:30"))
        run = actions.backfill_run(
            database_url(), form.get("zone", ""), day, send_time, clock.now(), _grace()
        )
    except (actions.ActionError, ValueError) as exc:
        flash(f"Not backfilled: {exc}", "error")
        return render_template(
            "admin/backfill.html",
            form=form,
            confirming=False,
            zones=directory.subscriber_zones(database_url()),
        ), 400
    log.info(
        "admin.run_backfilled",
        operator=operator_name(),
        run_id=run.id,
        timezone=run.timezone,
        local_date=run.local_date.isoformat(),
    )
    flash(f"Run {run.id} planned for {run.timezone} on {run.local_date}.", "success")
    return redirect(url_for("admin.broadcast", run_id=run.id))


def _grace() -> timedelta:
    return timedelta(seconds=app_settings().late_grace)


@bp.get("/failures")
def failures():
    day = date_arg("date") or clock.now().date()
    return render_template(
        "admin/failures.html",
        day=day,
        groups=run_reports.failures_by_code(database_url(), day=day),
    )


def error_meaning(code: int | None) -> str:
    """What a WhatsApp Cloud API error code means, and what the channel does about it."""
    if code is None:
        return "no error code (e.g. the message could not be rendered)"
    meaning = KNOWN_ERRORS.get(code, "see Meta's Cloud API error codes")
    return f"{meaning}; the channel's rule: {outcome_for_code(code)}"


# Meanings from Meta's Cloud API error-code reference (facts, not code).
KNOWN_ERRORS = {
    4: "too many API calls (rate limited)",
    100: "invalid parameter",
    190: "access token expired or invalid",
    368: "account temporarily blocked for policy",
    130429: "throughput limit reached",
    130472: "user is part of an experiment",
    131026: "message undeliverable",
    131047: "outside the 24-hour window",
    131048: "spam rate limit hit",
    131049: "not delivered to keep engagement healthy",
    131050: "user stopped marketing messages",
    131056: "too many messages to this user",
    131057: "account in maintenance mode",
    132000: "template parameter count mismatch",
    132001: "template does not exist",
    80007: "rate limit issues",
}

bp.add_app_template_filter(error_meaning, "error_meaning")
