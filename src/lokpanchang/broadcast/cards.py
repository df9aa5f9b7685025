"""The day's card for each message of a broadcast (issue 27, item 2): the pipeline's render
step asks ``CardSource.card(recipient)`` for the channels that show one.

A card is rendered once per place cell, date, language, calendar and convention
(``card_cache.CardKey``: the same key the public page and the nightly pre-render use), kept
on disk by ``card_cache.CardCache`` and, in this process, its bytes for the cards in recent
use. A card that cannot be made (a render failure, a missing font, a full disk) never holds
up the message: it goes without its picture, and the miss is logged (``card.missing``) and
counted (``missing``); the same key is not tried again by this process for a while.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

import structlog

from lokpanchang import clock
from lokpanchang.broadcast.content import PLACE_DECIMALS, Bounded, Recipient
from lokpanchang.card import render_card
from lokpanchang.card_cache import CardCache, CardKey
from lokpanchang.config import Settings

log = structlog.get_logger(__name__)

RECENT_CARDS = 512  # cards whose bytes a process keeps (~50 KB each)
RETRY_FAILED_AFTER = timedelta(minutes=10)  # a card that failed is tried again after this


def recipient_card_key(recipient: Recipient, convention: str) -> CardKey:
    """The card cache's key of ``recipient``'s card: the place cell (the broadcast's
    rounding), local date, language, calendar and almanac convention."""
    return CardKey(
        round(recipient.latitude, PLACE_DECIMALS),
        round(recipient.longitude, PLACE_DECIMALS),
        recipient.local_date,
        recipient.language,
        recipient.calendar,
        convention,
    )


class CardSource:
    """Cards for recipients: from this process's recent ones, the disk cache, or rendered
    from ``panchangam(recipient)`` (the value the message text is rendered from)."""

    def __init__(
        self,
        cache: CardCache,
        panchangam: Callable[[Recipient], object],
        convention: str,
        render: Callable[[object, str, str, str], bytes] = render_card,
    ) -> None:
        self.cache, self._panchangam, self._convention = cache, panchangam, convention
        self._render = render
        self._recent = Bounded(RECENT_CARDS)
        self._failed: dict[str, datetime] = {}
        self.missing = 0  # messages that went without their card in this process

    def card(self, recipient: Recipient) -> tuple[str, bytes] | None:
        """(key, PNG) of ``recipient``'s card, or None when it cannot be had (logged, counted)."""
        key = recipient_card_key(recipient, self._convention)
        try:
            name = key.file_name()
        except ValueError as exc:  # a language or calendar that is no plain word
            self._missed(str(key), recipient, exc)
            return None
        png = self._recent.get(name)
        if isinstance(png, bytes):
            return name, png
        if self._failed_lately(name):
            self._missed(name, recipient, None)
            return None
        try:
            png = self.cache.get_or_render(key, lambda: self._rendered(recipient))
        except Exception as exc:  # noqa: BLE001 -- a card never stops the message
            self._failed[name] = clock.now()
            self._missed(name, recipient, exc)
            return None
        self._recent.put(name, png)
        return name, png

    def _rendered(self, recipient: Recipient) -> bytes:
        panchangam = self._panchangam(recipient)
        return self._render(panchangam, recipient.language, recipient.place, recipient.calendar)

    def _failed_lately(self, name: str) -> bool:
        failed = self._failed.get(name)
        return failed is not None and clock.now() - failed < RETRY_FAILED_AFTER

    def _missed(self, name: str, recipient: Recipient, error: Exception | None) -> None:
        self.missing += 1
        if error is not None:  # logged once per failure, not once per subscriber of the key
            log.warning(
                "card.missing",
                card=name,
                ledger_id=recipient.ledger_id,
                error=f"{type(error).__name__}: {error}",
            )


def card_source(settings: Settings, panchangam: Callable[[Recipient], object]) -> CardSource:
    """The configured cards: the disk cache under ``CARD_CACHE_DIR``, bounded by ``CARD_CACHE_MB``."""
    cache = CardCache(settings.effective_card_cache_dir, settings.card_cache_mb * 1024 * 1024)
    return CardSource(cache, panchangam, settings.almanac_convention)
