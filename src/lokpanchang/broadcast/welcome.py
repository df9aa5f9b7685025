"""Sign-up policy: a subscriber whose send time has already passed today gets today's
panchangam once, at sign-up; the daily runs serve them from tomorrow.

The ledger row (subscriber, local date) taken here is the same one the daily run would take,
so a late or repeated run never sends that day a second time.
"""

from __future__ import annotations

from datetime import datetime

import structlog

from lokpanchang import planning
from lokpanchang.broadcast import pipeline
from lokpanchang.broadcast.context import SendContext
from lokpanchang.broadcast.kinds import LedgerSelection
from lokpanchang.broadcast.manual import owe_today
from lokpanchang.storage import directory, selections
from lokpanchang.storage.db import transaction
from lokpanchang.storage.states import LedgerKind

log = structlog.get_logger(__name__)


class Welcome(LedgerSelection):
    """The one row a sign-up takes for the subscriber's local today."""

    name = "welcome"

    def __init__(self, row_id: int) -> None:
        self.row_id = row_id

    def rows(self):
        return selections.welcome(self.row_id)


def welcome_send(user_id: int, now: datetime, ctx: SendContext) -> str:
    """Send today's panchangam to a new subscriber if today's send time has passed.

    Returns what happened: the row's ledger status (``"sent"``, ``"deferred"``, ...),
    ``"daily"`` (today's run will serve them), ``"already"`` (they have today's row), or
    ``"inactive"``.
    """
    with transaction(ctx.url) as session:
        user = directory.subscriber(session, user_id)
        if user is None or not user.is_active(now) or not _locatable(user):
            return "inactive"
        zone = user.location()[2]
        local_date = planning.local_date_at(zone, now)
        due = planning.occurrence(zone, local_date, user.send_time)
        if due is not None and now < due:
            return "daily"
        row = owe_today(session, ctx.settings, user, LedgerKind.WELCOME, now)
    if row is None:
        return "already"
    if row.deferred:
        return "deferred"
    tally = pipeline.deliver(ctx, Welcome(row.id), now)
    outcome = next(iter(tally.counts), "already")
    log.info("welcome.sent", ledger_id=row.id, outcome=outcome)
    return outcome


def _locatable(user) -> bool:
    return bool(user.timezone) and user.latitude is not None and user.longitude is not None
