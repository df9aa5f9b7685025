"""Cards rendered ahead of the coming sends (issue 27 item 3), so they are on disk before
06:30 and a send only reads them.

Every ``CARD_PRERENDER_PERIOD`` seconds beat starts a *pass* (``beat_entry``): the cards of
every slot due within ``CARD_PRERENDER_HOURS`` (``card.cells``: one per place cell, date,
language and calendar of the subscribers it will send to), soonest send first, are
rendered ``CARD_PRERENDER_CHUNK`` at a time by ``tasks.prerender_cards`` on its own
``cards`` queue, each chunk queueing the next. A chunk renders nothing when a send is near
(a slot due within ``CARD_PRERENDER_GUARD`` seconds, or a run still open) and the pass ends
there; the next pass, a period later, goes on.

A pass selects its cells once (a DISTINCT query per slot over the slot's subscribers: the
costliest query here at a million subscribers) and its chunks reuse them in the worker
process that holds them (another process selects again); each chunk still checks the guard
and leaves out the cards already on disk, so a chunk run twice, or a worker killed
mid-pass, costs at most the cards in hand, and the next pass (which selects again, seeing
who subscribed since) finishes the rest. A card is drawn from the same panchangam the
message is made from (the send's content cache and the shared ``prepared_panchangam``
store: computed once per place and date, and ready for the morning's batches too).
The cache's bound holds: a card goes in only where the cards the coming sends need
can stay (``CardCache.room``); when they do not all fit, the pass stops with the
soonest sends' cards on disk and the rest are made at their send.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

import structlog

from lokpanchang.broadcast.content import Recipient
from lokpanchang.card import render_card
from lokpanchang.card.cells import CardCell, card_cells
from lokpanchang.card_cache import CardCache, CardKey
from lokpanchang.config import Settings
from lokpanchang.planning import due_slots
from lokpanchang.storage import audience, cards
from lokpanchang.storage.db import transaction

log = structlog.get_logger(__name__)

TASK = "tasks.prerender_cards"
QUEUE = "cards"  # its own queue: a send's batches never wait behind a card
BEAT_KEY = "prerender-cards"


def beat_entry(settings: Settings) -> dict:
    """The beat entry that starts a pass every ``CARD_PRERENDER_PERIOD`` seconds."""
    schedule = float(settings.card_prerender_period)
    return {BEAT_KEY: {"task": TASK, "schedule": schedule, "options": {"queue": QUEUE}}}


class Stop(StrEnum):
    """Why a chunk ended, and so whether its pass goes on (only after ``MORE``)."""

    MORE = "more"  # it rendered its chunk and cards are left: the next chunk is queued
    DONE = "done"  # every card the coming sends need is on disk
    SEND_NEAR = "send_near"  # a slot is due within the guard, or a run is open
    FULL = "full"  # the cache holds no more without losing a card a send needs
    FAILED = "failed"  # none of the chunk's cards could be made (logged)
    PAST_DEADLINE = "past_deadline"  # the pass outlived its period: the next pass goes on


@dataclass(frozen=True)
class ChunkReport:
    stop: Stop
    rendered: int = 0
    wanted: int = 0  # cards the coming sends need
    left: int = 0  # of those, not on disk after this chunk

    def to_dict(self) -> dict:
        return {"stop": str(self.stop), "rendered": self.rendered, "wanted": self.wanted,
                "left": self.left}  # fmt: skip


@dataclass
class Prerenderer:
    """What a chunk needs: the settings, the card cache, the send's panchangam cache
    (``CachedPanchangams``: ``get(recipient)``) and the card renderer."""

    settings: Settings
    cache: CardCache
    panchangams: Any
    render: Callable[[Any, str, str, str], bytes] = render_card
    selected: tuple[datetime, list[CardCell]] | None = None  # (the pass's deadline, its cells)

    @property
    def url(self) -> str:
        return self.settings.effective_database_url

    def cells_of_pass(self, now: datetime, deadline: datetime) -> list[CardCell]:
        """The cells of the pass ending at ``deadline``: selected at its first chunk here."""
        if self.selected is None or self.selected[0] != deadline:
            horizon = timedelta(hours=self.settings.card_prerender_hours)
            self.selected = (deadline, wanted_cells(self.url, now, horizon))
        return self.selected[1]


def cell_key(cell: CardCell, convention: str) -> CardKey:
    """The card cache's key of ``cell`` (the same key ``/card.png`` reads)."""
    return CardKey(cell.latitude, cell.longitude, cell.local_date, cell.language,
                   cell.calendar, convention)  # fmt: skip


