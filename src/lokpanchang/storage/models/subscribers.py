"""Subscribers: their places, their history, and the WhatsApp messages they sent us."""

from __future__ import annotations

from datetime import UTC, date, datetime, time

from sqlalchemy import (
    CheckConstraint,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    Time,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from lokpanchang.almanac.calendars.kinds import Calendar
from lokpanchang.storage.models.base import Base, UTCDateTime
from lokpanchang.storage.states import Channel, check_constraint

FOREVER = datetime(2099, 12, 31, tzinfo=UTC)
"""``obsoleted_on`` of an active subscriber (the seed's convention)."""

DEFAULT_SEND_TIME = time(6, 30)


class CityDetail(Base):
    """A resolved place, kept so subscribers can share it."""

    __tablename__ = "city_detail"
    __table_args__ = (UniqueConstraint("city", "state", "country", name="uq_city_detail_place"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    city: Mapped[str] = mapped_column(String(200))
    state: Mapped[str] = mapped_column(String(200), default="")
    country: Mapped[str] = mapped_column(String(100), default="")
    country_code: Mapped[str] = mapped_column(String(2), default="")
    timezone: Mapped[str] = mapped_column(String(64))
    latitude: Mapped[float] = mapped_column(Float)
    longitude: Mapped[float] = mapped_column(Float)


ADDRESSED = (
    "(channel = 'whatsapp' AND phone IS NOT NULL) OR (channel = 'telegram' AND chat_id IS NOT NULL)"
)
"""A subscriber has an address on their channel."""

CHOSEN_CALENDAR = f"calendar IS NULL OR {check_constraint('calendar', Calendar)}"
"""A subscriber's chosen calendar is one the almanac reckons (or none: the default)."""


class UserDetail(Base):
    """A subscriber. Active means ``obsoleted_on > now``; one row per phone (or Telegram
    chat), history in events. Messages go to their ``address`` on their ``channel``."""

    __tablename__ = "user_detail"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # E.164; None for someone who signed up on Telegram (a crossed-over subscriber keeps it).
    phone: Mapped[str | None] = mapped_column(String(20), unique=True)
    channel: Mapped[str] = mapped_column(String(16), default=Channel.WHATSAPP)
    chat_id: Mapped[str | None] = mapped_column(String(32), unique=True)  # a Telegram chat
    # The code of their t.me/<bot>?start=<code> link, offered when WhatsApp blocks them:
    # opening it links that Telegram chat to this subscription (used once).
    link_code: Mapped[str | None] = mapped_column(String(64), unique=True)
    wa_id: Mapped[str | None] = mapped_column(String(32))
    display_name: Mapped[str] = mapped_column(String(200), default="")
    latitude: Mapped[float | None] = mapped_column(Float)
    longitude: Mapped[float | None] = mapped_column(Float)
    timezone: Mapped[str | None] = mapped_column(String(64), index=True)
    city_id: Mapped[int | None] = mapped_column(ForeignKey("city_detail.id"))
    language: Mapped[str] = mapped_column(String(8), default="en")
    send_time: Mapped[time] = mapped_column(Time, default=DEFAULT_SEND_TIME)
    created_on: Mapped[datetime] = mapped_column(UTCDateTime)
    obsoleted_on: Mapped[datetime] = mapped_column(UTCDateTime, default=FOREVER)
    updated_on: Mapped[datetime | None] = mapped_column(UTCDateTime)
    disabled_reason: Mapped[str | None] = mapped_column(String(200))
    undeliverable_days: Mapped[int] = mapped_column(Integer, default=0)
    # The WhatsApp phone-number id this subscriber is pinned to: their messages, our replies
    # and the statuses stay on it. Empty until the first send or the first message they write.
    number_id: Mapped[str | None] = mapped_column(String(32))
    # When they were told that the channel's policy blocked a message (told once).
    blocked_notice_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Sent at sunrise: minutes after (before, if negative) the place's sunrise; None = at
    # ``send_time``. ``send_time`` then holds the next sunrise's minute, due at
    # ``sunrise_due_at`` (UTC), moved on by the planner once that slot is planned.
    sunrise_offset: Mapped[int | None] = mapped_column(Integer)
    sunrise_due_at: Mapped[datetime | None] = mapped_column(UTCDateTime, index=True)
    # No daily message on local dates up to and including this one (``pause N``).
    paused_until: Mapped[date | None] = mapped_column(Date)
    # When they sent ``delete``: a ``yes`` soon after erases their number and location.
    delete_asked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # The calendar their message's month line uses (``almanac.calendars.Calendar``), as they
    # chose it; None: the default for their language and place (``default_calendar``).
    calendar: Mapped[str | None] = mapped_column(String(16))

    city: Mapped[CityDetail | None] = relationship(lazy="joined")

    __table_args__ = (
        Index("ix_user_detail_zone_active", "timezone", "send_time", "obsoleted_on"),
        CheckConstraint(check_constraint("channel", Channel), name="ck_user_detail_channel"),
        CheckConstraint(ADDRESSED, name="ck_user_detail_address"),
        CheckConstraint(CHOSEN_CALENDAR, name="ck_user_detail_calendar"),
    )

    @property
    def address(self) -> str:
        """Where their messages go on their channel: the phone number, or the chat id."""
        return (self.chat_id if self.channel == Channel.TELEGRAM else self.phone) or ""

    def is_active(self, now: datetime) -> bool:
        return self.obsoleted_on > now

    def location(self) -> tuple[float, float, str]:
        """Latitude, longitude (degrees) and IANA zone; ValueError when the place is unknown."""
        if self.latitude is None or self.longitude is None or self.timezone is None:
            raise ValueError(f"subscriber {self.id} has no location")
        return self.latitude, self.longitude, self.timezone


class SubscriptionEvent(Base):
    """History of a subscriber: subscribed, stopped, resumed, moved, disabled."""

    __tablename__ = "subscription_event"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_detail.id"), index=True)
    kind: Mapped[str] = mapped_column(String(20))
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    detail: Mapped[str] = mapped_column(Text, default="")


class InboundMessage(Base):
    """WhatsApp message ids already handled, so Meta's retries are processed once; for a
    stranger's text, the language its words suggested (used when they then sign up)."""

    __tablename__ = "inbound_message"
    __table_args__ = (Index("ix_inbound_message_from_received", "from_phone", "received_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    wa_message_id: Mapped[str] = mapped_column(String(128), unique=True)
    from_phone: Mapped[str] = mapped_column(String(20))
    kind: Mapped[str] = mapped_column(String(20))
    received_at: Mapped[datetime] = mapped_column(UTCDateTime)
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
