"""Scheduled jobs (``lokpanchang jobs``, and the sends the portal hands to the worker)."""

from __future__ import annotations

from flask import render_template

from lokpanchang.web.admin import bp, queries
from lokpanchang.web.database import db


@bp.get("/jobs")
def jobs():
    return render_template("admin/jobs.html", summaries=queries.recent_jobs(db()))
