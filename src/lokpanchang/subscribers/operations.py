"""Subscribe, stop, move and list: the operations the CLI, webhook and admin portal share.

A subscriber is one ``user_detail`` row with an address on one channel or more (``(channel,
address)`` in ``subscriber_address``, normalised by the channel's adapter). Active means ``obsoleted_on > now``:
subscribing sets it to ``FOREVER`` (``storage.subscriptions``), stopping sets it to ``now``,
subscribing again reactivates the same row. Each change is recorded in ``subscription_event``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time

from lokpanchang.clock import require_aware
from lokpanchang.delivery.adapters import ADAPTERS, DEFAULT, adapter
from lokpanchang.places import lookup, validated
from lokpanchang.storage import addresses, directory, subscriber_history, subscriptions
from lokpanchang.storage.cities import get_or_create_city
from lokpanchang.storage.db import Session
from lokpanchang.subscribers.validation import (
    check_calendar,
    check_language,
    check_name,
    check_send_time,
    new_subscriber,
)


class SubscriberNotFound(ValueError):
    """No subscriber has this phone number."""


@dataclass(frozen=True)
class SubscriberFilter:
    """Which subscribers to list. ``active=None`` lists everyone."""

    active: bool | None = None
    timezone: str | None = None
    language: str | None = None
    text: str | None = None  # part of an address or of the name
    limit: int | None = None
    offset: int = 0


def find_by_address(session: Session, channel: str, address: str):
    """The subscriber at ``address`` on ``channel`` (normalised first; ValueError naming a bad one)."""
    return addresses.subscriber_at(session, channel, adapter(channel).normalise(address))


def find_by_phone(session: Session, phone: str):
    """The subscriber at WhatsApp number ``phone`` (the CLI's and the portal's key)."""
    return find_by_address(session, DEFAULT, phone)


def record_event(session: Session, user, kind: str, at: datetime, detail: str = "") -> None:
    """Record the event ``kind`` of the stored subscriber ``user`` (``subscription_event``)."""
    subscriber_history.record_event(session, user.id, kind, at, detail)


def subscribe(
    session: Session,
    address: str,
    latitude: float,
    longitude: float,
    *,
    now: datetime,
    channel: str = DEFAULT,
    name: str | None = None,
    language: str | None = None,
    send_time: str | time | None = None,
):
    """Create the subscriber at ``address`` on ``channel`` (a phone number on WhatsApp, the
    default), or update and reactivate the one there (signed up there, or linked to it).

    Fields left as ``None`` keep their stored value (or the default for a new
    subscriber). Raises ValueError naming any bad value; nothing is written then.
    """
    require_aware(now, "now")
    checked = new_subscriber(
        address, latitude, longitude, name, language, send_time, channel=channel
    )
    user = addresses.subscriber_at(session, channel, checked.address)
    return _subscribe(session, user, checked, now, name, language, send_time)


def subscribe_again(session: Session, user, now: datetime):
    """Reactivate ``user`` at their stored place, by their address on their channel."""
    if user.latitude is None or user.longitude is None:
        raise ValueError(f"subscriber {user.address} has no location")
    return subscribe(
        session, user.address, user.latitude, user.longitude, now=now, channel=user.channel
    )


def _subscribe(session, user, checked, now, name, language, send_time):
    if user is None:
        return _create(session, checked, now, name, language, send_time)
    was_active = user.is_active(now)
    _apply(user, checked, name, language, send_time)
    _place_user(session, user, checked.latitude, checked.longitude)
    subscriptions.reactivate(user, now)
    session.flush()
    record_event(session, user, "updated" if was_active else "resumed", now)
    return user


def _create(session, checked, now, name, language, send_time):
    user = subscriptions.new_subscriber(
        checked.channel,
        checked.address,
        now,
        display_name=checked.name,
        language=checked.language,
        send_time=checked.send_time,
    )
    _place_user(session, user, checked.latitude, checked.longitude)
    subscriptions.add(session, user)
    record_event(session, user, "subscribed", now)
    return user


def _apply(user, checked, name, language, send_time) -> None:
    if name is not None:
        user.display_name = checked.name
    if language is not None:
        user.language = checked.language
    if send_time is not None:
        user.send_time = checked.send_time


def _place_user(session: Session, user, latitude: float, longitude: float) -> None:
    place = lookup(latitude, longitude)
    user.latitude, user.longitude, user.timezone = latitude, longitude, place.timezone
    user.city = get_or_create_city(session, place)


def stop(session: Session, phone: str, now: datetime):
    """Unsubscribe: ``obsoleted_on = now``. Stopping an inactive subscriber changes nothing."""
    return stop_user(session, _require(session, phone), now)


def stop_user(session: Session, user, now: datetime):
    """``stop`` for a subscriber in hand (on any channel)."""
    require_aware(now, "now")
    if user.is_active(now):
        user.obsoleted_on, user.updated_on = now, now
        session.flush()
        record_event(session, user, "stopped", now)
    return user


def move(session: Session, phone: str, latitude: float, longitude: float, now: datetime):
    """Change a subscriber's location (and so their zone and city)."""
    return move_user(session, _require(session, phone), latitude, longitude, now)