def wanted_cells(url: str, now: datetime, horizon: timedelta) -> list[CardCell]:
    """The cards of every slot due in ``[now, now + horizon)``, soonest send first."""
    with transaction(url) as session:
        pairs = audience.active_zone_send_times(session, now)
        slots = due_slots(now, pairs, horizon).slots
        found = [
            (slot.due_at, slot.timezone, slot.local_date,
             cards.slot_readers(session, slot.timezone, slot.send_time, slot.local_date, now))
            for slot in slots
        ]  # fmt: skip
    return card_cells(found)


def send_near(url: str, now: datetime, guard: timedelta) -> bool:
    """Whether a run is open (planned, queued or sending) or a slot is due by ``now + guard``."""
    with transaction(url) as session:
        if cards.open_runs_due_by(session, now + guard):
            return True
        pairs = audience.active_zone_send_times(session, now)
    return guard > timedelta(0) and bool(due_slots(now, pairs, guard).slots)


def prerender_chunk(work: Prerenderer, now: datetime, deadline: datetime) -> ChunkReport:
    """Render the next ``CARD_PRERENDER_CHUNK`` cards the coming sends need and are not on
    disk, unless a send is near or the pass is past its ``deadline``."""
    settings = work.settings
    if now >= deadline:
        return ChunkReport(Stop.PAST_DEADLINE)
    if send_near(work.url, now, timedelta(seconds=settings.card_prerender_guard)):
        return ChunkReport(Stop.SEND_NEAR)
    cells = work.cells_of_pass(now, deadline)
    keys = [cell_key(cell, settings.almanac_convention) for cell in cells]
    keep = frozenset(key.file_name() for key in keys)
    missing = [(c, k) for c, k in zip(cells, keys, strict=True) if not work.cache.contains(k)]
    rendered, stop = _render_chunk(work, missing[: settings.card_prerender_chunk], keep)
    left = len(missing) - rendered
    if stop is None:
        stop = Stop.MORE if left else Stop.DONE
    report = ChunkReport(stop, rendered, len(cells), left)
    log.info("cards.prerendered", **report.to_dict())
    return report


def _render_chunk(
    work: Prerenderer, chunk: list[tuple[CardCell, CardKey]], keep: frozenset[str]
) -> tuple[int, Stop | None]:
    rendered, room = 0, work.cache.room(keep)
    for cell, key in chunk:
        try:
            png = render_cell(work, cell)
        except Exception:  # one place's failure must not stop the others' cards
            log.exception("cards.prerender_failed", local_date=str(cell.local_date),
                          language=cell.language)  # fmt: skip
            continue
        if not room.put(key, png):
            return rendered, Stop.FULL
        rendered += 1
    return rendered, (Stop.FAILED if chunk and not rendered else None)


def render_cell(work: Prerenderer, cell: CardCell) -> bytes:
    """``cell``'s card, drawn from the panchangam its message is made from."""
    recipient = Recipient(0, 0, "", cell.language, cell.latitude, cell.longitude,
                          cell.timezone, cell.local_date, cell.place, 0.0, cell.calendar)  # fmt: skip
    day = work.panchangams.get(recipient)
    return work.render(day, cell.language, cell.place, cell.calendar)
