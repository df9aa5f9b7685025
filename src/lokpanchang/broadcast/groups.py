"""A worker group's batch of a run (``WORKER_GROUP``; docs/scaling.md, "Worker groups").

A group sends only the rows of subscribers on the WhatsApp numbers it holds a lease on
(``delivery.leases``), under those leases' fencing tokens; what the batch owes on another
group's numbers is handed to that group's own queue (``queue_of``), and what waits on numbers
no group holds right now (their group died; its leases are running out) comes back after a
third of the lease TTL, by when a live group has taken them. Without a group, or without
WhatsApp numbers, a batch is ``daily.send_batch``'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from lokpanchang.broadcast import pipeline
from lokpanchang.broadcast.context import SendContext
from lokpanchang.broadcast.daily import DailyBatch
from lokpanchang.config import Settings
from lokpanchang.delivery.leases import FENCES, Leases, pinned
from lokpanchang.delivery.pacing import redis_url_of
from lokpanchang.storage import ledger, ownership
from lokpanchang.storage.db import transaction
from lokpanchang.storage.states import OWED_LEDGER

_leases: dict[tuple, Leases] = {}


def queue_of(group: str) -> str:
    """The queue only ``group``'s workers take (besides the shared ones)."""
    return f"group.{group}"


def applies(settings: Settings) -> bool:
    """Whether batches are sent by number ownership: a group, numbers and a shared Redis."""
    return bool(
        settings.worker_group
        and settings.whatsapp_numbers
        and settings.effective_delivery_backend == "whatsapp"
        and redis_url_of(settings)
        and not settings.is_embedded
    )


def leases_of(settings: Settings) -> Leases:
    """This process's view of its group's leases (one per process, renewed by a thread)."""
    key = (
        redis_url_of(settings),
        settings.worker_group,
        settings.whatsapp_numbers,
        settings.number_lease_ttl,
    )
    if key not in _leases:
        _leases[key] = Leases(*key)
    return _leases[key]


class OwnedBatch(DailyBatch):
    """The rows of one run between two ids whose subscribers are on ``held`` numbers."""

    def __init__(self, settings: Settings, run_id: int, bounds, held: set[str]) -> None:
        super().__init__(settings, run_id, bounds)
        self.held = held

    def rows(self):
        numbers = self.settings.whatsapp_numbers
        return super().rows() & ownership.rows_on_numbers(self.model, self.held, numbers)


@dataclass
class Then:
    """Where a batch goes next: ``queue`` after ``countdown`` seconds."""

    queue: str
    countdown: float


def send_batch(
    ctx: SendContext, run_id: int, bounds: tuple[int, int], now: datetime
) -> tuple[pipeline.Tally, Then | None]:
    """Send the batch's rows on the numbers this group holds; where the batch goes next
    (None: it owes nothing more)."""
    leases = leases_of(ctx.settings)
    held = leases.held()
    fence = FENCES.set(held)
    try:
        tally = pipeline.deliver(ctx, OwnedBatch(ctx.settings, run_id, bounds, set(held)), now)
    finally:
        FENCES.reset(fence)
    return tally, after(ctx, leases, run_id, bounds, set(held), tally)


def after(
    ctx: SendContext, leases: Leases, run_id: int, bounds, held: set[str], tally
) -> Then | None:
    """Where the batch goes next: to the group holding the numbers of the rows it still owes
    elsewhere; back to this group's queue when only its own rows wait (a back-off)."""
    numbers = ctx.settings.whatsapp_numbers
    wait = ctx.settings.number_lease_ttl / 3
    with transaction(ctx.url) as session:
        where = ledger.run_rows(run_id, bounds)
        elsewhere = ownership.owed_elsewhere(session, ledger.DAILY, where, held, numbers)
        here = ledger.ids_in(session, ledger.DAILY, where, OWED_LEDGER)
    if elsewhere:
        wanted = sorted({pinned(number, user, numbers) for user, number in elsewhere})
        owners = leases.owners(wanted)
        owner = next((owners[n] for n in wanted if n in owners), None)
        return Then(queue_of(owner), 0.0) if owner else Then("default", wait)
    if here:
        return Then(queue_of(leases.group), tally.retry_after or wait)
    return None
