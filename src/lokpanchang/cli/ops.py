"""`lokpanchang schedule|status|reports`: the beat table, its health, and stored reports."""

from __future__ import annotations

import json

from lokpanchang import clock
from lokpanchang.config import get_settings
from lokpanchang.ops.beat.entries import beat_entries


def register(subparsers) -> None:
    schedule = subparsers.add_parser("schedule", help="print the beat schedule (UTC)")
    schedule.add_argument("--json", action="store_true", help="as a JSON list of key/task/schedule")
    schedule.set_defaults(handler=_schedule)
    register_status(subparsers)


def schedule_rows() -> list[dict[str, str]]:
    return [{"key": e.key, "task": e.task, "schedule": e.description} for e in beat_entries()]


def _schedule(args) -> int:
    rows = schedule_rows()
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    width = max(len(row["key"]) for row in rows)
    for row in rows:
        print(f"{row['key']:<{width}}  {row['task']:<38}  {row['schedule']}")
    return 0


def register_status(subparsers) -> None:
    status = subparsers.add_parser(
        "status", help="beat entries (ok/late/missed), workers, Redis and database"
    )
    status.add_argument("--json", action="store_true")
    status.set_defaults(handler=_status)
    reports = subparsers.add_parser("reports", help="stored weekly reports, newest first")
    reports.set_defaults(handler=_reports)


def _status(args) -> int:
    from lokpanchang.ops.health.status import overall_ok, system_status
    from lokpanchang.tasks.app import create_celery

    settings = get_settings()
    app = create_celery(settings)
    try:
        report = system_status(settings, clock.now(), app)
    finally:
        app.close()
    print(json.dumps(report, indent=2) if args.json else _status_text(report))
    return 0 if overall_ok(report) else 1


def _status_text(report: dict) -> str:
    lines = [f"{'entry':<24} {'status':<7} {'last started':<33} next due"]
    for entry in report["entries"]:
        lines.append(
            f"{entry['key']:<24} {entry['status']:<7} "
            f"{entry['last_started_at'] or 'never':<33} {entry['next_due_at'] or '-'}"
        )
    for name in ("beat", "database", "redis", "workers"):
        lines.append(f"{name}: {json.dumps(report[name])}")
    return "\n".join(lines)


def _reports(args) -> int:
    from lokpanchang.ops.reports.weekly import list_reports

    for path in list_reports(get_settings()):
        print(path.resolve())
    return 0
