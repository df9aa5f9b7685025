"""Ledger, run and job states: enums and the one table of allowed moves for each.

Every status written anywhere is a member of these enums; the database refuses any other
value (CHECK constraints, written by ``check_constraint``). Every change of status goes
through this module: ``check_move`` for a row in hand, ``sources`` for a conditional
``UPDATE ... WHERE status IN (...)`` that moves many rows at once (``storage.ledger``,
``storage.runs``, ``storage.jobs``). Staying in the same state is always allowed (an
idempotent repeat).
"""

from __future__ import annotations

from enum import StrEnum


class LedgerStatus(StrEnum):
    """Where one message to one subscriber stands (``message_log``, ``announcement_log``)."""

    PENDING = "pending"  # owed a send attempt
    # Owed and made ready before its run's instant (``broadcast.prepare``); never handed to a
    # channel: at the instant it is claimed and sent, or withdrawn, like a pending row.
    PREPARED = "prepared"
    CLAIMED = "claimed"  # taken by a batch, not yet handed to a channel: safe to take again
    SENDING = "sending"  # handed to the channel: never sent again
    RETRY = "retry"  # not sent (transient error, or a failure before the request): send again
    SENT = "sent"  # accepted by the channel; status webhooks may follow
    DELIVERED = "delivered"
    READ = "read"
    FAILED = "failed"  # will not be sent (subscriber disabled, gave up, failed webhook)
    SKIPPED = "skipped"  # the channel said not today for this subscriber
    BLOCKED = "blocked"  # refused by the channel's policy (marketing to +1, per-user cap)
    DEFERRED = "deferred"  # not sent: the messaging limit of the last 24 h was reached
    MISSED = "missed"  # past the grace period: never sent at noon
    HALTED = "halted"  # the channel said stop everything (token, account, template)
    AMBIGUOUS = "ambiguous"  # may have reached the channel; only a status webhook can tell
    WITHDRAWN = "withdrawn"  # not sent: its subscriber stopped, paused or was erased since


class RunStatus(StrEnum):
    """Where one daily run (zone, send time, local date) stands (``broadcast_run``)."""

    PLANNED = "planned"
    ENQUEUED = "enqueued"
    RUNNING = "running"
    DONE = "done"
    HALTED = "halted"
    MISSED = "missed"


class LedgerKind(StrEnum):
    """Who made a ``message_log`` row: the daily run, an operator, or sign-up."""

    DAILY = "daily"
    BACKFILL = "backfill"
    WELCOME = "welcome"
    MANUAL = "manual"


class NoticeKind(StrEnum):
    """What a ``notice_log`` row tells its subscriber (``broadcast.notices``)."""

    BLOCKED = "blocked"  # the channel's policy blocked a message to them


class DirectKind(StrEnum):
    """What a ``reply_log`` row is (``broadcast.direct``): a send to an address, which may
    be no subscriber's, written and rendered when it was asked for."""

    REPLY = "reply"  # the conversation's answer to someone who just wrote
    TEST = "test"  # an operator's test message to a phone number
    CONFIRMATION = "confirmation"  # the e-mail sign-up's confirmation link