def move_user(session: Session, user, latitude: float, longitude: float, now: datetime):
    """``move`` for a subscriber in hand (on any channel)."""
    require_aware(now, "now")
    latitude, longitude = validated(latitude, longitude)
    before = user.timezone
    _place_user(session, user, latitude, longitude)
    user.updated_on = now
    session.flush()
    record_event(session, user, "moved", now, f"{before} -> {user.timezone}")
    return user


def update_preferences(
    session: Session, phone: str, now: datetime, *, name=None, language=None, send_time=None
):
    """Change name, language or send time; ``None`` keeps the stored value."""
    return update_user_preferences(
        session, _require(session, phone), now, name=name, language=language, send_time=send_time
    )


def update_user_preferences(
    session: Session, user, now: datetime, *, name=None, language=None, send_time=None
):
    """``update_preferences`` for a subscriber in hand (on any channel)."""
    if name is not None:
        user.display_name = check_name(name)
    if language is not None:
        user.language = check_language(language)
    if send_time is not None:
        user.send_time = check_send_time(send_time)
    user.updated_on = now
    session.flush()
    record_event(session, user, "updated", now)
    return user


def choose_calendar(session: Session, user, value: str | None, now: datetime) -> str | None:
    """Store ``user``'s calendar (``check_calendar``: None or ``default`` clears the choice);
    returns what is stored. Raises ValueError naming a bad value, changing nothing."""
    chosen = check_calendar(value)
    user.calendar, user.updated_on = chosen, now
    session.flush()
    record_event(session, user, "updated", now, f"calendar {chosen or 'default'}")
    return chosen


def choose_card(session: Session, user, wanted: bool, now: datetime) -> None:
    """``user``'s daily message comes with its picture (``wanted``) or without (``card off``)."""
    user.card_off, user.updated_on = not wanted, now
    session.flush()
    record_event(session, user, "updated", now, f"card {'on' if wanted else 'off'}")


def set_calendar(session: Session, phone: str, value: str | None, now: datetime):
    """``choose_calendar`` for the subscriber with ``phone``."""
    user = _require(session, phone)
    choose_calendar(session, user, value, now)
    return user


def _require(session: Session, phone: str):
    user = find_by_phone(session, phone)
    if user is None:
        raise SubscriberNotFound(f"no subscriber has phone {phone!r}")
    return user


def list_subscribers(session: Session, now: datetime, filters: SubscriberFilter | None = None):
    """Subscribers matching ``filters``, oldest first (stored rows)."""
    wanted = filters or SubscriberFilter()
    return directory.listed_subscribers(
        session, now, _listed(wanted), limit=wanted.limit, offset=wanted.offset
    )


def count_subscribers(
    session: Session, now: datetime, filters: SubscriberFilter | None = None
) -> int:
    return directory.count_listed(session, now, _listed(filters or SubscriberFilter()))


def _listed(filters: SubscriberFilter) -> directory.Listed:
    return directory.Listed(filters.active, filters.timezone, filters.language, filters.text)


def as_record(user, now: datetime) -> dict:
    """A JSON-ready description of ``user`` (send time as local ``HH:MM``; for a subscriber at
    sunrise, ``sunrise_offset`` in minutes and the send time of their next sunrise)."""
    city = user.city
    return {
        # Each channel's address under its adapter's key ("phone", "chat_id"), None if none.
        **{found.record_key: user.address_on(name) or None for name, found in ADAPTERS.items()},
        "channel": user.channel,
        "name": user.display_name,
        "latitude": user.latitude,
        "longitude": user.longitude,
        "timezone": user.timezone,
        "city": city.city if city else None,
        "region": city.state if city else None,
        "country": city.country if city else None,
        "language": user.language,
        "send_time": user.send_time.strftime("%H:%M"),
        "calendar": user.calendar,  # None: the default of their language and place
        "sunrise_offset": user.sunrise_offset,
        "paused_until": user.paused_until.isoformat() if user.paused_until else None,
        "active": user.is_active(now),
        "created_on": user.created_on.isoformat(),
        "obsoleted_on": user.obsoleted_on.isoformat(),
    }
