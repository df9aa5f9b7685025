"""Operator accounts for the admin portal: create and check passwords (werkzeug hashes)."""

from __future__ import annotations

import re
from functools import lru_cache
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session
from werkzeug.security import check_password_hash, generate_password_hash

from lokpanchang.storage.models import Operator

USERNAME = re.compile(r"[A-Za-z0-9._-]{3,64}")
MIN_PASSWORD_LENGTH = 10



@lru_cache(maxsize=1)
def _dummy_hash() -> str:
    """Checked against when the username is unknown, so both paths cost one hash check."""
    return generate_password_hash("not-a-real-password")


class AccountError(ValueError):
    """A username or password that cannot be used; the message says why."""


def validate_username(username: str) -> str:
    if not USERNAME.fullmatch(username):
        raise AccountError(
            f"username {username!r} must be 3-64 letters, digits, '.', '_' or '-'"
        )
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
