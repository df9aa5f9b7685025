"""The contract every channel keeps: a batch of messages in, one classified result each out."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol


class Outcome(StrEnum):
    """What the caller must do with a ledger row after a send attempt."""

    SENT = "sent"  # accepted by the channel; status webhooks may follow
    RETRY = "retry"  # transient: try again later with back-off
    SKIP = "skip"  # do not send to this subscriber today
    DISABLE = "disable"  # the subscriber cannot receive messages: stop sending
    HALT = "halt"  # the account or template is broken: stop the whole broadcast
    AMBIGUOUS = "ambiguous"  # may have reached the channel: record, never resend blindly


@dataclass(frozen=True)
class OutgoingMessage:
    """One message for one subscriber, already rendered."""

    ledger_id: int  # message_log.id, echoed back as biz_opaque_callback_data
    phone: str  # E.164, e.g. "+919812345678"
    language: str  # subscriber language code, e.g. "hi"
    parameters: tuple[str, ...] = ()  # template body parameters, in order
    text: str = ""  # plain-text rendering (outbox, replies in the 24-hour window)
    template: str = ""  # template name; empty means the configured daily template


@dataclass(frozen=True)
class SendResult:
    ledger_id: int
    outcome: Outcome
    message_id: str | None = None
    error_code: int | None = None
    error_detail: str | None = None
    retry_after: float | None = None  # seconds, when the channel said so
    extra: dict = field(default_factory=dict)


class Sender(Protocol):
    """A delivery channel. Implementations must classify every failure, never raise for one."""

    name: str

    async def send_batch(self, messages: list[OutgoingMessage]) -> list[SendResult]:
        """Send ``messages`` concurrently; one result per message, in the same order."""
        ...

    async def close(self) -> None: ...
