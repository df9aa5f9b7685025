"""What a channel's webhook says, in no channel's shape: the conversation reads only these.

A person wrote to us (``Inbound``), a message we sent changed state (``StatusUpdate``), or a
person stopped or resumed business messages in the app itself (``OptOut``). Addresses are
the channel's own (E.164 phone numbers on WhatsApp, chat ids on Telegram), normalised as the
channel's adapter stores them (``delivery.adapters``); ``to`` is our
identity they wrote to (a WhatsApp phone-number id), so the reply can go out from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class InboundKind(StrEnum):
    TEXT = "text"  # words (typed, or a button's title)
    LOCATION = "location"  # a shared location
    OTHER = "other"  # a reaction, a sticker, a receipt... nothing to answer


@dataclass(frozen=True)
class Inbound:
    channel: str
    sender: str  # their address: "+447911123456", or a chat id
    message_id: str  # the channel's id for it (de-duplicates the channel's retries)
    kind: InboundKind
    text: str = ""
    latitude: object = None  # as the channel gave them (numbers or strings); checked later
    longitude: object = None
    name: str = ""  # the name on their profile
    to: str = ""  # our identity they wrote to
    link_code: str = ""  # the code of a link that opened the chat (Telegram's /start <code>)
    language: str = ""  # the language they chose, where the channel asks (a sign-up page)


@dataclass(frozen=True)
class StatusUpdate:
    channel: str
    message_id: str  # the channel's id of the message we sent ("" when not given)
    status: str  # "sent", "delivered", "read" or "failed"
    ledger_id: int | None = None  # the ledger row named by the message's callback data
    error_code: int | None = None
    error_detail: str = ""


@dataclass(frozen=True)
class OptOut:
    channel: str
    sender: str
    stopped: bool  # True: stopped marketing messages; False: resumed them
    reason: str = ""  # why a stop disables them (kept); none: they stopped, as by ``stop``


Event = Inbound | StatusUpdate | OptOut
