"""SQL for taking erased values out of PostgreSQL's table files (issue 24, item 3).

``VACUUM`` removes the old row versions an erasure leaves, but only compacts each page: it
never zeroes the bytes it freed, so a version that nothing was moved over (low in a page that
keeps live rows, the erased person's own anonymised row among them; an index entry at the end
of its leaf) stays readable in the file. Measured through a running service: after ``VACUUM`` and a checkpoint the number was
still in ``inbound_message`` and its index ``ix_inbound_message_from_received``, the name and
coordinates in ``user_detail``. A table rewrite (``VACUUM FULL``) writes the live rows into new, zeroed
pages and new index files, and the old files are truncated at commit.

A rewrite holds an ACCESS EXCLUSIVE lock on its table while it copies it (bench/erasure, a
million subscribers: 7-9 s per table, 25 s for all), so it never runs on the request path:
erasures ask for one compaction (``ask``: one pending request in ``scheduler_lock``, however
many erasures come), a task runs it once it is due (``move``) unless a send is due soon
(``last_open_run_due_before``), and each rewrite waits at most ``lock_timeout`` for its lock,
then gives way and is asked for again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import structlog
from sqlalchemy import Connection, delete, func, select, update
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from lokpanchang.storage.db import affected_rows, insert_ignoring_conflicts
from lokpanchang.storage.models import (
    BroadcastRun,
    InboundMessage,
    InboundWebhook,
    PreparedPanchangam,
    ReplyLog,
    SchedulerLock,
    SubscriberAddress,
    SubscriptionEvent,
    UserDetail,
)
from lokpanchang.storage.states import OPEN_RUNS

log = structlog.get_logger(__name__)

PENDING_KEY = "erasure:compaction"  # in scheduler_lock; expires_at: when it is to run
# The tables whose rows held a number, a name or a place: rewritten. The ledgers
# (message_log, announcement_log: a message id and an error, per subscriber per day, the
# largest tables by far) are only vacuumed (docs/operations.md, "What erasure reaches").
PERSONAL_TABLES = tuple(
    model.__tablename__
    for model in (
        UserDetail,
        SubscriberAddress,
        InboundMessage,
        InboundWebhook,
        SubscriptionEvent,
        PreparedPanchangam,
        ReplyLog,  # a direct send's address and words (replies name a person's place)
    )
)


@dataclass(frozen=True)
class Rewrites:
    """What one compaction did: tables rewritten, and those whose lock it did not get in time."""

    rewritten: tuple[str, ...] = ()
    gave_way: tuple[str, ...] = ()


def rewrite(connection: Connection, tables: tuple[str, ...], lock_timeout_ms: int) -> Rewrites:
    """``VACUUM FULL`` each of ``tables`` on an autocommit ``connection``, each waiting at
    most ``lock_timeout_ms`` for its lock (a table in use is left for the next turn)."""
    connection.exec_driver_sql(f"SET lock_timeout = {int(lock_timeout_ms)}")
    done, left = [], []
    for table in tables:
        try:
            connection.exec_driver_sql(f"VACUUM (FULL, INDEX_CLEANUP ON) {table}")
            done.append(table)
        except OperationalError as error:  # lock_timeout: someone holds the table
            log.info("erasure.rewrite_gave_way", table=table, error=str(error.orig))
            left.append(table)
    connection.exec_driver_sql("RESET lock_timeout")
    return Rewrites(tuple(done), tuple(left))


def ask(session: Session, due_at: datetime) -> None:
    """Ask for one compaction at ``due_at``; a pending one (not started) covers this ask too."""
    statement = insert_ignoring_conflicts(session, SchedulerLock).values(
        key=PENDING_KEY, expires_at=due_at
    )
    session.execute(statement.on_conflict_do_nothing(index_elements=["key"]))


def move(session: Session, to: datetime, due_by: datetime | None = None) -> bool:
    """Move the pending compaction to ``to`` (only if it is due by ``due_by``, when given);
    True when it moved. Due: the caller queues its task, and a lost task is queued again at
    ``to``; not due (a send first): it waits until ``to``."""
    statement = update(SchedulerLock).where(SchedulerLock.key == PENDING_KEY)
    if due_by is not None:
        statement = statement.where(SchedulerLock.expires_at <= due_by)
    return affected_rows(session.execute(statement.values(expires_at=to))) == 1


def take(session: Session) -> bool:
    """Take the pending compaction (an erasure after this asks for a new one); False when
    none was pending (another task took it)."""
    taken = session.execute(delete(SchedulerLock).where(SchedulerLock.key == PENDING_KEY))
    return affected_rows(taken) == 1


def last_open_run_due_before(session: Session, until: datetime) -> datetime | None:
    """The latest instant of the broadcast runs due before ``until`` that are not finished
    (planned, queued or sending): a rewrite now could make their sends wait. None: no such run."""
    query = select(func.max(BroadcastRun.due_at)).where(
        BroadcastRun.status.in_(OPEN_RUNS), BroadcastRun.due_at <= until
    )
    return session.execute(query).scalar_one_or_none()
