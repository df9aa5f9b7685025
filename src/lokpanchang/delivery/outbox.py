"""The embedded default channel: each message is a JSON line in a file, and a log line."""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path

import structlog

from lokpanchang.delivery.base import Outcome, OutgoingMessage, SendResult

log = structlog.get_logger(__name__)


class OutboxSender:
    """Appends messages to ``path`` (JSON lines). One ``write`` per batch keeps lines whole."""

    name = "outbox"
    identities: tuple[str, ...] = ()  # the outbox sends from nowhere in particular

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)

    async def send_batch(self, messages: list[OutgoingMessage]) -> list[SendResult]:
        if not messages:
            return []
        lines = "".join(json.dumps(_record(m), ensure_ascii=False) + "\n" for m in messages)
        # O_APPEND makes concurrent writers from several worker processes interleave by line.
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, lines.encode())
        finally:
            os.close(fd)
        for message in messages:
            log.info("outbox.sent", ledger_id=message.ledger_id, language=message.language)
        return [
            SendResult(m.ledger_id, Outcome.SENT, f"outbox.{m.ledger_id}", via=m.via)
            for m in messages
        ]

    async def close(self) -> None:
        return None


def _record(message: OutgoingMessage) -> dict:
    """The message as a JSON object; its address under ``phone`` (the outbox's key since the
    first release: the embedded demo's subscribers are all phone numbers)."""
    record = asdict(message)
    record["phone"] = record.pop("to")
    record["parameters"] = list(message.parameters)
    return record


def read_outbox(path: Path) -> list[dict]:
    """Every message in the outbox file, oldest first (empty when there is no file).

    Only whole lines are messages: a last line without its newline is a write still under way.
    """
    if not Path(path).exists():
        return []
    *whole_lines, _being_written = Path(path).read_text().split("\n")
    return [json.loads(line) for line in whole_lines if line.strip()]
