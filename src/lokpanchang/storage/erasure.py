"""SQL for erasing a subscriber at their request (``delete`` + ``yes``, issue 14).

Their row stays, so every count stays right (the ledger's rows, the subscription events),
but nothing in it or in those rows names their number or their place: each of their addresses
(``subscriber_address``: a phone, a Telegram chat id) becomes ``erased-<id>``; WhatsApp ids (which encode the number), display name, coordinates, town
and zone are cleared; the direct sends to them (``reply_log``: replies, test messages,
confirmations, theirs or to one of their addresses) lose address, words and cause; the inbound messages they sent lose their sender and their id; the
panchangams prepared for their place are dropped (they are recomputed when needed), and so
are the webhooks naming them that wait in the inbound store (``storage.inbound``). The
ledger keeps each row's local date, kind, status and zone (a zone names no one).

After the erasure commits, ``compact`` takes the old values out of the database's files: on
SQLite, freed pages are zeroed (``PRAGMA secure_delete``, ``storage.db``) and the write-ahead
log is folded into the file and emptied; on PostgreSQL, every UPDATE and DELETE above left the
old row version (and its index entries) in the table's pages, and VACUUM, which removes them,
never zeroes the space it frees: the tables that held the person's values are rewritten
(``storage.compaction``; a task runs it, off the request path) and the ledgers vacuumed.
Either removes only versions no open transaction can still see (one older than the erasure, a
long report or a ``pg_dump``, holds them): ``compact`` waits for those first. The write-ahead
log (``pg_wal``), its archive and backups keep what was written until they are recycled or
expire: that is the operator's retention, not this code's (docs/operations.md, "What erasure
reaches").
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

import structlog
from sqlalchemy import ColumnElement, Connection, delete, or_, text, update
from sqlalchemy.orm import Session

from lokpanchang import clock
from lokpanchang.storage import compaction, inbound, ledger, reply_log
from lokpanchang.storage.compaction import PERSONAL_TABLES, Rewrites
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.storage.models import (
    AnnouncementLog,
    InboundMessage,
    MessageLog,
    NoticeLog,
    PreparedPanchangam,
    SubscriptionEvent,
    UserDetail,
)
from lokpanchang.storage.states import LedgerStatus

log = structlog.get_logger(__name__)

ERASED_REASON = "erased at the subscriber's request"
COMPACT_WAIT_S = 10.0  # how long compaction waits for older transactions (then autovacuum's turn)
COMPACT_POLL_S = 0.05
LOCK_TIMEOUT_MS = 500  # how long a table's rewrite waits for its lock before it gives way
OLDER_TRANSACTIONS = text(
    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
    " AND pid <> pg_backend_pid() AND xact_start < :since"
    " AND (backend_xmin IS NOT NULL OR backend_xid IS NOT NULL)"
)
# The ledgers erasure updates, besides the personal tables (compaction.PERSONAL_TABLES):
# vacuumed, not rewritten (a row per subscriber per day).
LEDGER_MODELS = (MessageLog, AnnouncementLog, NoticeLog)
LEDGER_TABLES = tuple(model.__tablename__ for model in LEDGER_MODELS)
SETTLE_POLL_S = 0.05


@dataclass(frozen=True)
class Erased:
    """Whom an erasure erased: their id, and the addresses they had (to be forgotten in the
    files once the last reply to them is sent)."""

    user_id: int
    addresses: tuple[str, ...]


def erase_subscriber(
    session: Session, user: UserDetail, now: datetime, written: Iterable[str] = ()
) -> Erased:
    """Erase ``user``'s addresses and place everywhere in the database (their counts stay);
    ``written`` are their addresses as their channels' webhook bodies write them (the stored
    webhooks naming them are dropped: ``Adapter.as_written``). What is still owed to them is
    withdrawn; what is on its way to them is ``settle``'s, after the commit."""
    erased = Erased(user.id, tuple(address.address for address in user.addresses))
    place = _place_prefix(user)
    at = [(a.channel, a.address) for a in user.addresses]
    _withdraw_owed(session, user.id, reply_log.theirs(user.id, at))
    reply_log.erase(session, user.id, at)
    _blank_ledgers(session, user.id)
    for address in user.addresses:
        _anonymise_rows(session, user.id, address.address)
    inbound.forget_naming(session, list(written))
    if place is not None:
        session.execute(delete(PreparedPanchangam).where(PreparedPanchangam.key.startswith(place)))
    _anonymise_user(user, now)
    session.flush()
    session.add(SubscriptionEvent(user_id=user.id, kind="erased", at=now))
    return erased


def settle(url: str, erased: Erased, wait_s: float) -> int:
    """After the erasure committed: wait up to ``wait_s`` seconds for the sends to them that
    were on their way (handed to a channel) to write their outcome, then blank what they
    wrote (message ids, errors). How many were still on their way at the deadline (their
    worker died mid-send: it writes nothing more)."""
    deadline = clock.monotonic() + wait_s
    while (waiting := _on_their_way(url, erased.user_id)) and clock.monotonic() < deadline:
        time.sleep(SETTLE_POLL_S)
    with transaction(url) as session:
        reply_log.erase(session, erased.user_id, [])
        _blank_ledgers(session, erased.user_id)
    if waiting:
        log.warning("erasure.sends_on_their_way", user_id=erased.user_id, rows=waiting)
    return waiting


