"""The embedded default channel: each message is a JSON line in a file, and a log line.

Erasure reaches the file (``forget``): an erased person's lines are overwritten in place with
spaces, so the bytes are gone from the file while writers keep appending (``O_APPEND``) and
readers skip the blank lines.
"""

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
    shows_cards = False  # no picture is rendered for a line in a file

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


def forget(path: Path, addresses: list[str]) -> int:
    """Overwrite, in place, every whole line of the outbox at ``path`` addressed to one of
    ``addresses`` (``+`` or not: ``+9198…`` and a wa_id ``9198…`` are one number); how many.
    A last line without its newline is a write under way and is left to its writer."""
    wanted = {address.lstrip("+") for address in addresses}
    if not wanted or not Path(path).exists():
        return 0
    with open(path, "r+b") as outbox:
        found = [(at, n) for at, n, line in _whole_lines(outbox) if _to(line) in wanted]
        for at, length in found:
            outbox.seek(at)
            outbox.write(b" " * (length - 1))
        outbox.flush()
        os.fsync(outbox.fileno())
    return len(found)


def _whole_lines(outbox) -> list[tuple[int, int, bytes]]:
    """(offset, length with its newline, bytes) of each whole line of an open file."""
    lines, at = [], 0
    for line in outbox:
        if line.endswith(b"\n"):
            lines.append((at, len(line), line))
        at += len(line)
    return lines


def _to(line: bytes) -> str | None:
    """The address of an outbox line, without its ``+`` (None for a blank or broken line)."""
    try:
        record = json.loads(line)
    except ValueError:
        return None
    return str(record.get("phone", "")).lstrip("+") if isinstance(record, dict) else None


def _record(message: OutgoingMessage) -> dict:
    """The message as a JSON object; its address under ``phone`` (the outbox's key since the
    first release: the embedded demo's subscribers are all phone numbers)."""
    record = asdict(message)
    record["phone"] = record.pop("to")
    record["parameters"] = list(message.parameters)
    if message.card is not None:  # the picture's name and size, not its bytes
        record["card"] = {"key": message.card.key, "bytes": len(message.card.png)}
    return record


def read_outbox(path: Path) -> list[dict]:
    """Every message in the outbox file, oldest first (empty when there is no file).

    Only whole lines are messages: a last line without its newline is a write still under way.
    """
    if not Path(path).exists():
        return []
    *whole_lines, _being_written = Path(path).read_text().split("\n")
    return [json.loads(line) for line in whole_lines if line.strip()]
