"""Several channels behind one ``Sender``: each message goes out on its own ``channel``.

The pipeline and the conversation hold one sender; ``Channels`` hands each message to the
sender of its channel (all of a batch at once) and gives the results back in order. A
message for a channel that is not configured is not sent (``SKIP``, saying which setting is
missing). The embedded outbox and the memory sender record every channel's messages.
"""

from __future__ import annotations

import asyncio

from lokpanchang.delivery.adapters import ADAPTERS, DEFAULT
from lokpanchang.delivery.base import Outcome, OutgoingMessage, Sender, SendResult


class Channels:
    """A sender per channel name; ``identities_for(channel)`` are our identities on it."""

    name = "channels"

    def __init__(self, senders: dict[str, Sender]) -> None:
        self.senders = dict(senders)

    @property
    def identities(self) -> tuple[str, ...]:
        return self.identities_for(DEFAULT)

    def shows_cards_on(self, channel: str) -> bool:
        sender = self.senders.get(channel)
        return bool(getattr(sender, "shows_cards", False)) if sender is not None else False

    def identities_for(self, channel: str) -> tuple[str, ...]:
        sender = self.senders.get(channel)
        return tuple(getattr(sender, "identities", ())) if sender is not None else ()

    async def send_batch(self, messages: list[OutgoingMessage]) -> list[SendResult]:
        by_channel: dict[str, list[int]] = {}
        for index, message in enumerate(messages):
            by_channel.setdefault(message.channel, []).append(index)
        results: list[SendResult | None] = [None] * len(messages)
        parts = await asyncio.gather(
            *(self._send_part(name, [messages[i] for i in at]) for name, at in by_channel.items())
        )
        for at, part in zip(by_channel.values(), parts):
            for index, result in zip(at, part):
                results[index] = result
        return [result for result in results if result is not None]

    async def _send_part(self, channel: str, messages: list[OutgoingMessage]) -> list[SendResult]:
        sender = self.senders.get(channel)
        if sender is None:
            found = ADAPTERS.get(channel)
            setting = found.setting if found is not None else "unknown"
            detail = f"channel {channel!r} is not configured ({setting})"
            return [SendResult(m.ledger_id, Outcome.SKIP, error_detail=detail) for m in messages]
        return await sender.send_batch(messages)

    async def close(self) -> None:
        for sender in {id(s): s for s in self.senders.values()}.values():
            await sender.close()


def identities_for(sender: Sender, channel: str) -> tuple[str, ...]:
    """Our identities on ``channel`` behind ``sender`` (a single sender's are those of the
    channel whose subscribers stay on one, ``Adapter.pins_identity``)."""
    several = getattr(sender, "identities_for", None)
    if several is not None:
        return tuple(several(channel))
    found = ADAPTERS.get(channel)
    pins = found is not None and found.pins_identity
    return tuple(getattr(sender, "identities", ())) if pins else ()


def shows_cards(sender: Sender, channel: str) -> bool:
    """Whether a broadcast on ``channel`` behind ``sender`` shows the day's card (issue 27):
    its sender says so (``shows_cards``: WhatsApp with ``WHATSAPP_TEMPLATE_HEADER=image``,
    Telegram, e-mail); the outbox and the memory sender do not unless told."""
    several = getattr(sender, "shows_cards_on", None)
    if several is not None:
        return bool(several(channel))
    return bool(getattr(sender, "shows_cards", False))
