"""WhatsApp's webhook body (``messages`` and ``user_preferences`` fields) as neutral events.

Unknown fields and shapes are ignored: Meta adds fields and retries for up to 7 days. A
message whose sender is not a phone number, or that has no id, comes out with an empty
``sender`` or ``message_id`` (the conversation counts it as a duplicate and answers nothing).
"""

from __future__ import annotations

import copy
from typing import Any

import structlog

from lokpanchang.delivery.events import Event, Inbound, InboundKind, OptOut, StatusUpdate

log = structlog.get_logger(__name__)

CHANNEL = "whatsapp"
MAX_LEDGER_ID = 2**63 - 1  # a larger number names no row and no database can look it up
MAX_MESSAGE_ID = 128
OPTED_OUT = "whatsapp 131050: user stopped marketing"  # a stop's reason, as 131050 says it
# Messages a person writes to us; reactions, receipts and system notices get no reply.
_WORDS = frozenset({"text", "button", "interactive"})


def parse_webhook(body: object) -> list[Event]:
    """Every status update, preference change and inbound message in ``body``, in order."""
    events: list[Event] = []
    for value in _change_values(body):
        events.extend(_status(status) for status in _dicts(value.get("statuses")))
        events.extend(filter(None, map(_opt_out, _dicts(value.get("user_preferences")))))
        names, ours = _contact_names(value), _our_number(value)
        events.extend(_inbound(m, names, ours) for m in _dicts(value.get("messages")))
    return events


def without_statuses(body: dict) -> dict:
    """``body`` with its status updates left out (what the conversation's task is given)."""
    body = copy.deepcopy(body)
    for value in _change_values(body):
        value.pop("statuses", None)
    return body


def callback_data(ledger_id: int) -> str:
    """``biz_opaque_callback_data`` naming a ledger row; status webhooks echo it back."""
    return f"message_log:{ledger_id}"


def ledger_id_from_callback(value: object) -> int | None:
    """The ledger row named by ``callback_data``, or None for anything else."""
    prefix, _, number = str(value or "").partition(":")
    if prefix != "message_log" or not (number.isascii() and number.isdigit()):
        return None
    return int(number) if int(number) <= MAX_LEDGER_ID else None


def usable_id(message_id: object) -> str:
    """A message id as Meta sends them, or "" (longer ids than the columns hold are not
    Meta's: such an item is skipped, alone)."""
    if isinstance(message_id, str) and 0 < len(message_id) <= MAX_MESSAGE_ID:
        return message_id
    return ""


def _change_values(body: object) -> list[dict]:
    if not isinstance(body, dict):
        return []
    return [
        change["value"]
        for entry in _dicts(body.get("entry"))
        for change in _dicts(entry.get("changes"))
        if isinstance(change.get("value"), dict)
    ]


def _dicts(items: object) -> list[dict[str, Any]]:
    return [item for item in items if isinstance(item, dict)] if isinstance(items, list) else []


def _mapping(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _contact_names(value: dict) -> dict[str, str]:
    names = {}
    for contact in _dicts(value.get("contacts")):
        profile = _mapping(contact.get("profile"))
        names[str(contact.get("wa_id", ""))] = str(profile.get("name") or "")[:200]
    return names


def _our_number(value: dict) -> str:
    return str(_mapping(value.get("metadata")).get("phone_number_id") or "")


def _status(status: dict) -> StatusUpdate:
    code, detail = _first_error(status)
    return StatusUpdate(
        CHANNEL,
        usable_id(status.get("id")),
        str(status.get("status") or ""),
        ledger_id_from_callback(status.get("biz_opaque_callback_data")),
        code,
        detail,
    )


def _first_error(status: dict) -> tuple[int | None, str]:
    for error in _dicts(status.get("errors")):
        try:
            code = int(error["code"])
        except (KeyError, TypeError, ValueError):
            code = None
        data = _mapping(error.get("error_data"))
        return code, str(data.get("details") or error.get("title") or "")[:500]
    return None, ""


def _opt_out(preference: dict) -> OptOut | None:
    if preference.get("category") != "marketing_messages":
        return None
    if preference.get("value") not in ("stop", "resume"):
        return None
    wa_id = str(preference.get("wa_id", "")).lstrip("+")
    sender = f"+{wa_id}" if wa_id.isdigit() else ""
    return OptOut(CHANNEL, sender, preference["value"] == "stop", OPTED_OUT)


def _inbound(message: dict, names: dict[str, str], ours: str) -> Inbound:
    sender = str(message.get("from", ""))
    message_id = usable_id(message.get("id"))
    if not message_id:
        log.warning("conversation.unusable_message_id", length=len(str(message.get("id") or "")))
    kind = message.get("type")
    location = _mapping(message.get("location"))
    return Inbound(
        CHANNEL,
        f"+{sender}" if sender.isdigit() else "",
        message_id,
        _kind(kind),
        _text_of(message),
        location.get("latitude"),
        location.get("longitude"),
        names.get(sender, ""),
        ours,
    )


def _kind(kind: object) -> InboundKind:
    if kind == "location":
        return InboundKind.LOCATION
    return InboundKind.TEXT if isinstance(kind, str) and kind in _WORDS else InboundKind.OTHER


def _text_of(message: dict) -> str:
    for key, inner in (("text", "body"), ("button", "text")):
        part = message.get(key)
        if isinstance(part, dict) and isinstance(part.get(inner), str):
            return part[inner]
    interactive = message.get("interactive")
    if isinstance(interactive, dict):
        for key in ("button_reply", "list_reply"):
            if isinstance(interactive.get(key), dict):
                return str(interactive[key].get("title", ""))
    return ""
