"""An operator's send of today's panchangam to chosen subscribers (the portal, the test
routes), and the one-row claim sign-up uses too.

Each subscriber gets a ``message_log`` row for their local today (kind ``manual``), once: the
unique (subscriber, local date) is the guard, so a subscriber who already has a row for today
is skipped, whatever asked. A row of an earlier operator's send still owed (the channel asked
to retry) is taken again. The rows are sent by the pipeline like any other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from lokpanchang import planning
from lokpanchang.broadcast import pipeline
from lokpanchang.broadcast.context import SendContext
from lokpanchang.broadcast.kinds import LedgerSelection
from lokpanchang.broadcast.owing import DAILY_UNIQUE, message_row, owe
from lokpanchang.config import Settings
from lokpanchang.storage import ledger, selections
from lokpanchang.storage.db import transaction
from lokpanchang.storage.states import SENT_LEDGER, LedgerKind


@dataclass(frozen=True)
class Owed:
    id: int
    deferred: bool  # the messaging limit held it back


def owe_today(session, settings: Settings, user, kind: LedgerKind, now: datetime) -> Owed | None:
    """A row of ``kind`` for ``user``'s local today, admitted by the messaging limit; None
    when they already have a row for that date."""
    zone = user.location()[2]
    row = message_row(user.id, planning.local_date_at(zone, now), zone, kind, now, late=False)
    owing = owe(session, settings, ledger.DAILY, [row], DAILY_UNIQUE, now)
    if not owing.new:
        return None
    return Owed(owing.ids[0], bool(owing.deferred))


class Rows(LedgerSelection):
    """Chosen ``message_log`` rows, by id."""

    name = "manual"

    def __init__(self, row_ids: list[int], bounds: tuple[int, int]) -> None:
        self.row_ids = [row_id for row_id in row_ids if bounds[0] <= row_id <= bounds[1]]

    def rows(self):
        return selections.chosen(self.row_ids)


@dataclass
class SendReport:
    sent: int = 0
    failed: int = 0
    already_today: int = 0
    errors: list[str] = field(default_factory=list)


def send_today(ctx: SendContext, users: list, now: datetime) -> SendReport:
    """Today's panchangam to each of ``users`` who has no row for their local today yet."""
    with transaction(ctx.url) as session:
        row_ids = [_row_for(session, ctx.settings, user, now) for user in users]
    mine = sorted(row_id for row_id in row_ids if row_id is not None)
    pipeline.deliver_in_batches(ctx, lambda bounds: Rows(mine, bounds), mine, now)
    report = SendReport(already_today=len(row_ids) - len(mine))
    with transaction(ctx.url) as session:
        for row in ledger.rows_by_id(session, ledger.DAILY, mine):
            _report(report, row)
    return report


def _row_for(session, settings: Settings, user, now: datetime) -> int | None:
    owed = owe_today(session, settings, user, LedgerKind.MANUAL, now)
    if owed is not None:
        return owed.id
    local_date = planning.local_date_at(user.location()[2], now)
    # an earlier operator's send still owed, or None: they have today's
    return ledger.owed_of_kind(session, user.id, local_date, LedgerKind.MANUAL)


def _report(report: SendReport, row) -> None:
    if row.status in SENT_LEDGER:
        report.sent += 1
        return
    report.failed += 1
    detail = f"{row.status} {row.error_code or ''} {row.error_detail or ''}"
    report.errors.append(f"{row.user_id}: {detail.strip()}")
