"""Verified webhook bodies waiting for a worker: the durable inbound store (issue 24).

A channel's webhook is verified, written here and committed before the channel gets its 200;
the task that handles it takes only the row's id, so the broker never holds what a person
wrote, and a broker that loses its data loses nothing a channel was told we had.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import BigInteger, CheckConstraint, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from lokpanchang.storage.models.base import Base, UTCDateTime
from lokpanchang.storage.states import check_constraint

# SQLite numbers rows itself only for an INTEGER PRIMARY KEY; PostgreSQL needs 64 bits here
# (several status webhooks a message sent, every day).
ROW_ID = BigInteger().with_variant(Integer(), "sqlite")


class InboundWork(StrEnum):
    """What a stored webhook is waiting for."""

    CONVERSATION = "conversation"  # a channel's own body: people's messages, opt-outs
    STATUSES = "statuses"  # status updates of messages we sent, as neutral events (JSON)


class InboundWebhook(Base):
    """One verified webhook body (or its status updates), deleted once it is handled."""

    __tablename__ = "inbound_webhook"
    __table_args__ = (
        Index("ix_inbound_webhook_work", "work", "id"),
        CheckConstraint(check_constraint("work", InboundWork), name="ck_inbound_webhook_work"),
    )

    id: Mapped[int] = mapped_column(ROW_ID, primary_key=True, autoincrement=True)
    channel: Mapped[str] = mapped_column(String(16))
    work: Mapped[str] = mapped_column(String(16))
    body: Mapped[str] = mapped_column(Text)
    received_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # How often recovery queued it again (a task lost with the broker's data, or failing).
    attempts: Mapped[int] = mapped_column(Integer, default=0)
