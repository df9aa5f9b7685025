"""Scheduling (seconds): when the planner looks ahead, how long a run or a claim may stall,
how often a send is retried; and how send times and time zones are read."""

from __future__ import annotations

from datetime import time
from typing import Self
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, field_validator, model_validator


class Scheduling:
    """The planner's rhythm and the send pipeline's time limits."""

    # Scheduling (seconds).
    default_send_time: time = time(6, 30)
    planner_period: int = Field(600, gt=0)
    planner_lookahead: int = Field(900, gt=0)
    late_grace: int = Field(7200, ge=0)
    lock_ttl: int = Field(86400, gt=0)
    batch_size: int = Field(500, gt=0, le=10000)
    # Must exceed the look-ahead (the longest ETA we set); kept short so the ETA tasks of a
    # killed worker come back quickly. Unset: the look-ahead plus 5 minutes.
    visibility_timeout: int | None = Field(None, gt=0)
    # A due run with no progress for this long is re-enqueued by the next planner pass.
    run_stall_after: int = Field(120, gt=0)
    # A claimed-but-unsent ledger row older than this may be claimed again by another batch.
    claim_stale_after: int = Field(300, gt=0)
    send_max_retries: int = Field(5, ge=0)

    @field_validator("default_send_time", mode="before")
    @classmethod
    def _parse_hhmm(cls, value: object) -> object:
        return parse_send_time(value) if isinstance(value, str) else value

    @model_validator(mode="after")
    def _lookahead_exceeds_period(self) -> Self:
        if self.planner_lookahead <= self.planner_period:
            raise ValueError(
                f"PLANNER_LOOKAHEAD={self.planner_lookahead} must exceed "
                f"PLANNER_PERIOD={self.planner_period}, or slots fall between passes"
            )
        if (
            self.visibility_timeout is not None
            and self.visibility_timeout <= self.planner_lookahead
        ):
            raise ValueError(
                f"VISIBILITY_TIMEOUT={self.visibility_timeout} must exceed "
                f"PLANNER_LOOKAHEAD={self.planner_lookahead}, or ETA tasks are delivered twice"
            )
        return self

    @property
    def effective_visibility_timeout(self) -> int:
        """Seconds Redis waits before handing an unacknowledged task out again."""
        return self.visibility_timeout or self.planner_lookahead + 300


class Outcomes(Scheduling):
    """How long a channel's outcomes wait out a database outage. (It stands after the
    channels' settings in ``Settings``, where OUTCOME_HOLD has always been.)"""

    # Outcomes the channel returned are held this long (s) while the database is unreachable.
    outcome_hold: float = Field(120.0, ge=0)

    @property
    def sending_stale_after(self) -> float:
        """Seconds after which a row left 'sending' is given up as ambiguous: a live worker
        may hold it through a claim's life and an outage of the database."""
        return self.claim_stale_after + self.outcome_hold


def parse_send_time(value: object) -> time:
    """Parse ``HH:MM`` (24-hour) into a time, naming the value when it is not one."""
    text = str(value).strip()
    try:
        hours, minutes = text.split(":")
        if len(minutes) != 2:
            raise ValueError
        return time(int(hours), int(minutes))
    except ValueError:
        raise ValueError(f"send time {text!r} is not HH:MM (24-hour), e.g. 06:30") from None


def parse_zone(name: str) -> ZoneInfo:
    """The IANA zone called ``name``, or a ValueError naming it."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(
            f"time zone {name!r} is not an IANA zone name (e.g. Asia/Kolkata)"
        ) from None
