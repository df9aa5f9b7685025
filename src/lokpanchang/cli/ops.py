"""`lokpanchang schedule|status|reports`: the beat table, its health, and stored reports."""

from __future__ import annotations

import json

from lokpanchang import clock
from lokpanchang.cli import summary
from lokpanchang.config import Settings
from lokpanchang.ops.beat.entries import beat_entries
from lokpanchang.ops.beat.schedule import beat_schedule


def register(subparsers) -> None:
    schedule = subparsers.add_parser("schedule", help=summary("schedule"))
    schedule.add_argument("--json", action="store_true", help="as a JSON list of key/task/schedule")
    schedule.set_defaults(handler=_schedule)
    register_status(subparsers)


def schedule_rows(settings: Settings) -> list[dict[str, str]]:
    """The beat table ``settings`` make, as ``schedule`` prints it."""
    entries = beat_entries(beat_schedule(settings))
    return [{"key": e.key, "task": e.task, "schedule": e.description} for e in entries]


def _schedule(args) -> int:
    rows = schedule_rows(args.services().settings)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    width = max(len(row["key"]) for row in rows)
    for row in rows:
        print(f"{row['key']:<{width}}  {row['task']:<38}  {row['schedule']}")
    return 0


def register_status(subparsers) -> None:
    status = subparsers.add_parser("status", help=summary("status"))
    status.add_argument("--json", action="store_true")
    status.set_defaults(handler=_status)
    reports = subparsers.add_parser("reports", help=summary("reports"))
    reports.set_defaults(handler=_reports)


def _status(args) -> int:
    from lokpanchang.ops.health.status import overall_ok, system_status
    from lokpanchang.tasks.app import create_celery

    settings = args.services().settings
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
    if report["entries_error"]:
        lines.append(f"(beat entries unknown: {report['entries_error']})")
    lines.append("")
    lines.append(f"{'beat':<9} {_beat_text(report['beat'])}")
    lines.append(f"{'database':<9} {_probe_text(report['database'])}")
    lines.append(f"{'redis':<9} {_probe_text(report['redis'])}")
    lines.append(f"{'workers':<9} {_workers_text(report['workers']['alive'])}")
    return "\n".join(lines)


def _beat_text(beat: dict) -> str:
    if beat["alive"] is None:
        return "unknown (the database did not answer)"
    return f"running since {beat['started_at']}" if beat["alive"] else "not running"


def _probe_text(probe: dict) -> str:
    if probe["ok"] is None:
        reason = probe["detail"].get("reason", "not checked")
        return "not configured" + (" (embedded mode)" if "embedded" in reason else "")
    if probe["ok"]:
        return f"ok ({probe['latency_ms']} ms)"
    return f"DOWN: {probe['error']}"


def _workers_text(alive: int | None) -> str:
    if alive is None:
        return "unknown (no heartbeat table or ping)"
    return f"{alive} alive" if alive else "none alive"


def _reports(args) -> int:
    from lokpanchang.ops.reports.weekly import list_reports, reports_dir

    settings = args.services().settings
    found = list_reports(settings)
    for path in found:
        print(path.resolve())
    if not found:
        print(
            f"no weekly report yet in {reports_dir(settings).resolve()} (beat writes one every "
            "Monday at 09:00 UTC; `lokpanchang jobs create --kind report --at …` makes one sooner)"
        )
    return 0
