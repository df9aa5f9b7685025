"""An in-memory channel with the same interface, for tests and dry runs."""

from __future__ import annotations

from dataclasses import dataclass, field

from lokpanchang.delivery.base import Outcome, OutgoingMessage, SendResult


@dataclass
class MemorySender:
    """Keeps every message it is given; ``outcomes`` maps a phone to a forced outcome."""

    name: str = "memory"
    sent: list[OutgoingMessage] = field(default_factory=list)
    outcomes: dict[str, SendResult] = field(default_factory=dict)

    async def send_batch(self, messages: list[OutgoingMessage]) -> list[SendResult]:
        return [self._send_one(message) for message in messages]

    def _send_one(self, message: OutgoingMessage) -> SendResult:
        forced = self.outcomes.get(message.phone)
        if forced is not None:
            return SendResult(
                message.ledger_id, forced.outcome, None, forced.error_code, forced.error_detail
            )
        self.sent.append(message)
        return SendResult(message.ledger_id, Outcome.SENT, f"memory.{message.ledger_id}")

    async def close(self) -> None:
        return None
