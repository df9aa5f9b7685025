"""SQL for the ledgers: ``message_log`` (one daily panchangam per subscriber and local date),
``announcement_log`` (one announcement per job run and subscriber), ``notice_log`` (a
notice to a subscriber, once per occasion) and ``reply_log`` (a direct send to an address,
once per cause: ``storage.reply_log``).

All have the same life (``storage.states.LedgerStatus``) and the same columns for it, so
every function that claims, moves or records rows takes the ledger's model. A claim is a
conditional UPDATE (two workers never take one row); every move names the states it may come
from (``states.sources``), so no statement can move a row backwards.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import date, datetime
from typing import cast

from sqlalchemy import (
    ColumnElement,
    String,
    Table,
    and_,
    any_,
    bindparam,
    func,
    literal_column,
    or_,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Session, lazyload

from lokpanchang.storage import batch_rows, reply_log
from lokpanchang.storage.db import (
    affected_rows,
    bulk_update,
    in_chunks,
    insert_ignoring_conflicts,
)
from lokpanchang.storage.models import (
    AnnouncementLog,
    MessageLog,
    NoticeLog,
    ReplyLog,
    UserDetail,
)
from lokpanchang.storage.states import OWED_LEDGER, LedgerKind, LedgerStatus, sources

Ledger = type[MessageLog] | type[AnnouncementLog] | type[NoticeLog] | type[ReplyLog]

# The ledgers, as the layers above name them to the functions here (they import no models).
DAILY: Ledger = MessageLog
"""``message_log``: the daily panchangam, one per subscriber and local date."""
ANNOUNCEMENTS: Ledger = AnnouncementLog
"""``announcement_log``: one announcement per job run and subscriber."""
NOTICES: Ledger = NoticeLog
"""``notice_log``: a notice to a subscriber, once per occasion."""
REPLIES: Ledger = ReplyLog
"""``reply_log``: a reply, a test message or a confirmation to an address, once per cause."""

L = LedgerStatus


def id_in(session: Session, column, ids: Sequence[int]) -> ColumnElement[bool]:
    """``column IN (ids)``; on PostgreSQL ``column = ANY(CAST(:ids AS <type>[]))``, one
    array parameter instead of one per id (a batch's statements carry hundreds), written as
    the array's text ``{1,2,3}``: psycopg adapts a list of ints element by element, twice
    the client's CPU a statement for 500 ids (bench/storage/id_in.py)."""
    if session.get_bind().dialect.name != "postgresql":
        return column.in_(ids)
    array = "{" + ",".join(map(str, ids)) + "}"
    return column == any_(bindparam(None, array, type_=String).cast(ARRAY(column.type)))


def status_in(model, states) -> ColumnElement[bool]:
    """``status IN ('a', 'b')`` with the states as literals (usable in executemany)."""
    return model.status.in_([literal_column(f"'{LedgerStatus(state).value}'") for state in states])


# Rows owed a send ---------------------------------------------------------------------


def insert_rows(
    session: Session, model: Ledger, rows: list[dict], unique: list[str]
) -> list[tuple[int, int]]:
    """Insert ``rows`` into ``model``, skipping those whose ``unique`` key exists; the new
    rows' (id, subscriber id), in id order."""
    found: list[tuple[int, int]] = []
    for chunk in in_chunks(rows):
        statement = (
            insert_ignoring_conflicts(session, model)
            .values(list(chunk))
            .on_conflict_do_nothing(index_elements=unique)
            .returning(model.id, model.user_id)
        )
        found.extend(tuple(row) for row in session.execute(statement))
    return sorted(found)


def sendable(model: Ledger, stale_before: datetime, now: datetime):
    """Rows that owe an attempt now: pending or prepared; retry whose back-off has ended; a
    stale claim. (Only a running run's batches take prepared rows: at or after its instant.)

    A claimed row was never handed to a channel ('sending' marks that), so taking a stale
    claim again cannot double a message.
    """
    return or_(
        model.status.in_((L.PENDING, L.PREPARED)),
        and_(model.status == L.RETRY, or_(model.retry_at.is_(None), model.retry_at <= now)),
        and_(model.status == L.CLAIMED, model.claimed_at < stale_before),
    )


def sendable_ids(
    session: Session, model: Ledger, where, stale_before: datetime, now: datetime
) -> list[int]:
    """Ids of the rows matching ``where`` that owe an attempt now, in order."""
    query = select(model.id).where(where, sendable(model, stale_before, now)).order_by(model.id)
    return list(session.execute(query).scalars())


def sendable_bounds(
    session: Session, model: Ledger, where, stale_before: datetime, now: datetime, size: int
) -> list[tuple[int, int]]:
    """The rows matching ``where`` that owe an attempt now, cut into consecutive batches of
    at most ``size`` in id order, as inclusive (first id, last id) bounds. Cut by the
    database, so the caller never holds every id of a run (a million at a time).

    A run's rows are written by one statement, so their ids are nearly consecutive: then
    the id range is cut in steps of ``size`` (one aggregate; numbering a million rows took
    a second at the instant); where more than half the range is other rows, by numbering.
    """
    owing = sendable(model, stale_before, now)
    span = select(func.min(model.id), func.max(model.id), func.count()).where(where, owing)
    first, last, count = session.execute(span).one()
    if not count:
        return []
    if last - first + 1 <= 2 * count:
        return [(low, min(low + size - 1, last)) for low in range(first, last + 1, size)]
    numbered = (
        select(model.id, ((func.row_number().over(order_by=model.id) - 1) // size).label("batch"))
        .where(where, owing)
        .subquery()
    )
    query = select(func.min(numbered.c.id), func.max(numbered.c.id)).group_by(numbered.c.batch)
    return [(first, last) for first, last in session.execute(query.order_by(numbered.c.batch))]


def claim(session: Session, model: Ledger, where, now: datetime, stale_before: datetime) -> list:
    """Claim the sendable rows matching ``where`` (a conditional update); the claimed ids."""
    statement = (
        bulk_update(model)
        .where(where, sendable(model, stale_before, now))
        .values(status=L.CLAIMED, claimed_at=now, attempts=model.attempts + 1)
        .returning(model.id)
    )
    return sorted(session.execute(statement).scalars())


def run_rows(run_id: int, bounds: tuple[int, int] | None = None):
    """The ``message_log`` rows of a run (within inclusive id ``bounds`` when given)."""
    where = MessageLog.run_id == run_id
    return and_(where, MessageLog.id.between(*bounds)) if bounds else where


def backfill_rows(zone: str, day: date, bounds: tuple[int, int] | None = None):
    """The ledger rows a backfill of ``zone`` for ``day`` owns (kind ``backfill``, no run;
    within inclusive id ``bounds`` when given)."""
    where = and_(
        MessageLog.kind == LedgerKind.BACKFILL,
        MessageLog.run_id.is_(None),
        MessageLog.timezone == zone,
        MessageLog.local_date == day,
    )
    return and_(where, MessageLog.id.between(*bounds)) if bounds else where


# Moving rows --------------------------------------------------------------------------


def move(session: Session, model: Ledger, ids: list[int], target: LedgerStatus, **values) -> int:
    """Move the rows among ``ids`` whose state allows it to ``target``; how many moved."""
    if not ids:
        return 0
    moved = 0
    for chunk in in_chunks(ids):
        statement = bulk_update(model).where(
            id_in(session, model.id, chunk), status_in(model, sources(target))
        )
        moved += affected_rows(session.execute(statement.values(status=target, **values)))
    return moved


def move_where(session: Session, model: Ledger, where, target: LedgerStatus, **values) -> int:
    """Move every row matching ``where`` whose state allows it to ``target``."""
    statement = bulk_update(model).where(where, status_in(model, sources(target)))
    return affected_rows(session.execute(statement.values(status=target, **values)))


# Reading ------------------------------------------------------------------------------


def with_subscribers(session: Session, model: Ledger, row_ids: list[int]) -> list[tuple]:
    """(row, subscriber) for each of ``row_ids``, in id order; a direct send's recipient is
    an address, maybe no subscriber's (``reply_log.Recipient``)."""
    if not row_ids:
        return []
    if model is ReplyLog:
        return reply_log.with_recipients(session, row_ids)
    return batch_rows.with_subscribers(session, model, id_in(session, model.id, row_ids))


def pin_numbers(session: Session, numbers: dict[int, str]) -> None:
    """Pin each subscriber (by id) to our number (a WhatsApp phone-number id): one UPDATE
    per number (a zone's batch spreads over a few), not one per subscriber."""
    by_number: dict[str, list[int]] = defaultdict(list)
    for user_id, number in numbers.items():
        by_number[number].append(user_id)
    table = cast(Table, UserDetail.__table__)
    for number, user_ids in sorted(by_number.items()):
        user_ids.sort()
        for chunk in in_chunks(user_ids):
            session.execute(
                update(table).where(id_in(session, table.c.id, chunk)).values(number_id=number)
            )


def subscribers_of(session: Session, model: Ledger, row_ids: list[int]) -> dict[int, UserDetail]:
    """The subscriber of each row (loaded into ``session``, their addresses only if asked
    for), keyed by row id."""
    query = select(model.id, UserDetail).join(UserDetail, UserDetail.id == model.user_id)
    query = query.options(lazyload(UserDetail.addresses))
    rows = session.execute(query.where(model.id.in_(row_ids)))
    return {row_id: user for row_id, user in rows}  # noqa: C416 -- a Result is not a mapping


def ids_in(session: Session, model: Ledger, where, states) -> list[int]:
    """Ids of the rows matching ``where`` in one of ``states``, in order."""
    query = select(model.id).where(where, model.status.in_(tuple(states)))
    return list(session.execute(query.order_by(model.id)).scalars())


def counts(session: Session, model: Ledger, where) -> dict[str, int]:
    """How many rows matching ``where`` are in each state."""
    query = select(model.status, func.count()).where(where).group_by(model.status)
    return {status: count for status, count in session.execute(query)}  # noqa: C416


def unadmitted(session: Session, model: Ledger, where) -> list[tuple[int, int]]:
    """(row id, subscriber id) of the rows matching ``where`` still waiting for admission
    (pending, never admitted by the messaging limit), in row order."""
    query = select(model.id, model.user_id).where(
        where, model.status == L.PENDING, model.admitted_at.is_(None)
    )
    rows = session.execute(query.order_by(model.id))
    return [(row_id, user_id or 0) for row_id, user_id in rows]  # 0: a direct send's stranger


def owed_dates(session: Session, user_id: int, since: date) -> set[date]:
    """The local dates from ``since`` on for which the subscriber has a daily row (sent,
    owed or failed): no slot on one of them sends again (one message per local date)."""
    query = select(MessageLog.local_date).where(
        MessageLog.user_id == user_id, MessageLog.local_date >= since
    )
    return set(session.scalars(query))


def rows_by_id(session: Session, model: Ledger, ids: list[int]) -> list:
    """The stored rows of ``model`` with these ids."""
    return list(session.scalars(select(model).where(model.id.in_(ids))))


def owed_of_kind(session: Session, user_id: int, local_date: date, kind: LedgerKind) -> int | None:
    """The id of ``user_id``'s ``message_log`` row of ``kind`` for ``local_date`` while it
    is still owed, or None."""
    query = select(MessageLog.id).where(
        MessageLog.user_id == user_id,
        MessageLog.local_date == local_date,
        MessageLog.kind == kind,
        MessageLog.status.in_(OWED_LEDGER),
    )
    return session.scalar(query)
