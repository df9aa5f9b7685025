"""``tasks.prerender_cards``: the cards of the coming sends rendered ahead, a chunk a task,
on the ``cards`` queue (``broadcast.card_prerender``).

Beat starts a pass (no argument): it takes the pass's lock for one period, so two beats or a
slow queue never run two passes at once. Each chunk queues the next with the pass's start,
until the cards are all on disk, a send is near, the cache is full or the period is over.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import lru_cache

from lokpanchang import clock
from lokpanchang.broadcast import card_prerender
from lokpanchang.broadcast.locks import make_lock
from lokpanchang.card_cache import CardCache
from lokpanchang.services import Services
from lokpanchang.tasks import app
from lokpanchang.tasks.app import services_of
from lokpanchang.tasks.scheduling import RETRY

PASS_LOCK = "lock:cards:prerender"


@app.task(name=card_prerender.TASK, queue=card_prerender.QUEUE, bind=True, **RETRY)
def prerender_cards(self, started: str | None = None) -> dict:
    services, now = services_of(self), clock.now()
    settings = services.settings
    period = timedelta(seconds=settings.card_prerender_period)
    if started is None:
        if not make_lock(settings).acquire(PASS_LOCK, now, period):
            return {"stop": "pass_running"}
        started = now.isoformat()
    deadline = datetime.fromisoformat(started) + period
    report = card_prerender.prerender_chunk(_prerenderer(services), now, deadline)
    if report.stop is card_prerender.Stop.MORE:
        prerender_cards.apply_async(args=[started])
    return report.to_dict()


@lru_cache(maxsize=1)
def _prerenderer(services: Services) -> card_prerender.Prerenderer:
    """One per worker process (its services), sharing the sends' panchangam cache."""
    settings = services.settings
    content = services.send_context().content
    cache = CardCache(settings.effective_card_cache_dir, settings.card_cache_mb * 1024 * 1024)
    return card_prerender.Prerenderer(settings, cache, getattr(content, "panchangams"))  # noqa: B009
