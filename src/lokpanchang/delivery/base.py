"""The contract every channel keeps, in no channel's shape.

A message goes to an *address* on a channel (its ``channel``) (an E.164 phone number on WhatsApp, a chat id on
Telegram), optionally *via* one of our identities there (a WhatsApp phone-number id). It is
one of three kinds: a ``BROADCAST`` we start (WhatsApp sends it as its approved template,
text-only channels send its text), a ``TEXT`` reply inside a conversation, or a
``LOCATION_REQUEST`` (a button that shares the person's location). A channel takes a batch
and gives back one classified result per message, in order, never raising for a failure.
Inbound webhooks become neutral events (``delivery.events``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol


class Outcome(StrEnum):
    """What the caller must do with a ledger row after a send attempt."""

    SENT = "sent"  # accepted by the channel; status webhooks may follow
    RETRY = "retry"  # not sent (transient, or failed before the request): try again later
    SKIP = "skip"  # do not send to this subscriber today
    BLOCK = "block"  # the channel's policy refuses it (marketing to +1, per-user marketing cap)
    DISABLE = "disable"  # the subscriber cannot receive messages: stop sending
    HALT = "halt"  # the account or template is broken: stop the whole broadcast
    AMBIGUOUS = "ambiguous"  # may have reached the channel: record, never resend blindly


class MessageKind(StrEnum):
    BROADCAST = "broadcast"  # business-initiated: a template on WhatsApp, its text elsewhere
    TEXT = "text"  # a free-text reply (inside a conversation's window)
    LOCATION_REQUEST = "location_request"  # ``text`` with a "share your location" button


@dataclass(frozen=True)
class Card:
    """The day's picture sent with a message (issue 27): a PNG, named by ``key`` (the same
    key is the same picture, so a channel uploads it once and reuses its id), described by
    ``alt`` for those who cannot see it."""

    key: str  # e.g. the card cache's file name
    png: bytes = field(repr=False)
    alt: str = ""
    mime_type: str = "image/png"


@dataclass(frozen=True)
class OutgoingMessage:
    """One message for one recipient, already rendered."""

    ledger_id: int  # the ledger row, echoed back by status webhooks (0: not in a ledger)
    to: str  # the recipient's address on the channel: "+919812345678", or a chat id
    language: str = "en"  # subscriber language code, e.g. "hi"
    parameters: tuple[str, ...] = ()  # a broadcast's template body parameters, in order
    text: str = ""  # the plain-text rendering (the whole message on text-only channels)
    template: str = ""  # a broadcast's template name; empty means the configured daily one
    kind: MessageKind = MessageKind.BROADCAST
    via: str = ""  # our identity to send from (a WhatsApp phone-number id); "" = the default
    channel: str = "whatsapp"  # the channel ``to`` is an address on (``storage.states.Channel``)
    card: Card | None = None  # a broadcast's picture, for the channels that show one


@dataclass(frozen=True)
class SendResult:
    ledger_id: int
    outcome: Outcome
    message_id: str | None = None
    error_code: int | None = None
    error_detail: str | None = None
    retry_after: float | None = None  # seconds, when the channel said so
    extra: dict = field(default_factory=dict)
    via: str = ""  # the identity it went out from


class Sender(Protocol):
    """A delivery channel. Implementations must classify every failure, never raise for one.

    Each channel module also turns its webhook into neutral events (``delivery.events``):
    ``delivery.whatsapp_inbound.parse_webhook`` for WhatsApp, ``delivery.telegram_inbound.
    parse_update`` for Telegram. ``identities`` are our identities on the channel (WhatsApp
    phone-number ids; none on Telegram, a bot is one). Several channels are served together
    by ``delivery.channels.Channels``, which sends each message by its ``channel``.
    """

    name: str

    @property
    def identities(self) -> tuple[str, ...]:
        """Our identities on the channel (e.g. WhatsApp phone-number ids)."""
        ...

    async def send_batch(self, messages: list[OutgoingMessage]) -> list[SendResult]:
        """Send ``messages`` concurrently; one result per message, in the same order."""
        ...

    async def close(self) -> None: ...
