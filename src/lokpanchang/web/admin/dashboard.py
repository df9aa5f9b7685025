"""The dashboard: headline numbers, today's broadcasts by zone, 30 days of delivery."""

from __future__ import annotations

from datetime import timedelta

from flask import jsonify, render_template

from lokpanchang import clock
from lokpanchang.broadcast import tier
from lokpanchang.web import app_settings
from lokpanchang.web.admin import bp, charts, queries
from lokpanchang.web.database import db
from lokpanchang.web.security import returns_json


@bp.get("/")
def dashboard():
    now = clock.now()
    day_start = queries.utc_day_start(now)
    runs = queries.runs_between(db(), day_start, day_start + timedelta(days=1))
    bars = queries.daily_delivery(db(), now.date())
    return render_template(
        "admin/dashboard.html",
        kpis=queries.kpis(db(), now),
        tier=tier.use(db(), app_settings().messaging_limit, now),
        runs=runs,
        timeline=charts.timeline_chart(runs, day_start, now),
        chart=charts.delivery_chart(bars),
        bars=bars,
        now=now,
    )


@bp.get("/api/summary.json")
@returns_json
def summary_json():
    """The dashboard's headline numbers, for scripts and monitors."""
    now = clock.now()
    use = tier.use(db(), app_settings().messaging_limit, now)
    summary = {**queries.kpis(db(), now).__dict__, "messaging_limit": use.limit}
    return jsonify({**summary, "messaging_limit_used": use.used})
