"""Every channel is one adapter; the rest of the code never asks which kind it holds.

An adapter (healthchecks keeps one transport class per integration, the same way) holds
what is particular to its channel:

- its address: how a person's address is checked and normalised (``normalise``, raising
  ValueError naming the value) and shown masked (``mask``), and the key it has in a
  subscriber's record (``record_key``);
- its sender (``sender``, when ``configured``; the setting that configures it, ``setting``);
- its inbound side: how a request is verified and parsed into neutral events
  (``delivery.events``), and what a failed status or an opt-out does to the subscriber;
- its account's rules the pipeline applies: a messaging limit (``messaging_tier``), our
  identities a subscriber stays on (``pins_identity``), a service window after a person
  wrote (``service_window``);
- its public sign-up link and its fake (for ``up`` and the tests).

``ADAPTERS`` is the registry, in the order channels are shown; ``adapter(name)`` finds one.
A channel is added by writing its adapter and listing it here (docs/architecture.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from lokpanchang.delivery.events import Event
from lokpanchang.messages.chat_words import AddressKind

if TYPE_CHECKING:
    from lokpanchang.config import Settings
    from lokpanchang.delivery.base import Sender
    from lokpanchang.delivery.errors import FailedStatusAction


@dataclass(frozen=True)
class Refusal:
    """Why an inbound request is not taken: the HTTP status and the text it answers with."""

    status: int
    text: str


class Adapter:
    """The base of every channel's adapter; a channel overrides what is its own."""

    name: ClassVar[str]  # as stored (``user_detail.channel``, ``subscriber_address.channel``)
    label: ClassVar[str]  # as people read it: "WhatsApp"
    setting: ClassVar[str]  # the setting that gives it a sender, named when it is missing
    record_key: ClassVar[str]  # its address's key in a subscriber's record: "phone"
    messaging_tier: ClassVar[bool] = False  # its messages count against WHATSAPP_MESSAGING_LIMIT
    pins_identity: ClassVar[bool] = False  # a subscriber stays on one of our identities
    service_window: ClassVar[bool] = False  # free text reaches a person only after they wrote
    conversational: ClassVar[bool] = True  # people write to us on it (a chat)
    address_kind: ClassVar[AddressKind] = AddressKind.NUMBER  # what replies say we keep

    def normalise(self, address: str) -> str:
        """``address`` as stored, or a ValueError naming it."""
        raise NotImplementedError

    def mask(self, address: str) -> str:
        """``address`` with most of it hidden (for pages and logs)."""
        return address[:2] + "*" * max(0, len(address) - 4) + address[-2:]

    def configured(self, settings: Settings) -> bool:
        """Whether ``settings`` give this channel a sender of its own."""
        raise NotImplementedError

    def sender(self, settings: Settings, keep_open: bool = False) -> Sender:
        """The channel's sender (``configured`` is true)."""
        raise NotImplementedError

    def signup_link(self, settings: Settings) -> str:
        """The public address that starts a sign-up on this channel ("" when there is none)."""
        return ""

    def parse_inbound(self, body: object) -> list[Event]:
        """The neutral events in one verified inbound body."""
        return []

    def failed_status_action(
        self, code: int | None, undeliverable_days: int, counted_today: bool
    ) -> FailedStatusAction:
        """What a ``failed`` status of a message we sent does to the subscriber."""
        from lokpanchang.delivery.errors import FailedStatusAction

        return FailedStatusAction(False, undeliverable_days)

    def resumable(self, disabled_reason: str) -> bool:
        """Whether an opt-out's ``resume`` may reactivate a subscriber disabled for this reason."""
        return False

    def as_written(self, address: str) -> list[str]:
        """How ``address`` appears in this channel's stored inbound bodies (compact JSON), so
        erasure drops the bodies naming it (``storage.inbound.forget_naming``)."""
        return [address]

    def link_url(self, settings: Settings, code: str) -> str:
        """A link that moves a subscription to this channel with ``code`` ("" when none)."""
        return ""


def _registry() -> dict[str, Adapter]:
    from lokpanchang.delivery.email_adapter import EmailAdapter
    from lokpanchang.delivery.telegram_adapter import TelegramAdapter
    from lokpanchang.delivery.whatsapp_adapter import WhatsAppAdapter

    return {a.name: a for a in (WhatsAppAdapter(), TelegramAdapter(), EmailAdapter())}


ADAPTERS: dict[str, Adapter] = _registry()
"""Every channel by name, in the order they are shown."""

DEFAULT = "whatsapp"
"""The channel of a subscriber added by phone number (the CLI, the CSV import)."""


class UnknownChannel(ValueError):
    """A channel name no adapter has; the message names it and the known ones."""


def adapter(name: str) -> Adapter:
    """The adapter of channel ``name``, or UnknownChannel naming it."""
    found = ADAPTERS.get(str(name))
    if found is None:
        raise UnknownChannel(f"channel {name!r} is not one of {', '.join(ADAPTERS)}")
    return found


def names_with(flag: str) -> tuple[str, ...]:
    """The channels whose adapter has ``flag`` set (e.g. ``messaging_tier``)."""
    return tuple(name for name, found in ADAPTERS.items() if getattr(found, flag))
