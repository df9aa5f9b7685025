"""Queries shared by the planner, the broadcast, the CLI and the portal (SQLite and PostgreSQL).

Insert-or-ignore uses each dialect's ``ON CONFLICT DO NOTHING``: the unique constraints on
``broadcast_run`` (zone, send time, local date) and ``message_log`` (subscriber, local date)
are what make every step safe to run twice.
"""

from __future__ import annotations

from datetime import date, datetime, time

from sqlalchemy import and_, case, func, literal, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from lokpanchang.clock import require_aware
from lokpanchang.storage.db import affected_rows
from lokpanchang.storage.models import (
    BroadcastRun,
    CityDetail,
    MessageLog,
    PreparedPanchangam,
    SchedulerLock,
    UserDetail,
)

UNFINISHED_LEDGER = ("pending", "claimed", "retry")
"""Ledger states that still owe a send attempt."""


def insert_ignoring_conflicts(session: Session, model):
    """An ``INSERT`` for ``model`` that skips rows hitting a unique constraint."""
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    return dialect.insert(model)


def active_zone_send_times(session: Session, now: datetime) -> list[tuple[str, time]]:
    """Distinct (timezone, send time) of subscribers active at ``now`` (``obsoleted_on > now``).

    Subscribers without a zone yet (location not shared) are left out; zone
    names come back exactly as stored, so the planner can report invalid ones.
    Sorted by zone, then send time.
    """
    require_aware(now, "now")
    statement = (
        select(UserDetail.timezone, UserDetail.send_time)
        .where(UserDetail.obsoleted_on > now, UserDetail.timezone.is_not(None))
        .distinct()
        .order_by(UserDetail.timezone, UserDetail.send_time)
    )
    return [(zone, send_time) for zone, send_time in session.execute(statement) if zone is not None]


def first_subscribed(session: Session, now: datetime) -> dict[tuple[str, time], datetime]:
    """For each active (zone, send time) with a zone, when its earliest active subscriber joined."""
    require_aware(now, "now")
    query = (
        select(UserDetail.timezone, UserDetail.send_time, func.min(UserDetail.created_on))
        .where(UserDetail.timezone.is_not(None), UserDetail.obsoleted_on > now)
        .group_by(UserDetail.timezone, UserDetail.send_time)
    )
    return {
        (zone, send_time): joined
        for zone, send_time, joined in session.execute(query)
        if zone is not None
    }


# Runs ------------------------------------------------------------------------


def insert_run(session: Session, values: dict) -> int | None:
    """Insert a run unless its slot has one; returns the new id, or None when it existed."""
    statement = (
        insert_ignoring_conflicts(session, BroadcastRun)
        .values(**values)
        .on_conflict_do_nothing(index_elements=["timezone", "send_time", "local_date"])
        .returning(BroadcastRun.id)
    )
    return session.execute(statement).scalar_one_or_none()


def run_for_slot(session: Session, zone: str, send_time: time, local_date: date) -> BroadcastRun:
    query = select(BroadcastRun).where(
        BroadcastRun.timezone == zone,
        BroadcastRun.send_time == send_time,
        BroadcastRun.local_date == local_date,
    )
    return session.execute(query).scalar_one()


def run_slots_since(session: Session, since: datetime) -> set[tuple[str, time, date]]:
    """The (zone, send time, local date) of every run due at or after ``since``."""
    query = select(BroadcastRun.timezone, BroadcastRun.send_time, BroadcastRun.local_date).where(
        BroadcastRun.due_at >= since
    )
    return {(zone, send_time, day) for zone, send_time, day in session.execute(query)}


def unfinished_runs_due(session: Session, now: datetime) -> list[BroadcastRun]:
    """Runs whose instant has passed and that are not done, halted or missed."""
    query = (
        select(BroadcastRun)
        .where(
            BroadcastRun.status.in_(("planned", "enqueued", "running")), BroadcastRun.due_at <= now
        )
        .order_by(BroadcastRun.due_at)
    )
    return list(session.execute(query).scalars())


def note_enqueued(session: Session, run_id: int, now: datetime) -> None:
    statement = (
        update(BroadcastRun)
        .where(BroadcastRun.id == run_id)
        .values(
            enqueued_at=now,
            enqueue_count=BroadcastRun.enqueue_count + 1,
            status=case((BroadcastRun.status == "planned", "enqueued"), else_=BroadcastRun.status),
        )
    )
    session.execute(statement)


# Ledger ----------------------------------------------------------------------


