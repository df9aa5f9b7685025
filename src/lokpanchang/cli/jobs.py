"""`lokpanchang jobs create|list|pause|resume`: operator-defined schedules."""

from __future__ import annotations

import json
from datetime import datetime

from lokpanchang import clock
from lokpanchang.cli import CommandError, summary
from lokpanchang.ops.jobs import lifecycle as jobs


def register(subparsers) -> None:
    parser = subparsers.add_parser("jobs", help=summary("jobs"))
    actions = parser.add_subparsers(dest="jobs_command", required=True, metavar="ACTION")
    _register_create(actions)
    listing = actions.add_parser("list", help="every job with its next run and status")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(handler=_list)
    for name, paused in (("pause", True), ("resume", False)):
        action = actions.add_parser(name, help=f"{name} a job")
        action.add_argument("job_id", type=int)
        action.set_defaults(handler=_toggle, paused=paused)


def _register_create(actions) -> None:
    create = actions.add_parser("create", help="create a job (once --at, or repeating --cron)")
    create.add_argument("--kind", required=True, choices=jobs.KINDS)
    create.add_argument("--name", default="")
    create.add_argument(
        "--at", help="run once at this instant, ISO 8601 with offset, e.g. 2026-12-01T01:00:00Z"
    )
    create.add_argument("--cron", help="repeat by this cron expression, e.g. '30 6 * * *'")
    create.add_argument("--cron-zone", default="UTC", help="zone the cron expression is read in")
    create.add_argument("--audience", choices=jobs.AUDIENCES, help="announcement recipients")
    create.add_argument("--text", help="announcement text")
    create.add_argument("--zone", help="announcement or backfill zone, e.g. Asia/Kolkata")
    create.add_argument("--subscriber", type=int, help="announcement subscriber id")
    create.add_argument("--date", help="backfill local date, YYYY-MM-DD")
    create.set_defaults(handler=_create)


def _payload(args) -> dict:
    if args.kind == "announcement":
        return {
            key: value
            for key, value in {
                "audience": args.audience,
                "text": args.text,
                "zone": args.zone,
                "subscriber_id": args.subscriber,
            }.items()
            if value is not None
        }
    if args.kind == "backfill":
        return {"zone": args.zone, "date": args.date}
    return {}


def _instant(text: str | None) -> datetime | None:
    if text is None:
        return None
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise CommandError(
            f"--at {text!r} is not an ISO 8601 instant, e.g. 2026-12-01T01:00Z"
        ) from None


def _create(args) -> int:
    url = args.services().database_url
    try:
        job_id = jobs.create_job(
            url,
            clock.now(),
            kind=args.kind,
            payload=_payload(args),
            name=args.name,
            run_at=_instant(args.at),
            cron=args.cron,
            cron_zone=args.cron_zone,
        )
    except jobs.JobError as exc:
        raise CommandError(str(exc)) from None
    job = next(j for j in jobs.list_jobs(url) if j.id == job_id)
    print(f"job {job_id} created; next run {_shown(job.next_run_at)}")
    return 0


def job_dict(job) -> dict:
    return {
        "id": job.id,
        "name": job.name,
        "kind": job.kind,
        "payload": job.payload,
        "cron": job.cron,
        "cron_zone": job.cron_zone,
        "status": job.status,
        "next_run_at": job.next_run_at.isoformat() if job.next_run_at else None,
        "last_run_at": job.last_run_at.isoformat() if job.last_run_at else None,
        "run_count": job.run_count,
        "last_error": job.last_error,
    }


def _list(args) -> int:
    rows = [job_dict(job) for job in jobs.list_jobs(args.services().database_url)]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        when = (row["cron"] and f"cron '{row['cron']}' {row['cron_zone']}") or "once"
        print(
            f"{row['id']:>5}  {row['kind']:<12} {row['status']:<8} next {row['next_run_at']}  "
            f"{when}  {row['name']}"
        )
    return 0


def _toggle(args) -> int:
    try:
        job = jobs.set_paused(args.services().database_url, args.job_id, args.paused, clock.now())
    except jobs.JobError as exc:
        raise CommandError(str(exc)) from None
    print(f"job {job.id} is {job.status}; next run {_shown(job.next_run_at)}")
    return 0


def _shown(value: datetime | None) -> str:
    return value.isoformat() if value else "none"
