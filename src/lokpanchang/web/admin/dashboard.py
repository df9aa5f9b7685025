"""The dashboard: headline numbers, today's broadcasts by zone, 30 days of delivery."""

from __future__ import annotations

from datetime import datetime, timedelta

from flask import jsonify, render_template

from lokpanchang import clock
from lokpanchang.broadcast import tier
from lokpanchang.planning import due_slots
from lokpanchang.storage.audience import active_zone_send_times
from lokpanchang.web import app_settings
from lokpanchang.web.admin import bp, charts, queries
from lokpanchang.web.admin.dayplan import DAY, PlannedRow, day_plan
from lokpanchang.web.database import db
from lokpanchang.web.security import returns_json

REFRESH_SECONDS = 60


@bp.get("/")
def dashboard():
    now = clock.now()
    day_start = queries.utc_day_start(now)
    plan = _day_plan(now, day_start)
    bars = queries.daily_delivery(db(), now.date())
    return render_template(
        "admin/dashboard.html",
        kpis=queries.kpis(db(), now),
        tier=tier.use(db(), app_settings().messaging_limit, now),
        plan=plan,
        kinds=queries.sends_by_kind(db(), now),
        refresh_seconds=REFRESH_SECONDS,
        timeline=charts.timeline_chart(plan, day_start, now),
        chart=charts.delivery_chart(bars),
        bars=bars,
        now=now,
    )


def _day_plan(now: datetime, day_start: datetime) -> list[PlannedRow]:
    """The UTC day's slots by the planner's own rule, each with its run if it has one."""
    pairs = active_zone_send_times(db(), now)
    slots = due_slots(day_start, pairs, DAY).slots
    runs = queries.runs_between(db(), day_start, day_start + DAY)
    lookahead = timedelta(seconds=app_settings().planner_lookahead)
    return day_plan(slots, runs, now, lookahead)


@bp.get("/api/summary.json")
@returns_json
def summary_json():
    """The dashboard's headline numbers, for scripts and monitors."""
    now = clock.now()
    use = tier.use(db(), app_settings().messaging_limit, now)
    summary = {**queries.kpis(db(), now).__dict__, "messaging_limit": use.limit}
    return jsonify({**summary, "messaging_limit_used": use.used})