def claim_subscribers(
    session: Session, run: BroadcastRun, now: datetime, status: str = "pending"
) -> int:
    """Give every subscriber of ``run``'s slot a ledger row for its local date, once.

    Subscribers who joined after the slot's instant are left out: sign-up sends them
    today's message (``welcome_send``). A subscriber who already has a row for that local
    date (welcome, another zone, an earlier run) keeps it and is not sent again.
    """
    subscribers = select(
        UserDetail.id,
        literal(run.local_date),
        literal(run.id),
        literal(run.timezone),
        literal("daily"),
        literal(status),
        literal(run.due_at, type_=MessageLog.scheduled_at.type),
        literal(run.late),
        literal(0),
    ).where(
        UserDetail.timezone == run.timezone,
        UserDetail.send_time == run.send_time,
        UserDetail.obsoleted_on > now,
        UserDetail.created_on <= run.due_at,
        UserDetail.latitude.is_not(None),
        UserDetail.longitude.is_not(None),
    )
    columns = [
        "user_id",
        "local_date",
        "run_id",
        "timezone",
        "kind",
        "status",
        "scheduled_at",
        "late",
        "attempts",
    ]
    statement = (
        insert_ignoring_conflicts(session, MessageLog)
        .from_select(columns, subscribers)
        .on_conflict_do_nothing(index_elements=["user_id", "local_date"])
        .returning(MessageLog.id)
    )
    # Counted through RETURNING: psycopg reports no rowcount for INSERT .. ON CONFLICT.
    return len(session.execute(statement).all())


def sendable_ledger_ids(
    session: Session, run_id: int, stale_before: datetime, now: datetime
) -> list[int]:
    """Ids of the run's rows that still owe an attempt (stale claims included), in order.

    Rows in 'retry' whose back-off (``retry_at``) has not ended at ``now`` are left out.
    """
    query = (
        select(MessageLog.id)
        .where(MessageLog.run_id == run_id, _sendable(stale_before, now))
        .order_by(MessageLog.id)
    )
    return list(session.execute(query).scalars())


def _sendable(stale_before: datetime, now: datetime):
    # A "claimed" row was never handed to a channel ("sending" marks that), so reclaiming a
    # stale claim cannot double a message. A "retry" row waits for the end of its back-off.
    return or_(
        MessageLog.status == "pending",
        and_(
            MessageLog.status == "retry",
            or_(MessageLog.retry_at.is_(None), MessageLog.retry_at <= now),
        ),
        and_(MessageLog.status == "claimed", MessageLog.claimed_at < stale_before),
    )


def claim_batch(
    session: Session, run_id: int, bounds: tuple[int, int], now: datetime, stale_before: datetime
) -> list[int]:
    """Claim the sendable rows of a batch (conditional update); returns the claimed ids."""
    first, last = bounds
    statement = (
        update(MessageLog)
        .where(
            MessageLog.run_id == run_id,
            MessageLog.id.between(first, last),
            _sendable(stale_before, now),
        )
        .values(status="claimed", claimed_at=now, attempts=MessageLog.attempts + 1)
        .returning(MessageLog.id)
    )
    return sorted(session.execute(statement).scalars())


def defer_retries(session: Session, run_id: int, bounds: tuple[int, int], until: datetime) -> int:
    """Hold a batch's 'retry' rows until ``until`` (the end of its back-off)."""
    first, last = bounds
    statement = (
        update(MessageLog)
        .where(
            MessageLog.run_id == run_id,
            MessageLog.id.between(first, last),
            MessageLog.status == "retry",
        )
        .values(retry_at=until)
    )
    return affected_rows(session.execute(statement))


def set_ledger_status(session: Session, ledger_ids: list[int], status: str, **values) -> None:
    if ledger_ids:
        statement = update(MessageLog).where(MessageLog.id.in_(ledger_ids))
        session.execute(statement.values(status=status, **values))


def update_ledger_rows(session: Session, rows: list[dict]) -> None:
    """Bulk UPDATE by primary key: each dict holds a row's ``id`` and the columns it sets.

    SQLAlchemy makes one executemany of each run of dicts with the same keys, so sorting by
    keys makes a batch of outcomes cost a few statements rather than one per row.
    """
    if rows:
        session.execute(update(MessageLog), sorted(rows, key=sorted))


def subscribers_of_ledger_rows(session: Session, ledger_ids: list[int]) -> dict[int, UserDetail]:
    """The subscriber of each ledger row (loaded into ``session``), keyed by ledger id."""
    query = select(MessageLog.id, UserDetail).join(UserDetail, UserDetail.id == MessageLog.user_id)
    rows = session.execute(query.where(MessageLog.id.in_(ledger_ids)))
    return {ledger_id: user for ledger_id, user in rows}  # noqa: C416 -- a Result is not a mapping


def ledger_counts(session: Session, run_id: int) -> dict[str, int]:
    query = (
        select(MessageLog.status, func.count())
        .where(MessageLog.run_id == run_id)
        .group_by(MessageLog.status)
    )
    return {status: count for status, count in session.execute(query)}  # noqa: C416


def last_ledger_activity(session: Session, run_id: int) -> datetime | None:
    # A back-off ending in the future counts as progress: the batch's own retry is due then.
    query = select(
        func.max(MessageLog.claimed_at), func.max(MessageLog.sent_at), func.max(MessageLog.retry_at)
    ).where(MessageLog.run_id == run_id)
    instants = [value for value in session.execute(query).one() if value is not None]
    return max(instants, default=None)


# Locks in the database (embedded mode) -------------------------------------------


