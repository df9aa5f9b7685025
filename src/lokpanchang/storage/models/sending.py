"""What is sent: the daily runs, the delivery ledgers (daily, announcements, notices, direct
sends), and the
panchangams prepared for them."""

from __future__ import annotations

from datetime import date, datetime, time

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    Time,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from lokpanchang.storage.models.base import Base, UTCDateTime
from lokpanchang.storage.states import (
    DirectKind,
    LedgerKind,
    LedgerStatus,
    NoticeKind,
    RunStatus,
    check_constraint,
)


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


class OneOffLedger:
    """The columns of a ledger row's life (``LedgerStatus``) in the ledgers of one-off sends
    (announcements, notices), written when it was owed, claimed, sent or given up."""

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


class AnnouncementLog(OneOffLedger, Base):
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


class NoticeLog(OneOffLedger, Base):
    """The ledger of notices (``broadcast.notices``): one row each time a subscriber is owed
    one. ``occasion`` counts those times: a notice that did not reach them (deferred,
    blocked, failed) may be owed again, as the next occasion; a notice owed twice at once is
    one row (the unique key), so it is never sent twice."""

    __tablename__ = "notice_log"
    __table_args__ = (
        UniqueConstraint("user_id", "notice", "occasion", name="uq_notice_log_user_occasion"),
        CheckConstraint(check_constraint("status", LedgerStatus), name="ck_notice_log_status"),
        CheckConstraint(check_constraint("notice", NoticeKind), name="ck_notice_log_notice"),
    )

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_detail.id"), index=True)
    notice: Mapped[str] = mapped_column(String(16), default=NoticeKind.BLOCKED)
    occasion: Mapped[int] = mapped_column(Integer, default=1)


class ReplyLog(OneOffLedger, Base):
    """The ledger of direct sends (``broadcast.direct``): a reply to someone who wrote, an
    operator's test message, an e-mail confirmation. Each goes to an address that may be
    no subscriber's (``user_id`` is theirs when it is), carries the message rendered when it
    was asked for, and is keyed by what caused it (``kind``, ``key``: an inbound message and
    the reply's place among its answers, a review form, a sign-up), so a cause sent twice is
    one row, sent once."""

    __tablename__ = "reply_log"
    __table_args__ = (
        UniqueConstraint("kind", "key", name="uq_reply_log_kind_key"),
        Index("ix_reply_log_status_created", "status", "created_at"),
        Index("ix_reply_log_address", "channel", "address"),
        CheckConstraint(check_constraint("status", LedgerStatus), name="ck_reply_log_status"),
        CheckConstraint(check_constraint("kind", DirectKind), name="ck_reply_log_kind"),
    )

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    key: Mapped[str] = mapped_column(String(200))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user_detail.id"), index=True)
    channel: Mapped[str] = mapped_column(String(16))
    address: Mapped[str] = mapped_column(String(320))
    via: Mapped[str] = mapped_column(String(64), default="")
    language: Mapped[str] = mapped_column(String(16), default="en")
    message_kind: Mapped[str] = mapped_column(String(24))
    template: Mapped[str] = mapped_column(String(128), default="")
    parameters: Mapped[list] = mapped_column(JSON, default=list)
    text: Mapped[str] = mapped_column(Text, default="")


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
