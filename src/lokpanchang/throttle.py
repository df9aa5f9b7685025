"""PURE: whether a login attempt may be checked, given the recent failed attempts.

Failures are counted three ways: for the account from this client (username and address:
``max_failures``), for the client whatever the username (``max_address_failures``), and for
the account from everywhere (``max_account_failures``, the ceiling a guesser spread over many
addresses meets). Five wrong passwords from one client lock that client out of the account,
not the real operator elsewhere. A key is locked out when its number of failures falls
within ``window`` of each other: the lock lasts ``lockout`` from the failure that completed
the set. Attempts refused during a lock are not failures (the password is never checked),
so hammering a locked account does not extend its lock. Standard library only; never reads
the clock: ``now`` and every instant are aware datetimes (UTC).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

NO_WAIT = timedelta(0)


@dataclass(frozen=True)
class LoginLimits:
    """Failures allowed within ``window`` for the account from one client, for one client,
    and for the account from everywhere; and the lock's length."""

    max_failures: int
    max_address_failures: int
    max_account_failures: int
    window: timedelta
    lockout: timedelta

    def __post_init__(self) -> None:
        for name in ("max_failures", "max_address_failures", "max_account_failures"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name}={getattr(self, name)} must be a positive integer")
        for name in ("window", "lockout"):
            if getattr(self, name) <= NO_WAIT:
                raise ValueError(f"{name}={getattr(self, name)} must be longer than zero")

    @property
    def horizon(self) -> timedelta:
        """How far back a failure can still matter: a window's worth before a lock's start."""
        return self.window + self.lockout


@dataclass(frozen=True)
class Verdict:
    """``allowed``, or refused by ``reason`` for ``retry_after``: "client" (this account from
    this address), "address" (this address, any account) or "account" (from everywhere)."""

    allowed: bool
    retry_after: timedelta = NO_WAIT
    reason: str | None = None

    @property
    def retry_after_minutes(self) -> int:
        """The wait rounded up to whole minutes (at least 1 when refused)."""
        if self.allowed:
            return 0
        return max(1, math.ceil(self.retry_after.total_seconds() / 60))

    @property
    def retry_after_seconds(self) -> int:
        """The wait rounded up to whole seconds (for the ``Retry-After`` header)."""
        return math.ceil(self.retry_after.total_seconds())


ALLOWED = Verdict(allowed=True)


def locked_until(
    failures: Iterable[datetime], max_failures: int, window: timedelta, lockout: timedelta
) -> datetime | None:
    """The end of the latest lock the failures trigger, or None if they trigger none.

    A lock starts at any failure that is the ``max_failures``-th within ``window`` (counting
    back from it, itself included) and lasts ``lockout``.
    """
    ordered = sorted(failures)
    latest_trip = None
    first = 0
    for last, instant in enumerate(ordered):
        while instant - ordered[first] >= window:
            first += 1
        if last - first + 1 >= max_failures:
            latest_trip = instant
    return None if latest_trip is None else latest_trip + lockout


@dataclass(frozen=True)
class Failures:
    """Earlier failure instants within the horizon: for the attempt's account from its
    client, for its client (any account), and for its account (from anywhere)."""

    client: Iterable[datetime]
    address: Iterable[datetime]
    account: Iterable[datetime]


def login_verdict(failures: Failures, now: datetime, limits: LoginLimits) -> Verdict:
    """May an attempt at ``now`` be checked, given the earlier ``failures``? Refused: how
    long until it may (the longest wait when several locks hold)."""
    counted = (
        ("client", failures.client, limits.max_failures),
        ("address", failures.address, limits.max_address_failures),
        ("account", failures.account, limits.max_account_failures),
    )
    locks = [
        (reason, locked_until(instants, most, limits.window, limits.lockout))
        for reason, instants, most in counted
    ]
    waits = [(until - now, reason) for reason, until in locks if until and until > now]
    if not waits:
        return ALLOWED
    wait, reason = max(waits)
    return Verdict(allowed=False, retry_after=wait, reason=reason)
