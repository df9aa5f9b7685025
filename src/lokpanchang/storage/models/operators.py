"""The admin portal's people: operator accounts, their sessions, failed logins."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from lokpanchang.storage.models.base import Base, UTCDateTime


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