L = LedgerStatus
LEDGER_MOVES: dict[LedgerStatus, frozenset[LedgerStatus]] = {
    # Withdrawn: its subscriber was erased before it was sent (``storage.erasure``).
    L.PENDING: frozenset({L.PREPARED, L.CLAIMED, L.DEFERRED, L.MISSED, L.WITHDRAWN}),
    # Prepared ahead: claimed at the instant, withdrawn when its subscriber stopped or paused
    # since, given up past the grace, or back to pending when its run is planned again.
    L.PREPARED: frozenset({L.CLAIMED, L.WITHDRAWN, L.MISSED, L.PENDING}),
    # An operator resumes a halted run, or backfills a missed one: never-sent rows go again.
    # A claim never reached a channel: it may go back, be given up, or fail before sending.
    L.CLAIMED: frozenset(
        {L.SENDING, L.PENDING, L.RETRY, L.FAILED, L.BLOCKED, L.DEFERRED, L.MISSED, L.WITHDRAWN}
    ),
    # A status webhook may arrive before the worker records what the API answered.
    L.SENDING: frozenset(
        {
            L.SENT,
            L.DELIVERED,
            L.READ,
            L.RETRY,
            L.FAILED,
            L.SKIPPED,
            L.BLOCKED,
            L.HALTED,
            L.AMBIGUOUS,
        }
    ),
    L.RETRY: frozenset({L.CLAIMED, L.FAILED, L.MISSED, L.PENDING, L.WITHDRAWN}),
    L.SENT: frozenset({L.DELIVERED, L.READ, L.FAILED, L.BLOCKED}),
    L.DELIVERED: frozenset({L.READ}),
    # Only a status webhook (or the outcome a worker held through an outage) resolves it.
    L.AMBIGUOUS: frozenset({L.SENT, L.DELIVERED, L.READ, L.FAILED, L.BLOCKED}),
    L.READ: frozenset(),
    L.FAILED: frozenset(),
    L.SKIPPED: frozenset(),
    L.BLOCKED: frozenset(),
    L.DEFERRED: frozenset(),
    L.WITHDRAWN: frozenset(),
    L.MISSED: frozenset({L.PENDING}),
    L.HALTED: frozenset({L.PENDING}),
}

R = RunStatus
RUN_MOVES: dict[RunStatus, frozenset[RunStatus]] = {
    R.PLANNED: frozenset({R.ENQUEUED, R.RUNNING, R.MISSED}),
    R.ENQUEUED: frozenset({R.RUNNING, R.MISSED}),
    R.RUNNING: frozenset({R.DONE, R.HALTED, R.MISSED}),
    # An operator resumes a halted run or backfills a finished one (``web.admin.actions``).
    R.DONE: frozenset({R.PLANNED}),
    R.HALTED: frozenset({R.PLANNED}),
    R.MISSED: frozenset({R.PLANNED}),
}

OPEN_LEDGER = frozenset({L.PENDING, L.PREPARED, L.CLAIMED, L.RETRY, L.SENDING})
"""Rows that may still change by our own hand: a run with one of them is not finished."""

OWED_LEDGER = (L.PENDING, L.PREPARED, L.CLAIMED, L.RETRY)
"""Rows that still owe a send attempt (never handed to a channel)."""

SENT_LEDGER = (L.SENT, L.DELIVERED, L.READ)
"""Rows the channel accepted."""

DELIVERED_LEDGER = (L.DELIVERED, L.READ)
"""Rows the channel says reached the subscriber's device."""

FAILED_LEDGER = (L.FAILED, L.HALTED)
"""Rows that did not go by an error: given up, refused for good, or halted with their run.
Every count of "failed" (the run's, the daily metrics, the report, the portal) is this one."""

NOT_TODAY_LEDGER = (L.SKIPPED, L.MISSED, L.DEFERRED, L.BLOCKED, L.WITHDRAWN)
"""Rows not sent today by rule, not by error: the channel's policy (skipped, blocked), the
clock (missed), the messaging limit (deferred) or the subscriber (withdrawn) said not today. A run counts them skipped."""

OPEN_RUNS = (R.PLANNED, R.ENQUEUED, R.RUNNING)
NOT_STARTED_RUNS = (R.PLANNED, R.ENQUEUED)
"""Runs waiting for their instant (``broadcast.prepare`` makes their rows ready)."""
FINAL_RUNS = (R.DONE, R.HALTED, R.MISSED)
"""Runs the scheduler is done with (only an operator plans them again)."""

UNSENT_LEDGER = (L.PENDING, L.PREPARED, L.RETRY, L.HALTED, L.MISSED)
"""Rows of a run that never reached anyone: a resumed or backfilled run sends them again."""


class JobStatus(StrEnum):
    """Where an operator-defined job stands (``scheduled_job``)."""

    ACTIVE = "active"  # waits for its next instant
    PAUSED = "paused"  # an operator paused it
    RUNNING = "running"  # claimed by a dispatcher for one instant
    DONE = "done"  # a one-off that ran
    FAILED = "failed"  # a one-off whose run failed (the error is on the job)


class JobRunOutcome(StrEnum):
    """What came of one execution of a job (``scheduled_job_run``)."""

    RUNNING = "running"
    OK = "ok"
    FAILED = "failed"