def _withdraw_owed(session: Session, user_id: int, replies) -> None:
    """Nothing still owed to them goes: their rows not yet handed to a channel."""
    for model in LEDGER_MODELS:
        ledger.move_where(session, model, model.user_id == user_id, LedgerStatus.WITHDRAWN)
    ledger.move_where(session, ledger.REPLIES, replies, LedgerStatus.WITHDRAWN)


def _on_their_way(url: str, user_id: int) -> int:
    with transaction(url) as session:
        theirs: list[tuple[ledger.Ledger, ColumnElement[bool]]] = [
            (model, model.user_id == user_id) for model in LEDGER_MODELS
        ]
        theirs.append((ledger.REPLIES, reply_log.theirs(user_id)))
        return sum(len(ledger.ids_in(session, m, w, [LedgerStatus.SENDING])) for m, w in theirs)


def _blank_ledgers(session: Session, user_id: int) -> None:
    """Their rows in the daily, announcement and notice ledgers keep no message id (which
    encodes the number) and no error (which may quote it)."""
    for model in LEDGER_MODELS:
        rows = update(model).where(model.user_id == user_id)
        session.execute(rows.values(whatsapp_message_id=None, error_detail=None))


def _place_prefix(user: UserDetail) -> str | None:
    """The prepared panchangams' key prefix of the user's place (``content.store_key``)."""
    if user.latitude is None or user.longitude is None:
        return None
    return f"{round(user.latitude, 2):.2f},{round(user.longitude, 2):.2f},"


def _anonymise_rows(session: Session, user_id: int, address: str) -> None:
    events = update(SubscriptionEvent).where(SubscriptionEvent.user_id == user_id)
    session.execute(events.values(detail=""))
    sent = update(InboundMessage).where(
        or_(
            InboundMessage.from_phone == address,
            InboundMessage.from_phone == address.lstrip("+"),
        )
    )
    session.execute(
        sent.values(
            from_phone="",
            wa_message_id=text("'erased-' || CAST(id AS VARCHAR(20))"),
        )
    )


def _anonymise_user(user: UserDetail, now: datetime) -> None:
    for address in user.addresses:
        address.address = f"erased-{user.id}"
    user.link_code, user.display_name = None, ""
    user.latitude = user.longitude = None
    user.city, user.city_id, user.timezone, user.number_id = None, None, None, None
    user.sunrise_offset = user.sunrise_due_at = user.paused_until = None
    user.delete_asked_at = None
    user.obsoleted_on = min(user.obsoleted_on, now)
    user.disabled_reason, user.updated_on = ERASED_REASON, now


@dataclass(frozen=True)
class Compaction:
    """What ``compact`` did: how many transactions older than it were still open when it
    ran (0: every old version was removable), and which tables it rewrote or left."""

    older: int = 0
    rewrites: Rewrites = field(default_factory=Rewrites)


def compact(
    url: str, wait_s: float = COMPACT_WAIT_S, lock_timeout_ms: int = LOCK_TIMEOUT_MS
) -> Compaction:
    """Take erased values out of the files (after the erasure committed): on SQLite, fold the
    write-ahead log into the database file and empty it; on PostgreSQL, wait up to ``wait_s``
    seconds for the transactions begun before now to end (no version they may still see can
    be removed), rewrite the tables that held personal values (each waiting at most
    ``lock_timeout_ms`` for its lock) and VACUUM the others erasure touches."""
    engine = engine_for(url)
    if engine.dialect.name == "sqlite":
        with engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        return Compaction()
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        older = _wait_for_older(connection, wait_s)
        rewrites = compaction.rewrite(connection, PERSONAL_TABLES, lock_timeout_ms)
        connection.exec_driver_sql(f"VACUUM (INDEX_CLEANUP ON) {', '.join(LEDGER_TABLES)}")
    if older:
        log.warning("erasure.vacuum_held_back", transactions=older, waited_s=wait_s)
    return Compaction(older, rewrites)


def rewrites_later(url: str) -> bool:
    """Whether ``compact`` rewrites tables here (PostgreSQL), so runs in a task, not inline."""
    return engine_for(url).dialect.name != "sqlite"


def _wait_for_older(connection: Connection, wait_s: float) -> int:
    since = connection.scalar(text("SELECT clock_timestamp()"))
    deadline = clock.monotonic() + wait_s
    while (older := _older_transactions(connection, since)) and clock.monotonic() < deadline:
        time.sleep(COMPACT_POLL_S)
    return older


def _older_transactions(connection: Connection, since: datetime) -> int:
    """Other transactions in this database that hold a snapshot or an id taken before
    ``since`` (what keeps VACUUM from removing the versions they may see)."""
    return connection.scalar(OLDER_TRANSACTIONS, {"since": since}) or 0
