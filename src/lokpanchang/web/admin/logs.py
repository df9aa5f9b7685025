"""Log backups (list, view, search, errors only, download) and the beat status page."""

from __future__ import annotations

import io
from datetime import date, datetime

from croniter import croniter
from flask import abort, render_template, request, send_file

from lokpanchang import clock
from lokpanchang.web import app_settings, integrations
from lokpanchang.web.admin import bp, logfiles
from lokpanchang.web.database import db


def _root():
    return logfiles.backup_root(app_settings().data_dir)


def _folder(day: str):
    try:
        parsed = date.fromisoformat(day)
    except ValueError:
        abort(404)
    return logfiles.day_folder(_root(), parsed) or abort(404)


@bp.get("/logs")
def logs():
    return render_template("admin/logs.html", days=logfiles.backup_dates(_root()), root=_root())


@bp.get("/logs/<day>")
def log_day(day: str):
    folder = _folder(day)
    search = request.args.get("q", "").strip()
    errors_only = request.args.get("errors") == "1"
    lines, truncated = logfiles.read_day(folder, search, errors_only)
    return render_template("admin/log_day.html", day=day, lines=lines, truncated=truncated,
                           search=search, errors_only=errors_only, limit=logfiles.MAX_LINES)


@bp.get("/logs/<day>/archive.tar.gz")
def log_archive(day: str):
    data = logfiles.archive(_folder(day))
    return send_file(io.BytesIO(data), mimetype="application/gzip", as_attachment=True,
                     download_name=f"lokpanchang-logs-{day}.tar.gz")


@bp.get("/beat")
def beat():
    now = clock.now()
    return render_template("admin/beat.html", rows=beat_rows(now), now=now)


def beat_rows(now: datetime) -> list[dict]:
    """Every beat entry with last run, outcome, next due and lateness (ops' view when installed)."""
    ops = integrations.optional("lokpanchang.ops.beatstatus")
    if ops is not None and hasattr(ops, "beat_status"):
        return [_as_row(entry) for entry in ops.beat_status(db(), now)]
    from lokpanchang.tasks.beat import BEAT_SCHEDULE

    return [_unknown_row(key, entry, now) for key, entry in BEAT_SCHEDULE.items()]


def _as_row(entry) -> dict:
    return {name: getattr(entry, name, None) for name in
            ("key", "task", "description", "last_run_at", "outcome", "next_due_at", "late")}


def _unknown_row(key: str, entry: dict, now: datetime) -> dict:
    """Schedule and next due time from the table alone; last run and outcome are unknown."""
    schedule = entry["schedule"]
    if isinstance(schedule, int | float):
        description, next_due = f"every {schedule:g} s", None
    else:
        fields = " ".join(str(getattr(schedule, f"_orig_{name}")) for name in CRON_FIELDS)
        description, next_due = f"crontab {fields} (UTC)", croniter(fields, now).get_next(datetime)
    return {"key": key, "task": entry["task"], "description": description,
            "last_run_at": None, "outcome": None, "next_due_at": next_due, "late": None}


CRON_FIELDS = ("minute", "hour", "day_of_month", "month_of_year", "day_of_week")
