"""The beat table described for people and checked for freshness.

A schedule is shown as a stable string: ``every 600 s`` for an interval, and
``crontab: minute=5 hour=* day_of_month=* month_of_year=* day_of_week=*`` for a crontab
(fields in cron's order, values exactly as written in ``ops/beat/schedule.py``, UTC).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from celery.schedules import crontab, schedule
from croniter import croniter

from lokpanchang.ops.beat.schedule import RUN_AT_START

CRON_FIELDS = ("minute", "hour", "day_of_month", "month_of_year", "day_of_week")


@dataclass(frozen=True)
class BeatEntry:
    key: str
    task: str
    schedule: object
    runs_at_start: bool = False  # an interval entry beat runs at once when it starts

    @property
    def description(self) -> str:
        return describe_schedule(self.schedule)


def beat_entries(table: dict) -> list[BeatEntry]:
    """Every entry of the beat table (``schedule.beat_schedule``), in its written order."""
    return [
        BeatEntry(key, entry["task"], entry["schedule"], key in RUN_AT_START)
        for key, entry in table.items()
    ]


def describe_schedule(value: object) -> str:
    if isinstance(value, crontab):
        fields = cron_fields(value)
        return "crontab: " + " ".join(f"{name}={fields[name]}" for name in CRON_FIELDS)
    return f"every {_format_seconds(interval_seconds(value))} s"


def interval_seconds(value: object) -> float:
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, timedelta):
        return value.total_seconds()
    if isinstance(value, schedule):
        return float(value.seconds)
    raise TypeError(f"beat schedule {value!r} is neither an interval nor a crontab")


def cron_fields(value: crontab) -> dict[str, str]:
    # The values as written, not celery's expanded sets, so the text is stable and readable.
    return {name: str(getattr(value, f"_orig_{name}")) for name in CRON_FIELDS}


def cron_expression(value: crontab) -> str:
    """The crontab as a five-field cron expression (m h dom mon dow)."""
    fields = cron_fields(value)
    return " ".join(fields[name] for name in CRON_FIELDS)


def _format_seconds(seconds: float) -> str:
    return str(int(seconds)) if float(seconds).is_integer() else str(seconds)


def previous_instant(value: crontab, now: datetime) -> datetime:
    """The latest scheduled instant at or before ``now`` (UTC)."""
    return croniter(cron_expression(value), now + timedelta(microseconds=1)).get_prev(datetime)


def next_instant(value: crontab, after: datetime) -> datetime:
    """The first scheduled instant strictly after ``after`` (UTC)."""
    return croniter(cron_expression(value), after).get_next(datetime)


DAY_NAMES = {
    "mon": "Mondays",
    "tue": "Tuesdays",
    "wed": "Wednesdays",
    "thu": "Thursdays",
    "fri": "Fridays",
    "sat": "Saturdays",
    "sun": "Sundays",
}
DAY_NAMES.update(
    {
        str(n): DAY_NAMES[key]
        for n, key in enumerate(("sun", "mon", "tue", "wed", "thu", "fri", "sat"))
    }
)


def in_words(description: str) -> str:
    """A schedule's stable description for people: ``every 10 min``, ``hourly at :05``,
    ``daily at 02:00 UTC``, ``Mondays at 09:00 UTC``; other crontabs as their cron line."""
    if description.startswith("every "):
        seconds = float(description.split()[1])
        if seconds % 3600 == 0:
            return f"every {seconds / 3600:g} h"
        return f"every {seconds / 60:g} min" if seconds % 60 == 0 else f"every {seconds:g} s"
    fields = dict(part.split("=", 1) for part in description.removeprefix("crontab: ").split())
    minute, hour = fields["minute"], fields["hour"]
    rest = (fields["day_of_month"], fields["month_of_year"])
    if not (minute.isdigit() and rest == ("*", "*")):
        return "cron " + " ".join(fields[name] for name in CRON_FIELDS) + " (UTC)"
    if hour == "*" and fields["day_of_week"] == "*":
        return f"hourly at :{int(minute):02d}"
    if not hour.isdigit():
        return "cron " + " ".join(fields[name] for name in CRON_FIELDS) + " (UTC)"
    at = f"{int(hour):02d}:{int(minute):02d} UTC"
    days = fields["day_of_week"]
    if days == "*":
        return f"daily at {at}"
    return f"{DAY_NAMES[days]} at {at}" if days in DAY_NAMES else f"days {days} at {at}"
