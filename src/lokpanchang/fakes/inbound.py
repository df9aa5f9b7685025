"""What WhatsApp posts to ``/webhook`` when a user writes: Meta's ``messages`` webhook body
for a text or a shared location, and its ``X-Hub-Signature-256`` header."""

from __future__ import annotations

import hashlib
import hmac
import uuid
from datetime import datetime

PHONE_NUMBER_ID = "100000000000001"  # the fake Cloud API's number (cli.service)


def text_body(wa_id: str, text: str, name: str, now: datetime) -> dict:
    """A text message from ``wa_id`` (digits, no ``+``)."""
    return messages_body(wa_id, name, now, [text_message(text)])


def location_body(wa_id: str, latitude: float, longitude: float, name: str, now: datetime) -> dict:
    """A shared location (degrees) from ``wa_id``."""
    return messages_body(wa_id, name, now, [location_message(latitude, longitude)])


def text_message(text: str) -> dict:
    return {"type": "text", "text": {"body": text}}


def location_message(latitude: float, longitude: float) -> dict:
    return {"type": "location", "location": {"latitude": latitude, "longitude": longitude}}


def messages_body(wa_id: str, name: str, now: datetime, messages: list[dict]) -> dict:
    """One body carrying ``messages`` from ``wa_id``, in order (Meta batches this way too)."""
    value = {
        "messaging_product": "whatsapp",
        "metadata": {"display_phone_number": "15550000000", "phone_number_id": PHONE_NUMBER_ID},
        "contacts": [{"profile": {"name": name}, "wa_id": wa_id}],
        "messages": [_message(wa_id, now, message) for message in messages],
    }
    return {
        "object": "whatsapp_business_account",
        "entry": [{"id": "SIMULATED", "changes": [{"value": value, "field": "messages"}]}],
    }


def signature_header(raw: bytes, app_secret: str) -> str:
    """``sha256=<hex HMAC-SHA256 of the raw body>``, as Meta signs every POST."""
    return "sha256=" + hmac.new(app_secret.encode(), raw, hashlib.sha256).hexdigest()


def _message(wa_id: str, now: datetime, message: dict) -> dict:
    return {
        "from": wa_id,
        "id": f"wamid.SIM{uuid.uuid4().hex}",  # unique: the webhook drops repeated ids
        "timestamp": str(int(now.timestamp())),
        **message,
    }
