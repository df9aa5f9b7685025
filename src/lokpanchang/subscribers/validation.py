"""Checking what a subscriber gives us: address, coordinates, language, send time, name,
calendar.

Every check raises ValueError with a message naming the bad value, so the CLI, the
webhook, the admin portal and CSV import report problems the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import time

from lokpanchang import languages
from lokpanchang.almanac.calendars.kinds import CHOICES, calendar
from lokpanchang.config import parse_send_time
from lokpanchang.delivery.adapters import DEFAULT, adapter
from lokpanchang.delivery.whatsapp_adapter import DEFAULT_REGION, normalise_phone
from lokpanchang.places import validated
from lokpanchang.storage.subscriptions import DEFAULT_SEND_TIME

LANGUAGES = languages.CODES
"""The registry's codes (``lokpanchang.languages``)."""

NAME_MAX = 200


@dataclass(frozen=True, slots=True)
class NewSubscriber:
    """A subscriber's details, all checked and normalised."""

    address: str  # on ``channel``, normalised by its adapter: "+919876543210"
    latitude: float
    longitude: float
    name: str = ""
    language: str = "en"
    send_time: time = DEFAULT_SEND_TIME
    channel: str = DEFAULT


__all__ = ["DEFAULT_REGION", "LANGUAGES", "NewSubscriber", "new_subscriber", "normalise_phone"]


def check_language(code: str | None) -> str:
    """The language code, lower-cased; ``None``/empty means English."""
    value = (code or "en").strip().lower()
    if value not in LANGUAGES:
        raise ValueError(f"language {code!r} is not supported; use one of {', '.join(LANGUAGES)}")
    return value


def check_send_time(value: str | time | None, default: time = DEFAULT_SEND_TIME) -> time:
    """A local send time from ``HH:MM`` (or a time); ``None``/empty means ``default``."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return default
    if isinstance(value, time):
        return value.replace(second=0, microsecond=0, tzinfo=None)
    return parse_send_time(value)


DEFAULT_CALENDAR = "default"
"""What stands for "no choice of mine": the default calendar of one's language and place."""


def check_calendar(value: str | None) -> str | None:
    """A calendar to store (``almanac.calendars.Calendar`` value), or None for ``default``
    (or empty): the subscriber then reads the default of their language and place."""
    text = (value or "").strip().casefold()
    if text in ("", DEFAULT_CALENDAR):
        return None
    try:
        return str(calendar(text))
    except ValueError:
        raise ValueError(
            f"calendar {value!r} is not one we reckon; use one of {', '.join(CHOICES)}"
            f" or {DEFAULT_CALENDAR}"
        ) from None


def check_name(name: str | None) -> str:
    value = " ".join((name or "").split())
    if len(value) > NAME_MAX:
        raise ValueError(f"name {value[:40]!r}... is longer than {NAME_MAX} characters")
    return value


def new_subscriber(
    address: object,
    latitude: object,
    longitude: object,
    name: str | None = None,
    language: str | None = None,
    send_time: str | time | None = None,
    default_send_time: time = DEFAULT_SEND_TIME,
    channel: str = DEFAULT,
) -> NewSubscriber:
    """Check and normalise every field; the first problem found raises ValueError.

    ``address`` is on ``channel`` (a phone number on the default channel, WhatsApp)."""
    lat, lon = validated(latitude, longitude)
    return NewSubscriber(
        address=adapter(channel).normalise(str(address or "")),
        channel=channel,
        latitude=lat,
        longitude=lon,
        name=check_name(name),
        language=check_language(language),
        send_time=check_send_time(send_time, default_send_time),
    )
