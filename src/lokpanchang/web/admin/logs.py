"""Log backups (list, view, search, errors only, download) and the beat status page."""

from __future__ import annotations

import io
from datetime import date, datetime

from flask import abort, render_template, request, send_file

from lokpanchang import clock
from lokpanchang.ops.beat import monitor as beatmonitor
from lokpanchang.ops.beat.entries import in_words
from lokpanchang.ops.beat.schedule import beat_schedule
from lokpanchang.ops.log_archives import backup as logbackup
from lokpanchang.web import app_settings
from lokpanchang.web.admin import bp, logfiles


def _root():
    return logbackup.archive_root(app_settings())


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
    return render_template(
        "admin/log_day.html",
        day=day,
        lines=lines,
        truncated=truncated,
        search=search,
        errors_only=errors_only,
        limit=logfiles.MAX_LINES,
    )


@bp.get("/logs/<day>/archive.tar.gz")
def log_archive(day: str):
    data = logfiles.archive(_folder(day))
    return send_file(
        io.BytesIO(data),
        mimetype="application/gzip",
        as_attachment=True,
        download_name=f"lokpanchang-logs-{day}.tar.gz",
    )


@bp.get("/beat")
def beat():
    now = clock.now()
    return render_template("admin/beat.html", rows=beat_rows(now), now=now)


def beat_rows(now: datetime) -> list[dict]:
    """Every beat entry: schedule, last start and finish, outcome, next due, ok/late/missed."""
    settings = app_settings()
    table = beat_schedule(settings)
    states = beatmonitor.entry_states(settings.effective_database_url, now, table)
    return [_row(state, stored) for state, stored in states]


def _row(state, stored) -> dict:
    return {
        "key": state.key,
        "task": state.task,
        "description": state.schedule,
        "in_words": in_words(state.schedule),
        "last_run_at": state.last_started_at,
        "last_finished_at": getattr(stored, "last_finished_at", None),
        "outcome": getattr(stored, "last_outcome", None),
        "error": getattr(stored, "last_error", None),
        "next_due_at": state.next_due_at,
        "status": state.status,
    }