J = JobStatus
JOB_MOVES: dict[JobStatus, frozenset[JobStatus]] = {
    J.ACTIVE: frozenset({J.PAUSED, J.RUNNING}),
    J.PAUSED: frozenset({J.ACTIVE}),
    # A cron job waits for its next instant; a claim given back, or a dead worker's claim
    # released, waits for the same one again.
    J.RUNNING: frozenset({J.ACTIVE, J.DONE, J.FAILED}),
    J.DONE: frozenset(),
    J.FAILED: frozenset(),
}

JR = JobRunOutcome
JOB_RUN_MOVES: dict[JobRunOutcome, frozenset[JobRunOutcome]] = {
    JR.RUNNING: frozenset({JR.OK, JR.FAILED}),
    # A released claim runs the same instant again on the same row (one per job and instant),
    # and the worker it was taken from may still finish: the last to finish is recorded.
    JR.OK: frozenset({JR.RUNNING, JR.FAILED}),
    JR.FAILED: frozenset({JR.RUNNING, JR.OK}),
}

OPEN_JOBS = (J.ACTIVE, J.RUNNING)
"""Jobs that will still run (an unfinished send of today's panchangam is one of these)."""


class SubscriptionEventKind(StrEnum):
    """What happened to a subscription (``subscription_event.kind``). An event is history,
    written once and never changed: it has no moves (the subscription's own status is
    ``storage.directory.SubscriberStatus``)."""

    SUBSCRIBED = "subscribed"
    RESUMED = "resumed"
    UPDATED = "updated"  # name, language, send time, sunrise or calendar changed
    MOVED = "moved"  # a new place (and zone)
    PAUSED = "paused"  # no messages for some days
    STOPPED = "stopped"
    DISABLED = "disabled"  # the channel said the address is gone
    LINKED = "linked"  # reached on another channel too
    ERASED = "erased"  # their address and place were erased


JOINING_EVENTS = (SubscriptionEventKind.SUBSCRIBED, SubscriptionEventKind.RESUMED)
"""Events of a subscriber who starts getting messages."""


class BeatOutcome(StrEnum):
    """How a beat entry's last run went, as Celery reported it (``beat_entry_status``). Each
    run overwrites the last, so every outcome may follow every other: no table of moves."""

    STARTED = "STARTED"
    SUCCESS = "SUCCESS"
    FAILURE = "FAILURE"
    RETRY = "RETRY"
    REVOKED = "REVOKED"
    REJECTED = "REJECTED"
    IGNORED = "IGNORED"
    UNKNOWN = "UNKNOWN"  # Celery gave no state, or one this enum does not know


class IllegalMove(ValueError):
    """A status change the table of moves does not allow; the message names both states."""


MOVES: dict[type, dict] = {
    LedgerStatus: LEDGER_MOVES,
    RunStatus: RUN_MOVES,
    JobStatus: JOB_MOVES,
    JobRunOutcome: JOB_RUN_MOVES,
}
"""Each state enum's table of moves."""


def _table(state) -> dict:
    return MOVES[type(state)]


def may_move(current: StrEnum, target: StrEnum) -> bool:
    """True when a row in ``current`` may move to ``target`` (or stays where it is)."""
    return current == target or target in _table(target)[type(target)(current)]


def check_move(current: str, target: StrEnum) -> StrEnum:
    """``target``, or IllegalMove naming both states when the move is not allowed."""
    if not may_move(type(target)(current), target):
        name = type(target).__name__
        raise IllegalMove(f"a {name} cannot move from {str(current)!r} to {target.value!r}")
    return target


def sources(target: StrEnum) -> tuple[str, ...]:
    """Every state a row may move to ``target`` from (``target`` itself included), sorted."""
    table = _table(target)
    return tuple(sorted({target, *(state for state, moves in table.items() if target in moves)}))


def check_constraint(column: str, enum: type[StrEnum]) -> str:
    """The SQL of a CHECK constraint keeping ``column`` to ``enum``'s values."""
    values = ", ".join(f"'{member.value}'" for member in enum)
    return f"{column} IN ({values})"
