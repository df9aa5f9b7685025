"""`lokpanchang schedule`: the beat table as operators see it."""

from __future__ import annotations

import json

from lokpanchang.ops.beatinfo import beat_entries


def register(subparsers) -> None:
    schedule = subparsers.add_parser("schedule", help="print the beat schedule (UTC)")
    schedule.add_argument("--json", action="store_true", help="as a JSON list of key/task/schedule")
    schedule.set_defaults(handler=_schedule)


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
