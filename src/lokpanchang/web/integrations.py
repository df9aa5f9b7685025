"""The portal's calls into other subjects: places, the almanac, the broadcast's content
function, the delivery channel and the scheduler's outcome recording.

Kept in one module so the views stay thin and the web layer has a single seam to them.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from lokpanchang import places
from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.almanac.panchangam import FIRST_YEAR, LAST_YEAR
from lokpanchang.broadcast import content
from lokpanchang.config import Settings
from lokpanchang.delivery.factory import make_sender

SUPPORTED_YEARS = (FIRST_YEAR, LAST_YEAR)  # the years the almanac computes


def panchangam(
    latitude: float,
    longitude: float,
    zone: str,
    day: date,
    city: str,
    language: str,
    rising: str = "upper_limb",
):
    """The almanac's Panchangam for ``day`` at the place, names in ``language``.

    ``rising`` is the sunrise convention (settings.sunrise_convention).
    """
    return generate_panchangam_with_timezone(
        latitude, longitude, zone, day, city=city, lang=language, rising=rising
    )


@dataclass(frozen=True)
class Message:
    parameters: tuple[str, ...]
    text: str


@lru_cache(maxsize=1)
def _daily_content():
    """The broadcast's own content function (panchangams cached per place and date)."""
    return content.default_content()


def daily_message(
    user_id: int,
    phone: str,
    language: str,
    latitude: float,
    longitude: float,
    zone: str,
    local_date: date,
    place: str,
    distance_km: float = 0.0,
) -> Message:
    """The daily message exactly as the broadcast renders it for this subscriber and date
    (``distance_km``: from the subscriber to the town ``place`` names)."""
    recipient = content.Recipient(
        0, user_id, phone, language, latitude, longitude, zone, local_date, place, distance_km
    )
    parameters, text = _daily_content()(recipient)
    return Message(tuple(parameters), text)


def subscriber_message(user, local_date: date) -> Message:
    """The daily message exactly as the broadcast renders it for ``user`` (a ``UserDetail``)."""
    parameters, text = _daily_content()(content.subscriber_recipient(user, local_date))
    return Message(tuple(parameters), text)


def search_places(text: str, limit: int = 10) -> list[places.Place]:
    return places.search(text, limit=limit)


def send_now(settings: Settings, messages: list, sender=None) -> list:
    """Send ``messages`` through ``sender`` (default: the configured channel); one result each."""
    sender = sender or make_sender(settings)

    async def run():
        try:
            return await sender.send_batch(messages)
        finally:
            await sender.close()

    return asyncio.run(run())
