"""Subscribers: their addresses, places and history, and the messages they sent us."""

from __future__ import annotations

from datetime import UTC, date, datetime, time

from sqlalchemy import (
    Boolean,
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
    false,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from lokpanchang.almanac.calendars.kinds import Calendar
from lokpanchang.storage.models.base import Base, UTCDateTime
from lokpanchang.storage.states import SubscriptionEventKind, check_constraint

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


MAX_ADDRESS = 320  # the longest address a channel has (an e-mail address: RFC 5321)


class SubscriberAddress(Base):
    """Where a subscriber is reached on one channel: ``(channel, address)``, unique, and one
    per channel for a subscriber (an E.164 number on WhatsApp, a chat id on Telegram).
    Channel names are the adapters' (``delivery.adapters``)."""

    __tablename__ = "subscriber_address"
    __table_args__ = (
        UniqueConstraint("channel", "address", name="uq_subscriber_address"),
        UniqueConstraint("user_id", "channel", name="uq_subscriber_address_channel"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_detail.id"), index=True)
    channel: Mapped[str] = mapped_column(String(16))
    address: Mapped[str] = mapped_column(String(MAX_ADDRESS))
    created_on: Mapped[datetime] = mapped_column(UTCDateTime)


AT_SUNRISE = "sunrise_offset IS NOT NULL"

CHOSEN_CALENDAR = f"calendar IS NULL OR {check_constraint('calendar', Calendar)}"
"""A subscriber's chosen calendar is one the almanac reckons (or none: the default)."""


class UserDetail(Base):
    """A subscriber. Active means ``obsoleted_on > now``; history in events. They have an
    address on one channel or more (``addresses``); messages go to their ``address`` on
    their ``channel``."""

    __tablename__ = "user_detail"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    channel: Mapped[str] = mapped_column(String(16), default="whatsapp")
    # The code of a link that moves the subscription to another channel (a t.me/<bot>?start=
    # <code> link, offered when WhatsApp blocks them): opening it links that chat (used once).
    link_code: Mapped[str | None] = mapped_column(String(64), unique=True)
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
    # They sent ``card off``: their daily message comes without its picture (issue 27).
    card_off: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    city: Mapped[CityDetail | None] = relationship(lazy="joined")
    # Loaded with the subscribers in one more query per statement (never one per subscriber).
    addresses: Mapped[list[SubscriberAddress]] = relationship(
        lazy="selectin", cascade="all, delete-orphan", order_by=SubscriberAddress.id
    )

    __table_args__ = (
        Index("ix_user_detail_zone_active", "timezone", "send_time", "obsoleted_on"),
        # Only the subscribers at sunrise: the planner's pass asks for them, never the rest.
        Index(
            "ix_user_detail_sunrise_waiting",
            "sunrise_due_at",
            postgresql_where=text(AT_SUNRISE),
            sqlite_where=text(AT_SUNRISE),
        ),
        CheckConstraint(CHOSEN_CALENDAR, name="ck_user_detail_calendar"),
    )

    @classmethod
    def at(cls, channel: str, address: str, **fields) -> UserDetail:
        """A new subscriber reached at ``address`` on ``channel`` (their other columns in
        ``fields``; the address is as old as ``created_on``)."""
        user = cls(channel=channel, **fields)
        user.set_address(channel, address, fields.get("created_on") or FOREVER)
        return user

    @property
    def address(self) -> str:
        """Where their messages go: their address on their channel ("" when they have none)."""
        return self.address_on(self.channel)

    def address_on(self, channel: str) -> str:
        """Their address on ``channel`` ("" when they have none there)."""
        return next((a.address for a in self.addresses if a.channel == channel), "")

    def set_address(self, channel: str, address: str, now: datetime) -> None:
        """Reach them at ``address`` on ``channel`` (replacing their address there, if any)."""
        for known in self.addresses:
            if known.channel == channel:
                known.address = address
                return
        self.addresses.append(SubscriberAddress(channel=channel, address=address, created_on=now))

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
    __table_args__ = (
        CheckConstraint(
            check_constraint("kind", SubscriptionEventKind), name="ck_subscription_event_kind"
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_detail.id"), index=True)
    kind: Mapped[str] = mapped_column(String(20))
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    detail: Mapped[str] = mapped_column(Text, default="")


class InboundMessage(Base):
    """Inbound message ids already handled (of any channel), so its retries are processed once; for a
    stranger's text, the language its words suggested (used when they then sign up)."""

    __tablename__ = "inbound_message"
    __table_args__ = (Index("ix_inbound_message_from_received", "from_phone", "received_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    wa_message_id: Mapped[str] = mapped_column(String(128), unique=True)
    from_phone: Mapped[str] = mapped_column(String(MAX_ADDRESS))  # the sender's address
    kind: Mapped[str] = mapped_column(String(20))
    received_at: Mapped[datetime] = mapped_column(UTCDateTime)
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
