"""The dashboard: headline numbers, today's broadcasts by zone, 30 days of delivery."""

from __future__ import annotations

from datetime import datetime, timedelta

from flask import jsonify, render_template

from lokpanchang import clock
from lokpanchang.broadcast.tier import TIERED, Use
from lokpanchang.planning import due_slots
from lokpanchang.storage import dashboard as numbers
from lokpanchang.storage import run_reports
from lokpanchang.web import app_settings
from lokpanchang.web.admin import bp, charts
from lokpanchang.web.admin.dayplan import DAY, Owing, PlannedRow, day_plan
from lokpanchang.web.database import database_url
from lokpanchang.web.security import returns_json

REFRESH_SECONDS = 60


@bp.get("/")
def dashboard():
    now = clock.now()
    url, day_start = database_url(), numbers.utc_day_start(now)
    plan = _day_plan(now, day_start)
    bars = numbers.daily_delivery(url, now.date())
    return render_template(
        "admin/dashboard.html",
        kpis=numbers.kpis(url, now),
        tier=_tier_use(now),
        plan=plan,
        kinds=numbers.sends_by_kind(url, now),
        refresh_seconds=REFRESH_SECONDS,
        timeline=charts.timeline_chart(plan, day_start, now),
        chart=charts.delivery_chart(bars),
        bars=bars,
        now=now,
    )


def _day_plan(now: datetime, day_start: datetime) -> list[PlannedRow]:
    """The UTC day's slots by the planner's own rule, each with its run if it has one."""
    pairs = numbers.zone_send_times(database_url(), now)
    slots = due_slots(day_start, pairs, DAY).slots
    runs = run_reports.runs_between(database_url(), day_start, day_start + DAY)
    settings = app_settings()
    lookahead = timedelta(seconds=settings.planner_lookahead)
    owing = Owing(numbers.owed_since(database_url(), now), timedelta(seconds=settings.late_grace))
    return day_plan(slots, runs, now, lookahead, owing)


@bp.get("/api/summary.json")
@returns_json
def summary_json():
    """The dashboard's headline numbers, for scripts and monitors."""
    now = clock.now()
    use = _tier_use(now)
    summary = {**numbers.kpis(database_url(), now).__dict__, "messaging_limit": use.limit}
    return jsonify({**summary, "messaging_limit_used": use.used})


def _tier_use(now: datetime) -> Use:
    used = numbers.messaging_limit_used(database_url(), now, TIERED)
    return Use(used, app_settings().messaging_limit)
