"""What every answer of the dialogue (``conversation.dialogue``) knows: who wrote (their
standing), the turn being answered, and the values the replies name."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum
from typing import Any

from lokpanchang import planning
from lokpanchang.almanac import DRIK, Convention
from lokpanchang.conversation.commands import Command
from lokpanchang.messages import reply
from lokpanchang.messages.chat_words import AddressKind
from lokpanchang.messages.command_replies import sunrise_label
from lokpanchang.messages.places import place_label, zone_label
from lokpanchang.messages.replies import reply_to
from lokpanchang.storage.cities import city_name_in, km_from_city
from lokpanchang.storage.db import Session
from lokpanchang.storage.erasure import Erased


class Standing(StrEnum):
    """Who wrote, as every answer needs to know."""

    STRANGER = "stranger"
    SUBSCRIBED = "subscribed"
    PAUSED = "paused"
    STOPPED = "stopped"


@dataclass(frozen=True)
class Said:
    """One reply: ``kind`` is ``text`` or ``location_request``."""

    kind: str
    text: str


@dataclass
class Turn:
    """One text being answered: what to say back, and whoever was erased."""

    session: Session
    user: Any  # the stored subscriber (``storage.addresses.subscriber_at``), None: a stranger
    command: Command
    language: str
    now: datetime
    address_kind: AddressKind = AddressKind.NUMBER  # what the person's address with us is
    convention: Convention = DRIK  # the almanac's (the settings' ``ALMANAC_CONVENTION``)
    said: list[Said] = field(default_factory=list)
    erased: list[Erased] = field(default_factory=list)

    @property
    def standing(self) -> Standing:
        return standing(self.user, self.now)

    def say(self, kind: str, **values: str) -> Said:
        return Said("text", reply_to(self.address_kind, kind, self.language, **values))


def standing(user, now: datetime) -> Standing:
    """The sender's standing at ``now`` (a paused subscriber is still subscribed)."""
    if user is None or user.latitude is None:
        return Standing.STRANGER
    if not user.is_active(now):
        return Standing.STOPPED
    if user.paused_until is not None and user.paused_until >= local_today(user, now):
        return Standing.PAUSED
    return Standing.SUBSCRIBED


def local_today(user, now: datetime) -> date:
    return planning.local_date_at(user.timezone, now) if user.timezone else now.date()


def subscriber_of(turn: Turn):
    """The sender, if subscribed (paused or not); None for a stranger or someone who stopped."""
    if turn.standing in (Standing.SUBSCRIBED, Standing.PAUSED):
        return turn.user
    return None


def where_and_when(user) -> dict[str, str]:
    """The values the replies name: place (as messages name it), zone, send time."""
    language = user.language
    if user.city is None:
        place = f"{user.latitude:.3f}, {user.longitude:.3f}"
    else:
        distance = km_from_city(user.latitude, user.longitude, user.city)
        place = place_label(city_name_in(user.city, language), distance, language)
    when = reply("at_time", language, time=f"{user.send_time:%H:%M}")
    if user.sunrise_offset is not None:
        when = sunrise_label(user.sunrise_offset, language)
    return {"place": place, "timezone": zone_label(user.timezone), "when": when}
