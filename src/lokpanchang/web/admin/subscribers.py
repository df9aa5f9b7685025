"""Subscribers: search and filter, one subscriber's page, edit, stop and reactivate."""

from __future__ import annotations

from datetime import datetime, timedelta

from flask import flash, redirect, render_template, request, url_for

from lokpanchang import clock
from lokpanchang.almanac.calendars.kinds import CHOICES
from lokpanchang.broadcast.content import subscriber_calendar, subscriber_default_calendar
from lokpanchang.planning import local_date_at
from lokpanchang.storage import directory, subscriber_history
from lokpanchang.storage.directory import place_name
from lokpanchang.subscribers import DEFAULT_CALENDAR, LANGUAGES
from lokpanchang.web import app_settings, integrations
from lokpanchang.web.admin import actions, bp, queries
from lokpanchang.web.admin.common import operator_name, or_404, page_arg, page_count
from lokpanchang.web.admin.dispatch import local_today, sendable
from lokpanchang.web.admin.today import Today, today_for
from lokpanchang.web.database import database_url, db

STATUSES = tuple(directory.SubscriberStatus)


@bp.get("/subscribers")
def subscribers():
    wanted = queries.SubscriberFilter(
        **{
            name: request.args.get(name, "").strip()
            for name in ("text", "zone", "city", "status", "language")
        }
    )
    page = page_arg()
    users, total = queries.subscribers_page(database_url(), wanted, clock.now(), page)
    return render_template(
        "admin/subscribers.html",
        users=users,
        total=total,
        page=page,
        pages=page_count(total, queries.PAGE_SIZE),
        wanted=wanted,
        statuses=STATUSES,
        zones=directory.subscriber_zones(database_url()),
        languages=directory.subscriber_languages(database_url()),
    )


@bp.get("/subscribers/<int:user_id>")
def subscriber(user_id: int):
    user = or_404(directory.subscriber(db(), user_id))
    now = clock.now()
    preview, problem = _todays_message(user, now)
    events = subscriber_history.events(database_url(), user.id)
    return render_template(
        "admin/subscriber.html",
        user=user,
        today=_today(user, now),
        status=queries.subscriber_status(user, now),
        ledger=subscriber_history.ledger(database_url(), user.id),
        events=events,
        preview=preview,
        problem=problem,
        calendar=subscriber_calendar(user),
    )


def _today(user, now: datetime) -> Today:
    row = None
    if user.timezone:
        local = local_date_at(user.timezone, now)
        row = subscriber_history.ledger_on(database_url(), user.id, local)
    return today_for(user, row, now, timedelta(seconds=app_settings().late_grace))


def _todays_message(user, now):
    """Today's message as the broadcast will render it, or why it cannot be shown."""
    if not sendable(user, now):
        return None, "This subscriber has no place or is not active, so nothing will be sent."
    try:
        return integrations.subscriber_message(user, local_today(user, now)), None
    except ValueError as exc:
        return None, f"Cannot be rendered: {exc}."


@bp.route("/subscribers/<int:user_id>/edit", methods=["GET", "POST"])
def edit_subscriber(user_id: int):
    user = or_404(directory.subscriber(db(), user_id))
    if request.method == "POST":
        try:
            edit = actions.parse_edit(request.form)
            actions.apply_edit(db(), user, edit, clock.now(), operator_name())
            db().commit()
        except ValueError as exc:  # ActionError and the subscribers domain's errors
            db().rollback()
            flash(f"Not saved: {exc}", "error")
            return render_template(
                "admin/subscriber_edit.html", user=user, form=request.form, **_choices(user)
            ), 400
        flash("Saved.", "success")
        return redirect(url_for("admin.subscriber", user_id=user.id))
    return render_template("admin/subscriber_edit.html", user=user, form=None, **_choices(user))


def _choices(user) -> dict:
    """The edit form's lists: languages, and calendars after the subscriber's default."""
    default = subscriber_default_calendar(user)
    return {
        "languages": LANGUAGES,
        "calendars": [(DEFAULT_CALENDAR, f"default ({default})"), *((c, c) for c in CHOICES)],
    }


@bp.post("/subscribers/<int:user_id>/stop")
def stop_subscriber(user_id: int):
    return _change(user_id, actions.stop_subscriber, "Stopped: no more messages.")


@bp.post("/subscribers/<int:user_id>/reactivate")
def reactivate_subscriber(user_id: int):
    return _change(
        user_id,
        actions.reactivate_subscriber,
        "Reactivated: messages resume at the next send time.",
    )


def _change(user_id: int, action, done: str):
    user = or_404(directory.subscriber(db(), user_id))
    try:
        action(db(), user, clock.now(), operator_name())
        db().commit()
        flash(done, "success")
    except actions.ActionError as exc:
        db().rollback()
        flash(str(exc), "error")
    return redirect(url_for("admin.subscriber", user_id=user.id))


bp.add_app_template_filter(place_name, "city_name")