def take_db_lock(session: Session, key: str, now: datetime, expires_at: datetime) -> bool:
    """``SET NX EX`` in SQL: insert the key, or take it over when it has expired."""
    inserted = session.execute(
        insert_ignoring_conflicts(session, SchedulerLock)
        .values(key=key, expires_at=expires_at)
        .on_conflict_do_nothing(index_elements=["key"])
        .returning(SchedulerLock.key)
    ).first()
    if inserted is not None:
        return True
    statement = (
        update(SchedulerLock)
        .where(SchedulerLock.key == key, SchedulerLock.expires_at <= now)
        .values(expires_at=expires_at)
    )
    return affected_rows(session.execute(statement)) == 1


def expire_stale_sending(session: Session, run_id: int, stale_before: datetime) -> int:
    """Rows left 'sending' by a dead worker may have reached the channel: never resend them."""
    statement = (
        update(MessageLog)
        .where(
            MessageLog.run_id == run_id,
            MessageLog.status == "sending",
            MessageLog.claimed_at < stale_before,
        )
        .values(status="ambiguous", error_detail="worker lost during the send")
    )
    return affected_rows(session.execute(statement))


def recipients(session: Session, ledger_ids: list[int]) -> list[tuple]:
    """(ledger row, subscriber) for each of ``ledger_ids``, in id order."""
    query = (
        select(MessageLog, UserDetail)
        .join(UserDetail, UserDetail.id == MessageLog.user_id)
        .where(MessageLog.id.in_(ledger_ids))
        .order_by(MessageLog.id)
    )
    return [tuple(row) for row in session.execute(query)]


def ledger_ids_in(
    session: Session, run_id: int, states: tuple[str, ...], bounds: tuple[int, int] | None = None
) -> list[int]:
    """Ids of the run's rows in ``states`` (within inclusive ``bounds`` when given)."""
    query = select(MessageLog.id).where(MessageLog.run_id == run_id, MessageLog.status.in_(states))
    if bounds is not None:
        query = query.where(MessageLog.id.between(*bounds))
    return list(session.execute(query.order_by(MessageLog.id)).scalars())


# Heartbeats of the worker and beat processes (for /healthz), kept beside the locks ----------


HEARTBEAT_WORKER_PREFIX = "heartbeat:worker:"
HEARTBEAT_BEAT_KEY = "heartbeat:beat"
# When the running beat started; the instant is kept in ``expires_at`` (it never expires).
BEAT_STARTED_KEY = "beat:started"


def record_heartbeat(session: Session, key: str, alive_until: datetime) -> None:
    """Upsert ``key`` (``heartbeat:worker:<host>`` or ``heartbeat:beat``) with its expiry."""
    statement = insert_ignoring_conflicts(session, SchedulerLock).values(
        key=key, expires_at=alive_until
    )
    session.execute(
        statement.on_conflict_do_update(index_elements=["key"], set_={"expires_at": alive_until})
    )


def live_heartbeats(session: Session, prefix: str, now: datetime) -> list[str]:
    query = select(SchedulerLock.key).where(
        SchedulerLock.key.startswith(prefix), SchedulerLock.expires_at > now
    )
    return list(session.execute(query).scalars())


def record_beat_start(session: Session, started_at: datetime) -> None:
    """Remember when beat started (``beat:started``), for ``status`` in other processes."""
    record_heartbeat(session, BEAT_STARTED_KEY, started_at)


def beat_started_at(session: Session) -> datetime | None:
    """When the latest beat started (UTC), or None if no beat ever recorded its start."""
    query = select(SchedulerLock.expires_at).where(SchedulerLock.key == BEAT_STARTED_KEY)
    return session.execute(query).scalar_one_or_none()


# Prepared panchangams -------------------------------------------------------------


def slot_places(session: Session, run: BroadcastRun, now: datetime) -> list[tuple]:
    """Distinct (latitude, longitude, city name or None) of the active subscribers of
    ``run``'s slot: the places whose panchangams its batches will need."""
    query = (
        select(UserDetail.latitude, UserDetail.longitude, CityDetail.city)
        .outerjoin(CityDetail, CityDetail.id == UserDetail.city_id)
        .where(
            UserDetail.timezone == run.timezone,
            UserDetail.send_time == run.send_time,
            UserDetail.obsoleted_on > now,
            UserDetail.latitude.is_not(None),
            UserDetail.longitude.is_not(None),
        )
        .distinct()
    )
    return [tuple(row) for row in session.execute(query)]


def prepared_values(session: Session, keys: list[str]) -> dict[str, dict]:
    """The stored panchangams among ``keys`` (key -> ``to_dict()`` value)."""
    found: dict[str, dict] = {}
    for start in range(0, len(keys), 500):  # bounded IN lists
        chunk = keys[start : start + 500]
        query = select(PreparedPanchangam.key, PreparedPanchangam.value).where(
            PreparedPanchangam.key.in_(chunk)
        )
        found.update({key: value for key, value in session.execute(query)})  # noqa: C416
    return found


def store_prepared(session: Session, rows: list[dict]) -> None:
    """Insert ``{key, local_date, value, created_at}`` rows; a key already stored is kept."""
    if rows:
        statement = insert_ignoring_conflicts(session, PreparedPanchangam).on_conflict_do_nothing(
            index_elements=["key"]
        )
        session.execute(statement, rows)
