"""Scheduled jobs (``lokpanchang jobs``, and the sends the portal hands to the worker)."""

from __future__ import annotations

from flask import render_template

from lokpanchang.storage import jobs as stored_jobs
from lokpanchang.web.admin import bp
from lokpanchang.web.database import database_url


@bp.get("/jobs")
def jobs():
    return render_template("admin/jobs.html", summaries=stored_jobs.recent(database_url()))
