"""The day's card (issue 27): where rendered cards are kept, and how they are rendered ahead
of the slots that send them."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from lokpanchang.config.install import Install


class Cards(Install):
    """The card cache on disk and the pre-rendering passes."""

    # The day's card (issue 27): rendered PNGs kept on disk under CARD_CACHE_DIR (empty:
    # data_dir/cards), at most CARD_CACHE_MB; the least recently used go first.
    card_cache_dir: Path | None = None
    card_cache_mb: int = Field(256, gt=0, le=1_000_000)
    # Cards rendered ahead (broadcast.card_prerender): every CARD_PRERENDER_PERIOD s beat
    # starts a pass over the cards of the slots due within CARD_PRERENDER_HOURS, rendered
    # CARD_PRERENDER_CHUNK at a time on the `cards` queue, never within
    # CARD_PRERENDER_GUARD s of a slot's instant nor while a run is open.
    card_prerender_period: int = Field(300, gt=0, le=86400)
    card_prerender_hours: int = Field(12, gt=0, le=48)
    card_prerender_chunk: int = Field(20, gt=0, le=1000)
    card_prerender_guard: int = Field(300, ge=0, le=86400)

    @property
    def effective_card_cache_dir(self) -> Path:
        return self.card_cache_dir or self.data_dir / "cards"
