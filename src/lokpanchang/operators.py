"""Operator accounts for the admin portal: create and check passwords (werkzeug hashes),
with failed logins counted per username and per client address (``lokpanchang.throttle``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from sqlalchemy import delete, select
from sqlalchemy.orm import Session
from werkzeug.security import check_password_hash, generate_password_hash

from lokpanchang.storage.db import affected_rows
from lokpanchang.storage.models import LoginFailure, Operator
from lokpanchang.throttle import LoginLimits, Verdict, login_verdict

USERNAME = re.compile(r"[A-Za-z0-9._-]{3,64}")
MIN_PASSWORD_LENGTH = 10
KEY_LENGTH = 64  # usernames and client addresses, as stored in login_failure


@lru_cache(maxsize=1)
def _dummy_hash() -> str:
    """Checked against when the username is unknown, so both paths cost one hash check."""
    return generate_password_hash("not-a-real-password")


class AccountError(ValueError):
    """A username or password that cannot be used; the message says why."""


def validate_username(username: str) -> str:
    if not USERNAME.fullmatch(username):
        raise AccountError(f"username {username!r} must be 3-64 letters, digits, '.', '_' or '-'")
    return username


def validate_password(password: str) -> str:
    if len(password) < MIN_PASSWORD_LENGTH:
        raise AccountError(f"password must have at least {MIN_PASSWORD_LENGTH} characters")
    return password


def create_operator(session: Session, username: str, password: str, now: datetime) -> Operator:
    """Add an operator; refuses a taken username or a weak password."""
    validate_username(username)
    validate_password(password)
    if find_operator(session, username) is not None:
        raise AccountError(f"username {username!r} already exists")
    operator = Operator(
        username=username, password_hash=generate_password_hash(password), created_at=now
    )
    session.add(operator)
    session.flush()
    return operator


def find_operator(session: Session, username: str) -> Operator | None:
    return session.scalar(select(Operator).where(Operator.username == username))


def has_operators(session: Session) -> bool:
    return session.scalar(select(Operator.id).limit(1)) is not None


def authenticate(session: Session, username: str, password: str, now: datetime) -> Operator | None:
    """The operator if the password matches (and records the login), else None."""
    operator = find_operator(session, username)
    if operator is None:
        check_password_hash(_dummy_hash(), password)
        return None
    if not check_password_hash(operator.password_hash, password):
        return None
    operator.last_login_at = now
    return operator


@dataclass(frozen=True)
class LoginResult:
    """``operator`` when the password matched; ``verdict`` refused means it was not checked."""

    operator: Operator | None
    verdict: Verdict


def attempt_login(
    session: Session, username: str, password: str, address: str, now: datetime, limits: LoginLimits
) -> LoginResult:
    """Check a login unless the username or address is locked out; commits.

    The attempt is recorded (and committed) as a failure *before* the earlier failures are
    counted, so concurrent attempts in other processes see each other: at most
    ``max_failures`` of them get their password checked, however many arrive at once. A
    refused attempt's row is removed (it checked nothing); a success clears the username's.
    """
    attempt = _record_attempt(session, username, address, now, limits)
    verdict = login_verdict(*_earlier_failures(session, attempt, limits), now, limits)
    if not verdict.allowed:
        session.delete(attempt)
        session.commit()
        return LoginResult(None, verdict)
    operator = authenticate(session, username, password, now)
    if operator is not None:
        clear_failures(session, username)
    session.commit()
    return LoginResult(operator, verdict)


def clear_failures(session: Session, username: str) -> int:
    """Forget the failed logins of ``username`` (unlocks it); the number of rows removed."""
    removed = session.execute(delete(LoginFailure).where(LoginFailure.username == _key(username)))
    return affected_rows(removed)


def _record_attempt(
    session: Session, username: str, address: str, now: datetime, limits: LoginLimits
) -> LoginFailure:
    # Pruning here keeps the table to the rows the verdict can still use (one horizon back).
    session.execute(delete(LoginFailure).where(LoginFailure.failed_at < now - limits.horizon))
    attempt = LoginFailure(username=_key(username), address=_key(address), failed_at=now)
    session.add(attempt)
    session.commit()
    return attempt


def _earlier_failures(
    session: Session, attempt: LoginFailure, limits: LoginLimits
) -> tuple[list[datetime], list[datetime]]:
    """Failure instants within the horizon for the attempt's username and its address,
    the attempt itself left out."""
    recent = (LoginFailure.failed_at >= attempt.failed_at - limits.horizon) & (
        LoginFailure.id != attempt.id
    )
    by_username = select(LoginFailure.failed_at).where(
        recent, LoginFailure.username == attempt.username
    )
    by_address = select(LoginFailure.failed_at).where(
        recent, LoginFailure.address == attempt.address
    )
    return list(session.scalars(by_username)), list(session.scalars(by_address))


def _key(text: str) -> str:
    return text[:KEY_LENGTH]
