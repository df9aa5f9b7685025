"""An in-memory channel with the same interface, for tests and dry runs."""

from __future__ import annotations

from dataclasses import dataclass, field

from lokpanchang.delivery.base import Outcome, OutgoingMessage, SendResult


@dataclass
class MemorySender:
    """Keeps every message it is given; ``outcomes`` maps an address to a forced outcome."""

    name: str = "memory"
    identities: tuple[str, ...] = ()  # our numbers, if a test wants several
    shows_cards: bool = False  # broadcasts carry the day's card (issue 27) when True
    sent: list[OutgoingMessage] = field(default_factory=list)
    outcomes: dict[str, SendResult] = field(default_factory=dict)

    async def send_batch(self, messages: list[OutgoingMessage]) -> list[SendResult]:
        return [self._send_one(message) for message in messages]

    def _send_one(self, message: OutgoingMessage) -> SendResult:
        forced = self.outcomes.get(message.to)
        if forced is not None:
            return SendResult(
                message.ledger_id,
                forced.outcome,
                None,
                forced.error_code,
                forced.error_detail,
                forced.retry_after,
                via=message.via,
            )
        self.sent.append(message)
        return SendResult(
            message.ledger_id, Outcome.SENT, f"memory.{message.ledger_id}", via=message.via
        )

    async def close(self) -> None:
        return None
