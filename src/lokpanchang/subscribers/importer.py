"""Bulk import: many subscribers in one transaction, without per-row ORM work.

Places are resolved once per distinct coordinate pair and cities once per distinct
city; rows are written with executemany in chunks (INSERT for new subscribers and their
addresses, UPDATE for addresses already known, which are reactivated like ``subscribe``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from lokpanchang.clock import require_aware
from lokpanchang.places import Place
from lokpanchang.places.batch import lookup_many
from lokpanchang.storage import subscriber_import
from lokpanchang.storage.cities import city_ids, city_key
from lokpanchang.storage.db import Session
from lokpanchang.storage.subscriber_import import ADDRESS, Known
from lokpanchang.subscribers.csvfile import RowProblem
from lokpanchang.subscribers.validation import NewSubscriber

OPTIONAL_COLUMNS = ("name", "language", "send_time")
COLUMN_OF = {"name": "display_name", "language": "language", "send_time": "send_time"}
LOCATION_COLUMNS = ("latitude", "longitude", "timezone", "city_id")
STORED_COLUMNS = (*LOCATION_COLUMNS, *COLUMN_OF.values())


@dataclass
class ImportReport:
    created: int = 0
    updated: int = 0
    resumed: int = 0
    unchanged: int = 0  # active, and the file said nothing new about them: no write, no event
    problems: list[RowProblem] = field(default_factory=list)
    imported: bool = False

    @property
    def written(self) -> int:
        return self.created + self.updated + self.resumed


def import_subscribers(
    session: Session,
    subscribers: list[NewSubscriber],
    now: datetime,
    detail: str = "import",
    columns: Iterable[str] = OPTIONAL_COLUMNS,
) -> ImportReport:
    """Write already-checked subscribers, all on one channel; their addresses must be
    unique within ``subscribers``.

    Addresses already known are updated and reactivated; of the optional fields only those
    in ``columns`` (``name``, ``language``, ``send_time``) overwrite stored values.
    """
    require_aware(now, "now")
    channels = {s.channel for s in subscribers}
    if len(channels) > 1:
        raise ValueError(f"one import is of one channel, not of {', '.join(sorted(channels))}")
    channel = channels.pop() if channels else ""
    places = _resolve_places(subscribers)
    cities = city_ids(session, places.values())
    wanted = [s.address for s in subscribers]
    known = subscriber_import.known_addresses(session, channel, wanted, STORED_COLUMNS)
    rows = [_user_row(s, places[(s.latitude, s.longitude)], cities) for s in subscribers]
    new = [row for row in rows if row[ADDRESS] not in known]
    old = [row for row in rows if row[ADDRESS] in known]
    report = ImportReport(imported=True)
    report.created = subscriber_import.insert_new(session, channel, new, now, detail)
    stored = {COLUMN_OF[name] for name in columns if name in COLUMN_OF}
    changed = [row for row in old if _differs(row, known[row[ADDRESS]], now, stored)]
    report.unchanged = len(old) - len(changed)
    report.updated, report.resumed = _update_known(session, changed, known, now, detail, stored)
    return report


def _differs(row: dict, stored: Known, now: datetime, columns: set[str]) -> bool:
    """True when the row would change the stored subscriber (or resume a stopped one)."""
    if stored.obsoleted_on <= now:
        return True
    return any(
        row[name] != stored.values[name]
        for name in row
        if name in LOCATION_COLUMNS or name in columns
    )


def _resolve_places(subscribers: list[NewSubscriber]) -> dict[tuple[float, float], Place]:
    points = list(dict.fromkeys((s.latitude, s.longitude) for s in subscribers))
    return dict(zip(points, lookup_many(points), strict=True))


def _user_row(s: NewSubscriber, place: Place, cities: dict) -> dict:
    return {
        ADDRESS: s.address,
        "display_name": s.name,
        "latitude": s.latitude,
        "longitude": s.longitude,
        "timezone": place.timezone,
        "city_id": cities[city_key(place)],
        "language": s.language,
        "send_time": s.send_time,
    }


def _update_known(session, rows, known, now, detail, columns) -> tuple[int, int]:
    """Update and reactivate known addresses; only ``columns`` given in the file change."""
    if not rows:
        return 0, 0
    kept = [name for name in rows[0] if name in LOCATION_COLUMNS or name in columns]
    changes = [(known[row[ADDRESS]].id, row) for row in rows]
    subscriber_import.update_and_reactivate(session, changes, kept, now)
    updated = [known[row[ADDRESS]].id for row in rows if known[row[ADDRESS]].obsoleted_on > now]
    resumed = [known[row[ADDRESS]].id for row in rows if known[row[ADDRESS]].obsoleted_on <= now]
    subscriber_import.record_events(session, updated, "updated", now, detail)
    subscriber_import.record_events(session, resumed, "resumed", now, detail)
    return len(updated), len(resumed)
