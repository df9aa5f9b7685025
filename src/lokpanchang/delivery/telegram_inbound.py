"""A Telegram ``Update`` (the webhook's body) as neutral events.

Only messages in a private chat with the bot are read: a text (a command's leading ``/`` and
``@botname`` dropped, so ``/stop@PanchangBot`` reads as ``stop``; ``/start <code>`` gives the
code as ``link_code``) or a shared location. The update's ``update_id`` is the message id
the conversation de-duplicates on (Telegram resends an update until we answer 2xx). Anything
else (edits, group messages, member changes) comes out as nothing to answer.
"""

from __future__ import annotations

from typing import Any

from lokpanchang.delivery.events import Event, Inbound, InboundKind

CHANNEL = "telegram"
MAX_UPDATE_ID = 2**63 - 1
MAX_LINK_CODE = 64  # Telegram's limit on a start parameter


def parse_update(body: object) -> list[Event]:
    """The message in one update, if it is one a person wrote to the bot in private."""
    if not isinstance(body, dict):
        return []
    update_id = body.get("update_id")
    message = body.get("message")
    if not _is_id(update_id) or not isinstance(message, dict):
        return []
    chat = _mapping(message.get("chat"))
    if chat.get("type") != "private" or not _is_id(chat.get("id")):
        return []
    return [_inbound(f"tg:{update_id}", str(chat["id"]), message)]


def update_id_of(body: object) -> int | None:
    """The update's id (None for a body that is not an update)."""
    update_id = body.get("update_id") if isinstance(body, dict) else None
    return update_id if _is_id(update_id) else None


def command(text: str) -> tuple[str, str]:
    """(word, argument) of ``text``: "/start@Bot abc" -> ("start", "abc"); other text as is."""
    if not text.startswith("/"):
        return text, ""
    head, _, argument = text[1:].partition(" ")
    return head.partition("@")[0], argument.strip()


def _inbound(message_id: str, chat: str, message: dict) -> Inbound:
    location = _mapping(message.get("location"))
    if location:
        return Inbound(
            CHANNEL,
            chat,
            message_id,
            InboundKind.LOCATION,
            latitude=location.get("latitude"),
            longitude=location.get("longitude"),
            name=_name(message),
        )
    text = message.get("text")
    if not isinstance(text, str):
        return Inbound(CHANNEL, chat, message_id, InboundKind.OTHER)
    word, argument = command(text)
    code = argument if word == "start" and len(argument) <= MAX_LINK_CODE else ""
    return Inbound(
        CHANNEL, chat, message_id, InboundKind.TEXT, word, name=_name(message), link_code=code
    )


def _name(message: dict) -> str:
    person = _mapping(message.get("from"))
    parts = (person.get("first_name"), person.get("last_name"))
    return " ".join(str(part) for part in parts if isinstance(part, str) and part)[:200]


def _is_id(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_UPDATE_ID


def _mapping(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}
