"""SQL of the admin portal's people (``lokpanchang.operators`` decides; this stores): operator
accounts, their server-side sessions, and failed logins. Records out, never rows.

Each function works in the caller's session (the unit of work): the caller commits.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from lokpanchang.storage.db import affected_rows
from lokpanchang.storage.models import LoginFailure, Operator, OperatorSession
from lokpanchang.storage.records import record


@dataclass(frozen=True)
class OperatorRecord:
    """One ``operator`` row (``username_key``: the username in lower case, unique)."""

    id: int
    username: str
    password_hash: str
    created_at: datetime
    last_login_at: datetime | None


@dataclass(frozen=True)
class FailureRecord:
    """One ``login_failure`` row: an attempt, counted until it is checked and passes."""

    id: int
    username: str
    address: str
    failed_at: datetime


def find(session: Session, username_key: str) -> OperatorRecord | None:
    row = session.scalar(select(Operator).where(Operator.username_key == username_key))
    return None if row is None else record(OperatorRecord, row)


def add(
    session: Session, username: str, username_key: str, password_hash: str, now: datetime
) -> OperatorRecord:
    row = Operator(
        username=username, username_key=username_key, password_hash=password_hash, created_at=now
    )
    session.add(row)
    session.flush()
    return record(OperatorRecord, row)


def set_password_hash(session: Session, operator_id: int, password_hash: str) -> None:
    session.execute(
        update(Operator).where(Operator.id == operator_id).values(password_hash=password_hash)
    )


def record_login(session: Session, operator_id: int, now: datetime) -> None:
    session.execute(update(Operator).where(Operator.id == operator_id).values(last_login_at=now))


def any_operator(session: Session) -> bool:
    return session.scalar(select(Operator.id).limit(1)) is not None


# Sessions (the portal's, by the SHA-256 of their cookie's token) ----------------------------


def open_session(
    session: Session, token_hash: str, operator_id: int, now: datetime, expires_at: datetime
) -> None:
    """Store a new portal session (and drop the expired ones)."""
    session.execute(delete(OperatorSession).where(OperatorSession.expires_at <= now))
    session.add(
        OperatorSession(
            token_hash=token_hash, operator_id=operator_id, created_at=now, expires_at=expires_at
        )
    )


def session_operator(session: Session, token_hash: str, now: datetime) -> OperatorRecord | None:
    """The operator of the unexpired portal session ``token_hash``, else None."""
    row = session.scalar(select(OperatorSession).where(OperatorSession.token_hash == token_hash))
    if row is None or row.expires_at <= now:
        return None
    operator = session.get(Operator, row.operator_id)
    return None if operator is None else record(OperatorRecord, operator)


def end_session(session: Session, token_hash: str) -> None:
    session.execute(delete(OperatorSession).where(OperatorSession.token_hash == token_hash))


def end_all_sessions(session: Session, operator_id: int) -> int:
    ended = session.execute(
        delete(OperatorSession).where(OperatorSession.operator_id == operator_id)
    )
    return affected_rows(ended)


# Failed logins -----------------------------------------------------------------------------


def record_attempt(
    session: Session, username: str, address: str, now: datetime, pruned_before: datetime
) -> FailureRecord:
    """Store an attempt as a failure (dropping those before ``pruned_before``); flushed."""
    session.execute(delete(LoginFailure).where(LoginFailure.failed_at < pruned_before))
    row = LoginFailure(username=username, address=address, failed_at=now)
    session.add(row)
    session.flush()
    return record(FailureRecord, row)


def forget_attempt(session: Session, attempt_id: int) -> None:
    session.execute(delete(LoginFailure).where(LoginFailure.id == attempt_id))


def failure_instants(
    session: Session, attempt: FailureRecord, since: datetime
) -> tuple[list[datetime], list[datetime], list[datetime]]:
    """Failure instants from ``since`` on, ``attempt`` left out: of its account from its
    client, of its client, and of its account."""
    recent = (LoginFailure.failed_at >= since) & (LoginFailure.id != attempt.id)
    same_account = LoginFailure.username == attempt.username
    same_address = LoginFailure.address == attempt.address

    def instants(*where) -> list[datetime]:
        return list(session.scalars(select(LoginFailure.failed_at).where(recent, *where)))

    return (
        instants(same_account, same_address),
        instants(same_address),
        instants(same_account),
    )


def clear_failures(session: Session, username: str, address: str | None = None) -> int:
    """Forget the failures of ``username`` (or only those from ``address``); rows removed."""
    which = LoginFailure.username == username
    if address is not None:
        which &= LoginFailure.address == address
    return affected_rows(session.execute(delete(LoginFailure).where(which)))
