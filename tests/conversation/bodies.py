"""Webhook bodies in the shape of Meta's ``messages`` and ``user_preferences`` webhooks."""

from __future__ import annotations

import itertools

_ids = itertools.count(1)


def envelope(value: dict, field: str = "messages") -> dict:
    value = {
        "messaging_product": "whatsapp",
        "metadata": {"display_phone_number": "15550000000", "phone_number_id": "42"},
        **value,
    }
    return {
        "object": "whatsapp_business_account",
        "entry": [{"id": "WABA", "changes": [{"value": value, "field": field}]}],
    }


def inbound(wa_id: str, message: dict, name: str = "Asha") -> dict:
    message = {
        "from": wa_id,
        "id": message.pop("id", f"wamid.IN{next(_ids)}"),
        "timestamp": "1764400000",
        **message,
    }
    return envelope(
        {"contacts": [{"profile": {"name": name}, "wa_id": wa_id}], "messages": [message]}
    )


def text(wa_id: str, body: str, **values) -> dict:
    return inbound(wa_id, {"type": "text", "text": {"body": body}, **values})


def location(wa_id: str, latitude, longitude, **values) -> dict:
    return inbound(
        wa_id,
        {"type": "location", "location": {"latitude": latitude, "longitude": longitude}, **values},
    )


def status(
    state: str,
    message_id: str = "wamid.OUT1",
    callback: str | None = None,
    code: int | None = None,
    recipient: str = "919800000001",
) -> dict:
    entry: dict[str, object] = {
        "id": message_id,
        "status": state,
        "timestamp": "1764400000",
        "recipient_id": recipient,
    }
    if callback:
        entry["biz_opaque_callback_data"] = callback
    if code is not None:
        entry["errors"] = [
            {"code": code, "title": "t", "message": "m", "error_data": {"details": f"error {code}"}}
        ]
    return envelope({"statuses": [entry]})


def preference(wa_id: str, value: str) -> dict:
    return envelope(
        {
            "contacts": [{"profile": {"name": "Asha"}, "wa_id": wa_id}],
            "user_preferences": [
                {
                    "wa_id": wa_id,
                    "detail": "d",
                    "category": "marketing_messages",
                    "value": value,
                    "timestamp": 1764400000,
                }
            ],
        },
        field="user_preferences",
    )
