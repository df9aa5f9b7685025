"""The login throttle's verdict, from failure instants alone (no database, no clock)."""

from __future__ import annotations

import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import lokpanchang.throttle
from lokpanchang.throttle import Failures, LoginLimits, Verdict, locked_until, login_verdict

SRC = Path(lokpanchang.throttle.__file__).resolve().parents[1]
CLOCK_READS = re.compile(
    r"\b(datetime\.now|datetime\.utcnow|date\.today|time\.time|time\.monotonic)\s*\("
)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
LIMITS = LoginLimits(
    max_failures=5,
    max_address_failures=20,
    max_account_failures=50,
    window=timedelta(minutes=15),
    lockout=timedelta(minutes=15),
)


def verdict_of(client, address, now, limits, elsewhere=()):
    """The verdict when ``client`` are this account's failures from this client (so also the
    account's and the address's), ``address`` the address's for other accounts, and
    ``elsewhere`` the account's from other addresses."""
    return login_verdict(
        Failures(client=client, address=[*client, *address], account=[*client, *elsewhere]),
        now,
        limits,
    )


def minutes_ago(*offsets: float) -> list[datetime]:
    return [NOW - timedelta(minutes=offset) for offset in offsets]


def test_fewer_failures_than_the_limit_are_allowed():
    assert verdict_of(minutes_ago(4, 3, 2, 1), [], NOW, LIMITS).allowed


def test_the_fifth_failure_within_the_window_locks_the_account_for_that_client():
    verdict = verdict_of(minutes_ago(5, 4, 3, 2, 1), [], NOW, LIMITS)
    assert verdict == Verdict(allowed=False, retry_after=timedelta(minutes=14), reason="client")
    assert verdict.retry_after_minutes == 14


def test_failures_spread_wider_than_the_window_do_not_lock():
    assert verdict_of(minutes_ago(40, 30, 20, 10, 1), [], NOW, LIMITS).allowed


def test_the_lock_ends_after_the_lockout():
    failures = minutes_ago(20, 19, 18, 17, 16)
    assert verdict_of(failures, [], NOW - timedelta(minutes=2), LIMITS).retry_after == timedelta(
        minutes=1
    )
    assert verdict_of(failures, [], NOW - timedelta(minutes=1), LIMITS).allowed
    assert verdict_of(failures, [], NOW, LIMITS).allowed


def test_a_failure_soon_after_a_short_lock_locks_again():
    short = LoginLimits(5, 20, 50, window=timedelta(minutes=15), lockout=timedelta(minutes=5))
    assert verdict_of(minutes_ago(10, 9, 8, 7, 6), [], NOW, short).allowed
    again = verdict_of(minutes_ago(10, 9, 8, 7, 6, 1), [], NOW, short)
    assert not again.allowed and again.retry_after == timedelta(minutes=4)


def test_the_address_has_its_own_larger_limit():
    spread = minutes_ago(*[i / 2 for i in range(19, 0, -1)])  # 19 failures, 30 s apart
    assert verdict_of([], spread, NOW, LIMITS).allowed
    verdict = verdict_of([], [*spread, NOW - timedelta(seconds=10)], NOW, LIMITS)
    assert verdict.reason == "address" and verdict.retry_after == timedelta(minutes=14, seconds=50)


def test_when_both_are_locked_the_longer_wait_is_given():
    address_failures = minutes_ago(*[2 + i / 2 for i in range(20)])  # the 20th 2 min ago
    verdict = verdict_of(minutes_ago(9, 8, 7, 6, 5), address_failures, NOW, LIMITS)
    assert verdict.reason == "address" and verdict.retry_after == timedelta(minutes=13)


def test_five_failures_from_other_clients_do_not_lock_this_one():
    others = minutes_ago(5, 4, 3, 2, 1)
    assert verdict_of([], [], NOW, LIMITS, elsewhere=others).allowed


def test_the_accounts_ceiling_locks_it_from_everywhere():
    spread = minutes_ago(*[i / 5 for i in range(50, 0, -1)])  # 50 failures, 12 s apart
    verdict = verdict_of([], [], NOW, LIMITS, elsewhere=spread)
    assert verdict.reason == "account" and verdict.retry_after == timedelta(minutes=14, seconds=48)
    assert verdict_of([], [], NOW, LIMITS, elsewhere=spread[1:]).allowed


def test_the_order_of_the_failures_does_not_matter():
    assert locked_until(minutes_ago(1, 5, 3, 2, 4), 5, LIMITS.window, LIMITS.lockout) == (
        NOW + timedelta(minutes=14)
    )


@pytest.mark.parametrize(
    ("wait", "minutes"),
    [
        (timedelta(seconds=1), 1),
        (timedelta(seconds=60), 1),
        (timedelta(seconds=61), 2),
        (timedelta(minutes=15), 15),
    ],
)
def test_the_wait_is_rounded_up_to_whole_minutes(wait, minutes):
    assert Verdict(allowed=False, retry_after=wait, reason="client").retry_after_minutes == minutes


@pytest.mark.parametrize(
    "values",
    [
        {"max_failures": 0},
        {"max_address_failures": -1},
        {"max_account_failures": 0},
        {"window": timedelta(0)},
        {"lockout": timedelta(seconds=-5)},
    ],
)
def test_limits_refuse_non_positive_values_naming_them(values):
    name = next(iter(values))
    with pytest.raises(ValueError, match=name):
        LoginLimits(**{**LIMITS.__dict__, **values})


def test_the_throttle_imports_only_the_standard_library_and_never_reads_the_clock():
    probe = (
        "import sys; before = set(sys.modules); import lokpanchang.throttle; "
        "new = {m.split('.')[0] for m in set(sys.modules) - before}; "
        "print(sorted(new - set(sys.stdlib_module_names)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        env={"PYTHONPATH": str(SRC)},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.strip() == "['lokpanchang']"
    assert not CLOCK_READS.search(Path(lokpanchang.throttle.__file__).read_text())
