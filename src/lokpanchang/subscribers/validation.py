"""Checking what a subscriber gives us: phone, coordinates, language, send time, name,
calendar.

Every check raises ValueError with a message naming the bad value, so the CLI, the
webhook, the admin portal and CSV import report problems the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import time

import phonenumbers

from lokpanchang import languages
from lokpanchang.almanac.calendars.kinds import CHOICES, calendar
from lokpanchang.config import parse_send_time
from lokpanchang.places import validated
from lokpanchang.storage.models import DEFAULT_SEND_TIME

LANGUAGES = languages.CODES
"""The registry's codes (``lokpanchang.languages``)."""

DEFAULT_REGION = "IN"
"""Region assumed for numbers written without ``+`` (most subscribers are in India)."""

NAME_MAX = 200


@dataclass(frozen=True, slots=True)
class NewSubscriber:
    """A subscriber's details, all checked and normalised."""

    phone: str  # "" for a Telegram subscriber (``chat_id``)
    latitude: float
    longitude: float
    name: str = ""
    language: str = "en"
    send_time: time = DEFAULT_SEND_TIME
    chat_id: str | None = None


def check_chat_id(value: object) -> str:
    """A Telegram chat id as stored (``"123456789"``), or a ValueError naming it."""
    text = str(value).strip()
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 16 or int(digits) == 0:
        raise ValueError(
            f"chat id {value!r} is not a Telegram chat id (an integer, e.g. 123456789)"
        )
    return str(int(text))


def normalise_phone(text: str, default_region: str | None = DEFAULT_REGION) -> str:
    """``text`` as an E.164 number (``+919876543210``), or a ValueError naming it.

    Numbers without ``+`` (or ``00``) are read as numbers of ``default_region``;
    with ``default_region=None`` the ``+`` is required.
    """
    raw = str(text).strip()
    if raw.startswith("00"):
        raw = "+" + raw[2:]
    try:
        number = phonenumbers.parse(raw, None if raw.startswith("+") else default_region)
    except phonenumbers.NumberParseException:
        raise ValueError(
            f"phone {text!r} is not a phone number; write it as +<country><number>"
        ) from None
    if not phonenumbers.is_valid_number(number):
        raise ValueError(f"phone {text!r} is not a valid phone number for its country")
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


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
    phone: str | None,
    latitude: object,
    longitude: object,
    name: str | None = None,
    language: str | None = None,
    send_time: str | time | None = None,
    default_send_time: time = DEFAULT_SEND_TIME,
    chat_id: object = None,
) -> NewSubscriber:
    """Check and normalise every field; the first problem found raises ValueError.

    ``chat_id`` makes a Telegram subscriber (``phone`` is then None)."""
    lat, lon = validated(latitude, longitude)
    return NewSubscriber(
        phone=normalise_phone(phone or "") if chat_id is None else "",
        chat_id=check_chat_id(chat_id) if chat_id is not None else None,
        latitude=lat,
        longitude=lon,
        name=check_name(name),
        language=check_language(language),
        send_time=check_send_time(send_time, default_send_time),
    )
