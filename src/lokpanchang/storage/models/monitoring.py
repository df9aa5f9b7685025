"""What the service records about itself: daily counts, health samples, API calls, and the
inbound side's running counts."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import JSON, BigInteger, Boolean, Date, Float, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from lokpanchang.storage.models.base import Base, UTCDateTime


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
    blocked: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
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


class InboundCount(Base):
    """A running count of the inbound side (``storage.inbound_counts``): ``counter`` is
    ``received``, ``answered`` or ``replies``; ``label`` its outcome, command or send outcome."""

    __tablename__ = "inbound_count"

    counter: Mapped[str] = mapped_column(String(16), primary_key=True)
    channel: Mapped[str] = mapped_column(String(32), primary_key=True)
    label: Mapped[str] = mapped_column(String(32), primary_key=True)
    count: Mapped[int] = mapped_column(BigInteger, default=0)
