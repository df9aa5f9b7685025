"""Bulk import: many subscribers in one transaction, without per-row ORM work.

Places are resolved once per distinct coordinate pair and cities once per distinct
city; rows are written with executemany in chunks (INSERT for new subscribers and their
addresses, UPDATE for addresses already known, which are reactivated like ``subscribe``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import cast

from sqlalchemy import Table, bindparam, func, literal, select
from sqlalchemy.orm import Session

from lokpanchang.clock import require_aware
from lokpanchang.places import Place
from lokpanchang.places.batch import lookup_many
from lokpanchang.storage.addresses import ADDRESSES, insert_addresses
from lokpanchang.storage.cities import city_ids, city_key
from lokpanchang.storage.models import FOREVER, SubscriptionEvent, UserDetail, UTCDateTime
from lokpanchang.subscribers.csvfile import RowProblem
from lokpanchang.subscribers.validation import NewSubscriber

CHUNK = 2000
WHOLE_TABLE_ABOVE = 5 * CHUNK
OPTIONAL_COLUMNS = ("name", "language", "send_time")
COLUMN_OF = {"name": "display_name", "language": "language", "send_time": "send_time"}
LOCATION_COLUMNS = ("latitude", "longitude", "timezone", "city_id")
STORED_COLUMNS = (*LOCATION_COLUMNS, *COLUMN_OF.values())
USERS = cast(Table, UserDetail.__table__)
ADDRESS = "address"  # a row's key of the subscriber's address (not a user_detail column)
EVENTS = cast(Table, SubscriptionEvent.__table__)


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
    known = _known_addresses(session, channel, [s.address for s in subscribers])
    rows = [_user_row(s, places[(s.latitude, s.longitude)], cities) for s in subscribers]
    new = [row for row in rows if row[ADDRESS] not in known]
    old = [row for row in rows if row[ADDRESS] in known]
    report = ImportReport(imported=True)
    report.created = _insert_new(session, channel, new, now, detail)
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


@dataclass(frozen=True)
class Known:
    """An address already stored: its subscriber's id, when it stops, and the columns an import may set."""

    id: int
    obsoleted_on: datetime
    values: dict


def _known(row) -> Known:
    mapping = row._mapping
    return Known(row.id, row.obsoleted_on, {name: mapping[name] for name in STORED_COLUMNS})


def _known_addresses(session: Session, channel: str, addresses: list[str]) -> dict[str, Known]:
    """``address -> Known`` for the addresses on ``channel`` already in the database.

    Many addresses: one pass over the table. Chunks of ``IN (...)`` turn into one full
    scan each when PostgreSQL's statistics still describe an empty table (measured:
    ~10 s per chunk at 100,000 rows), and one pass costs about as much as one chunk.
    """
    columns = (
        select(
            USERS.c.id,
            ADDRESSES.c.address,
            USERS.c.obsoleted_on,
            *(USERS.c[n] for n in STORED_COLUMNS),
        )
        .join(ADDRESSES, ADDRESSES.c.user_id == USERS.c.id)
        .where(ADDRESSES.c.channel == channel)
    )
    if len(addresses) > WHOLE_TABLE_ABOVE:
        wanted = set(addresses)
        rows = session.execute(columns)
        return {row.address: _known(row) for row in rows if row.address in wanted}
    known: dict[str, Known] = {}
    for start in range(0, len(addresses), CHUNK):
        query = columns.where(ADDRESSES.c.address.in_(addresses[start : start + CHUNK]))
        known.update((row.address, _known(row)) for row in session.execute(query))
    return known


def _insert_new(
    session: Session, channel: str, rows: list[dict], now: datetime, detail: str
) -> int:
    """Insert new subscribers, their addresses and their ``subscribed`` events.

    Plain executemany (INSERT ... RETURNING in executemany measured 4x slower on
    PostgreSQL); the rows just added are the ids above the previous maximum created at this
    import's instant, in the order they were written (so a sign-up at the same moment is
    not among them); their addresses follow in one executemany, and the events in one
    INSERT ... SELECT.
    """
    before = session.scalar(select(func.max(USERS.c.id))) or 0
    extra = {"created_on": now, "obsoleted_on": FOREVER, "undeliverable_days": 0}
    extra |= {"channel": channel}
    for start in range(0, len(rows), CHUNK):
        chunk = [_without_address(row) | extra for row in rows[start : start + CHUNK]]
        session.execute(USERS.insert(), chunk)
    mine = (USERS.c.id > before) & (USERS.c.created_on == now)
    ids = session.scalars(select(USERS.c.id).where(mine).order_by(USERS.c.id)).all()
    insert_addresses(session, channel, list(zip(ids, (row[ADDRESS] for row in rows))), now)
    added = select(
        USERS.c.id,
        literal("subscribed"),
        literal(now, UTCDateTime()),
        literal(detail),
    ).where(mine)
    session.execute(EVENTS.insert().from_select(["user_id", "kind", "at", "detail"], added))
    return len(rows)


def _without_address(row: dict) -> dict:
    return {name: value for name, value in row.items() if name != ADDRESS}


def _update_known(session, rows, known, now, detail, columns) -> tuple[int, int]:
    """Update and reactivate known addresses; only ``columns`` given in the file change."""
    if not rows:
        return 0, 0
    kept = [name for name in rows[0] if name in LOCATION_COLUMNS or name in columns]
    statement = (
        USERS.update()
        .where(USERS.c.id == bindparam("user_id"))
        .values({**{name: bindparam(f"new_{name}") for name in kept}, **_reactivated(now)})
    )
    # Bound names differ from column names: SQLAlchemy reserves those for SET.
    params = [
        {**{f"new_{n}": row[n] for n in kept}, "user_id": known[row[ADDRESS]].id} for row in rows
    ]
    for start in range(0, len(params), CHUNK):
        session.execute(statement, params[start : start + CHUNK])
    updated = [known[row[ADDRESS]].id for row in rows if known[row[ADDRESS]].obsoleted_on > now]
    resumed = [known[row[ADDRESS]].id for row in rows if known[row[ADDRESS]].obsoleted_on <= now]
    _record(session, updated, "updated", now, detail)
    _record(session, resumed, "resumed", now, detail)
    return len(updated), len(resumed)


def _reactivated(now: datetime) -> dict:
    return {
        "obsoleted_on": FOREVER,
        "updated_on": now,
        "disabled_reason": None,
        "undeliverable_days": 0,
    }


def _record(session: Session, user_ids: list[int], kind: str, now: datetime, detail: str) -> None:
    events = [{"user_id": uid, "kind": kind, "at": now, "detail": detail} for uid in user_ids]
    for start in range(0, len(events), CHUNK):
        session.execute(EVENTS.insert(), events[start : start + CHUNK])
