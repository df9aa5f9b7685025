"""SQLAlchemy 2 models. Table names are the seed's where it names them.

All instants are stored as UTC and come back as aware UTC datetimes
(``UTCDateTime``), on SQLite as on PostgreSQL.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    Time,
    TypeDecorator,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from lokpanchang.storage.states import (
    Channel,
    LedgerKind,
    LedgerStatus,
    RunStatus,
    check_constraint,
)

FOREVER = datetime(2099, 12, 31, tzinfo=UTC)
"""``obsoleted_on`` of an active subscriber (the seed's convention)."""

DEFAULT_SEND_TIME = time(6, 30)


class UTCDateTime(TypeDecorator):
    """Aware datetimes in, aware UTC datetimes out; naive values are refused."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value.isoformat()} given to a UTC column")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Base(DeclarativeBase):
    pass


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

    city: Mapped[CityDetail | None] = relationship(lazy="joined")

    __table_args__ = (
        Index("ix_user_detail_zone_active", "timezone", "send_time", "obsoleted_on"),
        CheckConstraint(check_constraint("channel", Channel), name="ck_user_detail_channel"),
        CheckConstraint(ADDRESSED, name="ck_user_detail_address"),
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


class BroadcastRun(Base):
    """One daily send for a (zone, local send time, local date): the planner's unit of work."""

    __tablename__ = "broadcast_run"
    __table_args__ = (
        UniqueConstraint("timezone", "send_time", "local_date", name="uq_broadcast_run_slot"),
        Index("ix_broadcast_run_status_due", "status", "due_at"),
        CheckConstraint(check_constraint("status", RunStatus), name="ck_broadcast_run_status"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    timezone: Mapped[str] = mapped_column(String(64))
    send_time: Mapped[time] = mapped_column(Time)
    local_date: Mapped[date] = mapped_column(Date)
    due_at: Mapped[datetime] = mapped_column(UTCDateTime)
    status: Mapped[str] = mapped_column(String(16), default=RunStatus.PLANNED)
    late: Mapped[bool] = mapped_column(Boolean, default=False)
    planned_at: Mapped[datetime] = mapped_column(UTCDateTime)
    enqueued_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    enqueue_count: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    sent: Mapped[int] = mapped_column(Integer, default=0)
    failed: Mapped[int] = mapped_column(Integer, default=0)
    skipped: Mapped[int] = mapped_column(Integer, default=0)
    batches: Mapped[int] = mapped_column(Integer, default=0)
    error: Mapped[str | None] = mapped_column(Text)


class MessageLog(Base):
    """The delivery ledger: at most one daily panchangam per subscriber per local date."""

    __tablename__ = "message_log"
    __table_args__ = (
        UniqueConstraint("user_id", "local_date", name="uq_message_log_user_date"),
        Index("ix_message_log_run_status", "run_id", "status"),
        Index("ix_message_log_admitted_at", "admitted_at"),
        CheckConstraint(check_constraint("status", LedgerStatus), name="ck_message_log_status"),
        CheckConstraint(check_constraint("kind", LedgerKind), name="ck_message_log_kind"),
    )

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_detail.id"))
    local_date: Mapped[date] = mapped_column(Date, index=True)
    run_id: Mapped[int | None] = mapped_column(ForeignKey("broadcast_run.id"))
    timezone: Mapped[str] = mapped_column(String(64), default="")
    kind: Mapped[str] = mapped_column(String(16), default=LedgerKind.DAILY)
    status: Mapped[str] = mapped_column(String(16), default=LedgerStatus.PENDING)
    whatsapp_message_id: Mapped[str | None] = mapped_column(String(128), index=True)
    error_code: Mapped[int | None] = mapped_column(Integer)
    error_detail: Mapped[str | None] = mapped_column(Text)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    scheduled_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    claimed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    delivered_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    read_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    failed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    late: Mapped[bool] = mapped_column(Boolean, default=False)
    # A row in 'retry' is not sent again before this instant (the batch's back-off).
    retry_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # When the messaging limit admitted this row (it then counts for 24 h); None if deferred.
    admitted_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


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


class SchedulerLock(Base):
    """Locks in the database for the embedded mode (Redis ``SET NX EX`` otherwise)."""

    __tablename__ = "scheduler_lock"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)


class DailyMetrics(Base):
    __tablename__ = "daily_metrics"
    __table_args__ = (UniqueConstraint("day", "timezone", name="uq_daily_metrics_day_zone"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    day: Mapped[date] = mapped_column(Date)
    timezone: Mapped[str] = mapped_column(String(64), default="")  # "" = all zones
    sent: Mapped[int] = mapped_column(Integer, default=0)
    delivered: Mapped[int] = mapped_column(Integer, default=0)
    read: Mapped[int] = mapped_column(Integer, default=0)
    failed: Mapped[int] = mapped_column(Integer, default=0)
    late: Mapped[int] = mapped_column(Integer, default=0)
    missed: Mapped[int] = mapped_column(Integer, default=0)  # subscribers (ledger rows 'missed')
    missed_runs: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    ambiguous: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    new_subscribers: Mapped[int] = mapped_column(Integer, default=0)
    unsubscribed: Mapped[int] = mapped_column(Integer, default=0)
    active_subscribers: Mapped[int] = mapped_column(Integer, default=0)
    zones_served: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class SystemHealthLog(Base):
    __tablename__ = "system_health_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    cpu_percent: Mapped[float | None] = mapped_column(Float)
    memory_percent: Mapped[float | None] = mapped_column(Float)
    disk_percent: Mapped[float | None] = mapped_column(Float)
    database_ok: Mapped[bool] = mapped_column(Boolean, default=False)
    database_latency_ms: Mapped[float | None] = mapped_column(Float)
    redis_ok: Mapped[bool | None] = mapped_column(Boolean)
    redis_latency_ms: Mapped[float | None] = mapped_column(Float)
    queue_depths: Mapped[dict] = mapped_column(JSON, default=dict)
    workers_alive: Mapped[int | None] = mapped_column(Integer)
    detail: Mapped[dict] = mapped_column(JSON, default=dict)


class ApiUsageLog(Base):
    __tablename__ = "api_usage_log"

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    endpoint: Mapped[str] = mapped_column(String(200))
    method: Mapped[str] = mapped_column(String(8), default="POST")
    status_code: Mapped[int | None] = mapped_column(Integer)
    error_code: Mapped[int | None] = mapped_column(Integer)
    latency_ms: Mapped[float | None] = mapped_column(Float)
    message_log_id: Mapped[int | None] = mapped_column(BigInteger().with_variant(Integer, "sqlite"))


class ScheduledJob(Base):
    """An operator-defined job: run once at ``next_run_at`` (UTC) or by ``cron`` in ``cron_zone``.

    ``kind``: announcement (payload audience all/zone/subscriber), report, backfill (zone, date).
    ``status``: active, paused, running, done, failed. A dispatcher claims a due row with a
    conditional UPDATE on (id, next_run_at, status='active'), so one job runs once per instant.
    """

    __tablename__ = "scheduled_job"
    __table_args__ = (Index("ix_scheduled_job_due", "status", "next_run_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    kind: Mapped[str] = mapped_column(String(20))
    payload: Mapped[dict] = mapped_column(JSON, default=dict)
    cron: Mapped[str | None] = mapped_column(String(120))
    cron_zone: Mapped[str] = mapped_column(String(64), default="UTC")
    next_run_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    status: Mapped[str] = mapped_column(String(16), default="active")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_run_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    claimed_by: Mapped[str | None] = mapped_column(String(200))
    run_count: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str | None] = mapped_column(Text)


class ScheduledJobRun(Base):
    """One execution of a scheduled job: when, by whom, and what came of it."""

    __tablename__ = "scheduled_job_run"
    __table_args__ = (UniqueConstraint("job_id", "due_at", name="uq_scheduled_job_run_due"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    job_id: Mapped[int] = mapped_column(ForeignKey("scheduled_job.id"), index=True)
    due_at: Mapped[datetime] = mapped_column(UTCDateTime)
    claimed_by: Mapped[str] = mapped_column(String(200))
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    outcome: Mapped[str] = mapped_column(String(16), default="running")
    detail: Mapped[dict] = mapped_column(JSON, default=dict)


class BeatEntryStatus(Base):
    """Last start, finish and outcome of each beat entry, written by Celery signals."""

    __tablename__ = "beat_entry_status"

    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    task: Mapped[str] = mapped_column(String(200))
    last_started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_outcome: Mapped[str | None] = mapped_column(String(16))
    last_error: Mapped[str | None] = mapped_column(Text)
    last_task_id: Mapped[str | None] = mapped_column(String(64))
    last_duration_s: Mapped[float | None] = mapped_column(Float)


class Operator(Base):
    """A person who may use the admin portal. Only a werkzeug password hash is stored."""

    __tablename__ = "operator"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(64), unique=True)
    # The username in lower case, unique: "opa" and "OPA" are one account.
    username_key: Mapped[str] = mapped_column(String(64), unique=True)
    password_hash: Mapped[str] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_login_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class OperatorSession(Base):
    """A logged-in portal session. The cookie carries a random token; only its SHA-256 is
    stored. Logging out deletes the row, a password change deletes all of the operator's,
    so a cookie saved before either no longer logs anyone in."""

    __tablename__ = "operator_session"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    operator_id: Mapped[int] = mapped_column(
        ForeignKey("operator.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class AnnouncementLog(Base):
    """The ledger of an announcement: one row per (scheduled job run, subscriber), so a job
    run, however often it is re-executed, never messages anyone twice."""

    __tablename__ = "announcement_log"
    __table_args__ = (
        UniqueConstraint("job_run_id", "user_id", name="uq_announcement_log_run_user"),
        Index("ix_announcement_log_run_status", "job_run_id", "status"),
        Index("ix_announcement_log_admitted_at", "admitted_at"),
        CheckConstraint(
            check_constraint("status", LedgerStatus), name="ck_announcement_log_status"
        ),
    )

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    job_run_id: Mapped[int] = mapped_column(ForeignKey("scheduled_job_run.id"))
    user_id: Mapped[int] = mapped_column(ForeignKey("user_detail.id"))
    status: Mapped[str] = mapped_column(String(16), default=LedgerStatus.PENDING)
    whatsapp_message_id: Mapped[str | None] = mapped_column(String(128))
    error_code: Mapped[int | None] = mapped_column(Integer)
    error_detail: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    claimed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    failed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    retry_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    admitted_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class PreparedPanchangam(Base):
    """A panchangam computed before its send instant, shared by every worker.

    ``key`` is the rounded place, zone and local date (``broadcast.content.store_key``);
    ``value`` is ``Panchangam.to_dict()``. Rows are written once (insert or ignore).
    """

    __tablename__ = "prepared_panchangam"

    key: Mapped[str] = mapped_column(String(160), primary_key=True)
    local_date: Mapped[date] = mapped_column(Date, index=True)
    value: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class LoginFailure(Base):
    """A failed (or not yet checked) admin login attempt, counted per username and per client
    address by ``lokpanchang.throttle``. Rows older than the throttle's horizon are pruned."""

    __tablename__ = "login_failure"
    __table_args__ = (
        Index("ix_login_failure_username_at", "username", "failed_at"),
        Index("ix_login_failure_address_at", "address", "failed_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(64))
    address: Mapped[str] = mapped_column(String(64))
    failed_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
