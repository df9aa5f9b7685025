"""The portal's calls into other subjects: places, the almanac and the broadcast's content
function (sends go through ``broadcast``'s pipeline, see ``web.admin.dispatch``).

Kept in one module so the views stay thin and the web layer has a single seam to them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path

from lokpanchang import places
from lokpanchang.almanac import Convention, convention_named, generate_panchangam_with_timezone
from lokpanchang.almanac.panchangam import FIRST_YEAR, LAST_YEAR
from lokpanchang.broadcast import content
from lokpanchang.card import render_card
from lokpanchang.card_cache import CardCache, CardKey
from lokpanchang.config import Settings
from lokpanchang.messages import template_version
from lokpanchang.web import public_work

SUPPORTED_YEARS = (FIRST_YEAR, LAST_YEAR)  # the years the almanac computes


@public_work.bounded
def panchangam(
    latitude: float,
    longitude: float,
    zone: str,
    day: date,
    city: str,
    language: str,
    rising: str = "",
):
    """The almanac's Panchangam for ``day`` at the place, names in ``language``, under the
    configured almanac convention (ALMANAC_CONVENTION).

    ``rising`` is the sunrise convention (settings.sunrise_convention; empty: the almanac
    convention's own).
    """
    return generate_panchangam_with_timezone(
        latitude,
        longitude,
        zone,
        day,
        city=city,
        lang=language,
        convention=_convention(),
        rising=rising or None,
    )


@public_work.bounded
def month_observances(
    latitude: float, longitude: float, zone: str, first: date, language: str
) -> list[dict]:
    """The observances (JSON objects) of the calendar month starting ``first`` at the place."""
    from calendar import monthrange

    last = first.replace(day=monthrange(first.year, first.month)[1])
    return _observances(latitude, longitude, zone, first, last, language, _convention())


@public_work.bounded
def observances_from(
    latitude: float, longitude: float, zone: str, first: date, last: date, language: str
) -> list[dict]:
    """The observances (JSON objects) on ``first`` .. ``last`` at the place."""
    return _observances(latitude, longitude, zone, first, last, language, _convention())


def _observances(
    latitude, longitude, zone, first, last, language, convention: Convention
) -> list[dict]:
    from zoneinfo import ZoneInfo

    from lokpanchang.almanac.observances import Place, observances_between

    place = Place(latitude, longitude, ZoneInfo(zone), convention=convention)
    found = observances_between(place, first, last, language)
    return [item.to_dict() for item in found.observances]


@public_work.bounded
def place_at(latitude: float, longitude: float):
    """The gazetteer's place for the point: its zone and nearest town."""
    return places.lookup(latitude, longitude)


@dataclass(frozen=True)
class Message:
    parameters: tuple[str, ...]
    text: str


@lru_cache(maxsize=4)
def _daily_content(version: int, convention: Convention):
    """The broadcast's own content function (panchangams cached per place and date)."""
    return content.almanac_content(version=version, convention=convention)


def _convention() -> Convention:
    """The almanac convention of the app's settings (ALMANAC_CONVENTION); outside a request,
    the default's."""
    from flask import has_app_context

    from lokpanchang.web import app_settings

    if not has_app_context():
        return convention_named(Settings.model_fields["almanac_convention"].default)
    return convention_named(app_settings().almanac_convention)


def _template_version() -> int:
    """The daily template version the configured sender uses (WHATSAPP_TEMPLATE_NAME);
    outside a request (scripts, tests), the default template's."""
    from flask import has_app_context

    from lokpanchang.web import app_settings  # the app's settings, read at request time

    if not has_app_context():
        return template_version(Settings.model_fields["whatsapp_template_name"].default)
    return template_version(app_settings().whatsapp_template_name)


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
    calendar: str = "",
) -> Message:
    """The daily message exactly as the broadcast renders it for this subscriber and date,
    in the template version the sender is configured for (``distance_km``: from the
    subscriber to the town ``place`` names; ``calendar``: the month line's)."""
    recipient = content.Recipient(
        0,
        user_id,
        phone,
        language,
        latitude,
        longitude,
        zone,
        local_date,
        place,
        distance_km,
        calendar,
    )
    return _message(_template_version(), recipient)


def public_message(
    language: str,
    latitude: float,
    longitude: float,
    zone: str,
    day: date,
    place: str,
    calendar: str = "",
) -> Message:
    """The daily message as a subscriber at the place would get it on ``day`` (the public
    page's: no one's number), in the template version the sender is configured for, the
    month line in ``calendar`` ("": purnimanta)."""
    where = (latitude, longitude, zone)
    return _public_message(_template_version(), language, *where, day, place, calendar)


@public_work.bounded
def _public_message(version, language, latitude, longitude, zone, day, place, calendar) -> Message:
    where = (latitude, longitude, zone)
    recipient = content.Recipient(0, 0, "", language, *where, day, place, 0.0, calendar)
    return _message(version, recipient)


def _message(version: int, recipient) -> Message:
    parameters, text = _daily_content(version, _convention())(recipient)
    return Message(tuple(parameters), text)


@dataclass(frozen=True)
class CardPlace:
    """Where and in what a card is asked for (the place as the gazetteer found it)."""

    latitude: float
    longitude: float
    zone: str
    city: str
    day: date
    language: str
    calendar: str


def card_key(asked: CardPlace, convention: str) -> CardKey:
    """The card cache's key: the place cell (the broadcast's rounding), date, language,
    calendar and almanac convention."""
    cell = (
        round(asked.latitude, content.PLACE_DECIMALS),
        round(asked.longitude, content.PLACE_DECIMALS),
    )
    return CardKey(*cell, asked.day, asked.language, asked.calendar, convention)


def cached_card(asked: CardPlace, settings: Settings) -> bytes | None:
    """The card from disk, or None when it has not been rendered (or was evicted)."""
    return _cards(settings).get(card_key(asked, settings.almanac_convention))


def card(asked: CardPlace, settings: Settings) -> bytes:
    """The card for ``asked``: from disk, else rendered within the public bound and kept."""
    where = (str(settings.effective_card_cache_dir), settings.card_cache_mb)
    return _card(asked, settings.almanac_convention, _template_version(), *where)


@public_work.bounded(cached=False)  # the cards' cache is the directory, not the LRU
def _card(asked: CardPlace, convention: str, version: int, directory: str, mb: int) -> bytes:
    recipient = content.Recipient(
        0, 0, "", asked.language, asked.latitude, asked.longitude, asked.zone, asked.day,
        asked.city, 0.0, asked.calendar,
    )  # fmt: skip
    # The panchangam the message text is made from (the broadcast's content, cached).
    day = _daily_content(version, convention_named(convention)).panchangams.get(recipient)
    cache = CardCache(Path(directory), mb * 1024 * 1024)
    return cache.get_or_render(
        card_key(asked, convention),
        lambda: render_card(day, asked.language, asked.city, asked.calendar),
    )


def _cards(settings: Settings) -> CardCache:
    return CardCache(settings.effective_card_cache_dir, settings.card_cache_mb * 1024 * 1024)


def subscriber_message(user, local_date: date) -> Message:
    """The daily message exactly as the broadcast renders it for ``user`` (a ``UserDetail``)."""
    recipient = content.subscriber_recipient(user, local_date)
    parameters, text = _daily_content(_template_version(), _convention())(recipient)
    return Message(tuple(parameters), text)


@public_work.bounded
def search_places(text: str, limit: int = 10) -> list[places.Place]:
    return places.search(text, limit=limit)
