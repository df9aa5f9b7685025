"""The one way a ledger row comes to be owed a send: written, then admitted by the messaging
limit in the same transaction (``broadcast.tier``), so no kind of send can forget it.

A kind of send says which rows it owes (``message_row`` for the daily panchangam's ledger,
its own dicts for another ledger) and calls ``owe`` (insert or ignore on the ledger's unique
key, then admit); a run, whose rows are written by one INSERT ... SELECT, calls ``admit_run``.
Rows the tier holds back are 'deferred' with the reason; the others are sendable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from lokpanchang.broadcast import tier
from lokpanchang.config import Settings
from lokpanchang.delivery.base import MessageKind
from lokpanchang.storage import ledger, reply_log, run_ledger
from lokpanchang.storage.db import Session
from lokpanchang.storage.states import LedgerKind, LedgerStatus

DAILY_UNIQUE = ["user_id", "local_date"]
"""``message_log``'s key: one daily panchangam per subscriber and local date."""


@dataclass(frozen=True)
class Owing:
    """The rows a call made owed: (row id, subscriber id) of each, and those deferred."""

    new: list[tuple[int, int]] = field(default_factory=list)
    deferred: list[int] = field(default_factory=list)

    @property
    def ids(self) -> list[int]:
        return [row_id for row_id, _ in self.new]


def message_row(
    user_id: int, local_date: date, zone: str, kind: LedgerKind, scheduled_at: datetime, late: bool
) -> dict:
    """A ``message_log`` row owed the daily panchangam of ``local_date`` (in ``zone``)."""
    return {
        "user_id": user_id,
        "local_date": local_date,
        "timezone": zone,
        "kind": kind,
        "status": LedgerStatus.PENDING,
        "scheduled_at": scheduled_at,
        "attempts": 0,
        "late": late,
    }


def owe(
    session: Session,
    settings: Settings,
    model: ledger.Ledger,
    rows: list[dict],
    unique: list[str],
    now: datetime,
) -> Owing:
    """Write ``rows`` (those whose ``unique`` key exists are left as they are) and admit the
    new ones by the messaging limit."""
    new = ledger.insert_rows(session, model, rows, unique)
    _, deferred = tier.admit(session, model, new, settings.messaging_limit, now)
    return Owing(new, deferred)


def owe_direct(session: Session, settings: Settings, rows: list[dict], now: datetime) -> Owing:
    """Write direct sends' ``rows`` (``storage.reply_log.owed_row``; a cause already owed is
    left as it is) and admit the new ones where the messaging limit applies: a template
    (business-initiated) on a channel with the limit (``tier.admit_direct``)."""
    new = ledger.insert_rows(session, ledger.REPLIES, rows, reply_log.UNIQUE)
    sorts = reply_log.sorts_of(session, [row_id for row_id, _ in new], tier.TIERED)
    candidates: list[tuple[int, int | None, bool]] = [
        (row_id, user_id, sorts[row_id] == (str(MessageKind.BROADCAST), True))
        for row_id, user_id in new
    ]
    _, deferred = tier.admit_direct(session, candidates, settings.messaging_limit, now)
    return Owing(new, deferred)


def owe_run(
    session: Session,
    settings: Settings,
    run,
    now: datetime,
    ready: LedgerStatus = LedgerStatus.PENDING,
) -> int:
    """A row for each of the run's subscribers, admitted by the messaging limit (or deferred).
    With nothing to count, the rows are written admitted and ``ready`` ('prepared' ahead of
    the instant: ``broadcast.prepare``; a prepared row is written once, not written then
    moved), and it returns how many; under a limit they are admitted pending, and it
    returns 0 (none written ``ready``)."""
    if settings.messaging_limit is None:
        return run_ledger.insert_run_rows(session, run, now, status=ready, admitted_at=now)
    run_ledger.insert_run_rows(session, run, now)
    waiting = ledger.unadmitted(session, ledger.DAILY, ledger.run_rows(run.id))
    tier.admit(session, ledger.DAILY, waiting, settings.messaging_limit, now)
    return 0
