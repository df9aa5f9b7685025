"""Operator accounts for the admin portal: create and check passwords (werkzeug hashes),
with failed logins counted per account and client, per client address, and per account
(``lokpanchang.throttle``).

Usernames are one account whatever their case ("opa" is "OPA"). A password has at least
MIN_PASSWORD_LENGTH characters and zxcvbn's highest strength score (``password_problem``). Portal sessions live on the server
(``operator_session``): logging out ends one, a new password ends them all.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import lru_cache

from werkzeug.security import check_password_hash, generate_password_hash

from lokpanchang.storage import operators as stored
from lokpanchang.storage.db import Session
from lokpanchang.storage.operators import FailureRecord, OperatorRecord
from lokpanchang.throttle import Failures, LoginLimits, Verdict, login_verdict

USERNAME = re.compile(r"[A-Za-z0-9._-]{3,64}")
MIN_PASSWORD_LENGTH = 10
STRONG_SCORE = 4  # zxcvbn's scores run 0-4; 4: at least 10^10 guesses
MAX_JUDGED = 128
SERVICE_WORDS = ("lokpanchang", "panchang", "panchangam", "admin", "operator")
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


def validate_password(password: str, username: str = "") -> str:
    problem = password_problem(password, username)
    if problem:
        raise AccountError(problem)
    return password


def password_problem(password: str, username: str = "") -> str:
    """Why ``password`` may not be used (never echoing it); empty when it may.

    Strength is zxcvbn's estimate (common passwords, words, names, keyboard runs, dates,
    repeats, l33t spellings, and the service's own name and the username), which must be
    its highest score: at least 10^10 guesses. Only the first MAX_JUDGED characters are
    judged (longer ones are long enough)."""
    if len(password) < MIN_PASSWORD_LENGTH:
        return f"password must have at least {MIN_PASSWORD_LENGTH} characters"
    from zxcvbn import zxcvbn

    judged = zxcvbn(password[:MAX_JUDGED], user_inputs=[*SERVICE_WORDS, username])
    if judged["score"] >= STRONG_SCORE:
        return ""
    return f"password is too easy to guess: {_why_guessable(judged)} {PASSPHRASE_HINT}"


PASSPHRASE_HINT = (
    "A passphrase of four or more unrelated words is easy to remember and hard to guess."
)


def _why_guessable(judged: dict) -> str:
    """zxcvbn's warning and suggestions as sentences (its own words, which never quote the
    password), or what it matched."""
    own = any(match.get("dictionary_name") == "user_inputs" for match in judged["sequence"])
    warning = judged["feedback"]["warning"]
    if own:
        warning = "it contains the service's name or the username."
    elif not warning:
        warning = "it is made of common words, names, dates or patterns."
    warning = warning[0].lower() + warning[1:]
    return " ".join(
        [warning if warning.endswith(".") else f"{warning}.", *judged["feedback"]["suggestions"]]
    )


Operator = OperatorRecord


def create_operator(session: Session, username: str, password: str, now: datetime) -> Operator:
    """Add an operator; refuses a taken username (in any case) or a weak password."""
    validate_username(username)
    validate_password(password, username)
    existing = find_operator(session, username)
    if existing is not None:
        raise AccountError(f"username {username!r} already exists (as {existing.username!r})")
    return stored.add(session, username, _key(username), generate_password_hash(password), now)


def find_operator(session: Session, username: str) -> Operator | None:
    """The operator called ``username`` in any case."""
    return stored.find(session, username.lower())


def set_password(session: Session, username: str, password: str) -> Operator:
    """Give ``username`` a new password and end every session they have open."""
    operator = find_operator(session, username)
    if operator is None:
        raise AccountError(f"no operator {username!r}")
    password_hash = generate_password_hash(validate_password(password, username))
    stored.set_password_hash(session, operator.id, password_hash)
    end_all_sessions(session, operator.id)
    return replace(operator, password_hash=password_hash)


# Sessions --------------------------------------------------------------------------------


def open_session(session: Session, operator: Operator, now: datetime, lifetime: timedelta) -> str:
    """A new session for ``operator``; returns the token for the cookie (stored hashed)."""
    token = secrets.token_urlsafe(32)
    stored.open_session(session, _token_hash(token), operator.id, now, now + lifetime)
    return token


def session_operator(session: Session, token: str, now: datetime) -> Operator | None:
    """The operator whose unexpired, unrevoked session ``token`` names, else None."""
    return stored.session_operator(session, _token_hash(token), now)


def end_session(session: Session, token: str) -> None:
    stored.end_session(session, _token_hash(token))


def end_all_sessions(session: Session, operator_id: int) -> int:
    return stored.end_all_sessions(session, operator_id)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def has_operators(session: Session) -> bool:
    return stored.any_operator(session)


def authenticate(session: Session, username: str, password: str, now: datetime) -> Operator | None:
    """The operator if the password matches (and records the login), else None."""
    operator = find_operator(session, username)
    if operator is None:
        check_password_hash(_dummy_hash(), password)
        return None
    if not check_password_hash(operator.password_hash, password):
        return None
    stored.record_login(session, operator.id, now)
    return replace(operator, last_login_at=now)


@dataclass(frozen=True)
class LoginResult:
    """``operator`` when the password matched; ``verdict`` refused means it was not checked."""

    operator: Operator | None
    verdict: Verdict


def attempt_login(
    session: Session, username: str, password: str, address: str, now: datetime, limits: LoginLimits
) -> LoginResult:
    """Check a login unless the account from this client, the client, or the account from
    everywhere is locked out (``throttle``); commits.

    The attempt is recorded (and committed) as a failure *before* the earlier failures are
    counted, so concurrent attempts in other processes see each other: at most
    ``max_failures`` of them from one client get their password checked, however many arrive
    at once. A
    refused attempt's row is removed (it checked nothing); a success clears this client's
    failures for the account.
    """
    attempt = _record_attempt(session, username, address, now, limits)
    verdict = login_verdict(_earlier_failures(session, attempt, limits), now, limits)
    if not verdict.allowed:
        stored.forget_attempt(session, attempt.id)
        session.commit()
        return LoginResult(None, verdict)
    operator = authenticate(session, username, password, now)
    if operator is not None:
        clear_failures(session, username, address)  # the account's other failures still count
    session.commit()
    return LoginResult(operator, verdict)


def clear_failures(session: Session, username: str, address: str | None = None) -> int:
    """Forget the failed logins of ``username`` (unlocks it), or only those from ``address``;
    the number of rows removed."""
    return stored.clear_failures(
        session, _key(username), None if address is None else _key(address)
    )


def _record_attempt(
    session: Session, username: str, address: str, now: datetime, limits: LoginLimits
) -> FailureRecord:
    # Pruning here keeps the table to the rows the verdict can still use (one horizon back).
    attempt = stored.record_attempt(
        session, _key(username), _key(address), now, pruned_before=now - limits.horizon
    )
    session.commit()
    return attempt


def _earlier_failures(session: Session, attempt: FailureRecord, limits: LoginLimits) -> Failures:
    """Failure instants within the horizon for the attempt's account from its client, for
    its client, and for its account, the attempt itself left out."""
    client, address, account = stored.failure_instants(
        session, attempt, attempt.failed_at - limits.horizon
    )
    return Failures(client=client, address=address, account=account)


def _key(text: str) -> str:
    # Usernames are counted in lower case: "OPS" and "ops" share one lock-out.
    return text.lower()[:KEY_LENGTH]
