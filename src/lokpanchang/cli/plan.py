"""`lokpanchang plan`: the slots planner passes would enqueue.

A dry run of the forward rule: locks and run rows are ignored, nothing is written.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from datetime import datetime, time, timedelta

from lokpanchang import clock
from lokpanchang.cli import CommandError, summary
from lokpanchang.config import parse_send_time
from lokpanchang.planning import PlanResult, Slot, is_valid_zone, simulate_passes, wall_clock_at

Pairs = list[tuple[str, time]]
NEXT_DAY = timedelta(hours=24)
_LONGEST_PERIOD_S = 366 * 86400

EPILOG = """\
INSTANT is ISO 8601 with an offset, e.g. 2026-03-01T00:50Z or 2026-03-01T06:20+05:30.
--at: one pass (window [INSTANT, INSTANT + PLANNER_LOOKAHEAD)).
--from/--to: passes every --every seconds (default PLANNER_PERIOD) from A to B inclusive;
each slot is listed once. Neither: the next 24 hours from now. Without --zone the zones and send times come from the active
subscribers in the database (DATABASE_URL); --send-time then keeps only that send time.
"""


def register(subparsers) -> None:
    plan = subparsers.add_parser(
        "plan",
        help=summary("plan"),
        epilog=EPILOG,
        description="Show the slots planner passes would enqueue. Locks are ignored.",
    )
    when = plan.add_mutually_exclusive_group()
    when.add_argument("--at", metavar="INSTANT", help="one planner pass at INSTANT")
    when.add_argument("--from", dest="start", metavar="A", help="first of successive passes")
    plan.add_argument("--to", dest="end", metavar="B", help="last pass is at or before B")
    plan.add_argument(
        "--every", metavar="SECONDS", help="seconds between passes (default PLANNER_PERIOD)"
    )
    plan.add_argument(
        "--zone",
        action="append",
        metavar="ZONE",
        help="IANA zone instead of the database (repeatable)",
    )
    plan.add_argument(
        "--send-time", metavar="HH:MM", help="local send time (default DEFAULT_SEND_TIME)"
    )
    plan.add_argument("--json", action="store_true", help="print a JSON list of slots")
    plan.set_defaults(handler=run)


def run(args) -> int:
    settings = args.services().settings
    lookahead = timedelta(seconds=settings.planner_lookahead)
    if args.at is not None:
        _refuse_range_options(args)
        start = end = parse_instant(args.at, "--at")
        every = timedelta(seconds=settings.planner_period)
    elif args.start is None:
        if args.end is not None:
            raise CommandError(f"--to {args.end!r} goes with --from")
        start = clock.now()
        end = start + NEXT_DAY
        every = timedelta(seconds=_seconds(args.every, settings.planner_period))
    else:
        start, end, every = _range(args, settings.planner_period)
    send_time = _send_time(args.send_time) if args.send_time else None
    zones_at = _zones_source(
        args.zone, send_time or settings.default_send_time, send_time, settings
    )
    result = simulate_passes(start, end, every, zones_at, lookahead)
    _report_invalid(result)
    slots = [s for s in result.slots if args.start or args.at or s.due_at < start + NEXT_DAY]
    print(_as_json(slots) if args.json else _as_table(slots))
    return 0


def parse_instant(text: str, option: str) -> datetime:
    """An aware datetime from ISO 8601 text with an offset or Z; CommandError naming the value otherwise."""
    try:
        instant = datetime.fromisoformat(text.strip())
    except ValueError:
        raise CommandError(
            f"{option} {text!r} is not an ISO 8601 instant, e.g. 2026-03-01T00:50Z"
        ) from None
    if instant.tzinfo is None:
        raise CommandError(f"{option} {text!r} has no UTC offset; add Z or an offset like +05:30")
    return instant


def _send_time(text: str) -> time:
    try:
        return parse_send_time(text)
    except ValueError as exc:
        raise CommandError(f"--send-time: {exc}") from None


def _refuse_range_options(args) -> None:
    for option, value in (("--to", args.end), ("--every", args.every)):
        if value is not None:
            raise CommandError(f"{option} {value!r} goes with --from, not --at")


def _range(args, default_period: int) -> tuple[datetime, datetime, timedelta]:
    if args.end is None:
        raise CommandError(
            "--from needs --to, e.g. --from 2026-03-01T00:00Z --to 2026-03-02T00:00Z"
        )
    start, end = parse_instant(args.start, "--from"), parse_instant(args.end, "--to")
    if end < start:
        raise CommandError(f"--to {args.end!r} is before --from {args.start!r}")
    return start, end, timedelta(seconds=_seconds(args.every, default_period))


def _seconds(text: str | None, default: int) -> float:
    if text is None:
        return default
    try:
        seconds = float(text)
    except ValueError:
        raise CommandError(f"--every {text!r} is not a number of seconds") from None
    if not 0 < seconds < _LONGEST_PERIOD_S:
        raise CommandError(f"--every {text!r} must be more than 0 seconds and less than a year")
    return seconds


def _zones_source(
    zones: list[str] | None, zone_send_time: time, only_send_time: time | None, settings
) -> Callable[[datetime], Pairs]:
    """Where each pass gets its (zone, send time) pairs: the --zone list, or the database."""
    if zones:
        bad = [zone for zone in zones if not is_valid_zone(zone)]
        if bad:
            raise CommandError(f"--zone {bad[0]!r} is not an IANA zone name (e.g. Asia/Kolkata)")
        pairs = [(zone, zone_send_time) for zone in zones]
        return lambda _instant: pairs
    return _database_source(settings.effective_database_url, only_send_time)


def _database_source(url: str, only_send_time: time | None) -> Callable[[datetime], Pairs]:
    # Imported here so `plan --zone` works without touching the database layer at all.
    from lokpanchang.storage.audience import active_zone_send_times
    from lokpanchang.storage.db import DatabaseError, missing_sqlite_file, session_factory

    missing = missing_sqlite_file(url)
    if missing is not None:  # a dry run must not create an empty SQLite file
        raise CommandError(
            f"no database at {missing!r}; run `lokpanchang db upgrade` or pass --zone"
        )
    sessions = session_factory(url)

    def zones_at(instant: datetime) -> Pairs:
        try:
            with sessions() as session:
                pairs = active_zone_send_times(session, instant)
        except DatabaseError as exc:
            raise CommandError(
                f"cannot read subscribers from the database: {exc.__class__.__name__}: "
                f"{str(exc).splitlines()[0]} (run `lokpanchang db upgrade`?)"
            ) from None
        return [p for p in pairs if only_send_time is None or p[1] == only_send_time]

    return zones_at


def _report_invalid(result: PlanResult) -> None:
    for zone in result.invalid_zones:
        print(
            f"lokpanchang: warning: stored time zone {zone!r} is not an IANA zone; "
            "its subscribers were not planned",
            file=sys.stderr,
        )


def _as_json(slots: Iterable[Slot]) -> str:
    return json.dumps([slot.to_dict() for slot in slots], indent=2)


def _as_table(slots: Iterable[Slot]) -> str:
    rows = [("due (UTC)", "local wall time", "timezone", "local date", "send")]
    for slot in slots:
        local = wall_clock_at(slot.timezone, slot.due_at)
        rows.append(
            (
                f"{slot.due_at:%Y-%m-%d %H:%M}",
                local.strftime("%Y-%m-%d %H:%M %z"),
                slot.timezone,
                slot.local_date.isoformat(),
                f"{slot.send_time:%H:%M}",
            )
        )
    if len(rows) == 1:
        return "no slots due"
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows
    )
