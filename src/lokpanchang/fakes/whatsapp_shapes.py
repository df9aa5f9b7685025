"""Meta's shapes, as the fake Cloud API answers and posts them: error bodies (codes, titles,
HTTP statuses as Meta documents them), signed status webhooks, template body parameters."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from lokpanchang import clock
from lokpanchang.fakes.whatsapp_spec import FakeConfig

ERRORS = {  # code -> (title, details, HTTP status); titles and codes as Meta documents them
    100: ("Invalid parameter", "Unsupported post request or invalid parameter", 400),
    190: ("Invalid OAuth access token", "The access token could not be decrypted", 401),
    130429: ("Rate limit hit", "Cloud API message throughput has been reached.", 400),
    131026: ("Message undeliverable", "Unable to deliver message.", 400),
    131049: (
        "This message was not delivered to maintain healthy ecosystem engagement.",
        "Per-user marketing limit reached.",
        400,
    ),
    131050: (
        "Unable to deliver the message. This recipient has chosen to stop receiving "
        "marketing messages on WhatsApp from your business.",
        "User stopped marketing.",
        400,
    ),
    131056: (
        "(Business Account, Consumer Account) pair rate limit hit",
        "Too many messages sent from this phone number to the same phone number "
        "in a short period of time.",
        400,
    ),
    132000: (
        "Number of parameters does not match the expected number of params",
        "body: number of localizable_params does not match the expected number",
        400,
    ),
    132001: (
        "Template name does not exist in the translation",
        "template name does not exist in the language",
        404,
    ),
    132005: ("Translated text too long", "Translated text is too long.", 400),
    132018: (
        "There was an issue with the parameters in your template.",
        "Param text cannot have new-line/tab characters or more than 4 consecutive spaces",
        400,
    ),
}


class Rejected(Exception):
    def __init__(self, code: int, details: str = "") -> None:
        super().__init__(code)
        self.code, self.details = code, details


def error_document(code: int, details: str = "") -> tuple[dict, int]:
    """Meta's error body for ``code`` and the HTTP status it comes with."""
    title, default_details, status = ERRORS.get(code, ("Error", "", 400))
    error = {
        "message": f"(#{code}) {title}",
        "type": "OAuthException",
        "code": code,
        "error_data": {"messaging_product": "whatsapp", "details": details or default_details},
        "fbtrace_id": secrets.token_urlsafe(12),
    }
    return {"error": error}, status


def sign(raw: bytes, secret: str) -> str:
    """Hex HMAC-SHA256 of the raw body with the app secret, as in ``X-Hub-Signature-256``."""
    return hmac.new(secret.encode(), raw, hashlib.sha256).hexdigest()


def status_body(
    config: FakeConfig,
    message_id: str,
    recipient: str,
    status: str,
    callback: str | None,
    error_code: int | None = None,
    number: str = "",
) -> dict:
    """One status update in the shape of Meta's ``messages`` webhook, from ``number``."""
    entry: dict[str, Any] = {
        "id": message_id,
        "status": status,
        "timestamp": str(int(clock.now().timestamp())),
        "recipient_id": recipient,
    }
    if callback:
        entry["biz_opaque_callback_data"] = callback
    if error_code is not None:
        title, details, _ = ERRORS.get(error_code, ("Error", "", 400))
        entry["errors"] = [
            {
                "code": error_code,
                "title": title,
                "message": title,
                "error_data": {"details": details},
            }
        ]
    value = {
        "messaging_product": "whatsapp",
        "metadata": {
            "display_phone_number": config.display_phone_number,
            "phone_number_id": number or config.numbers[0],
        },
        "statuses": [entry],
    }
    return {
        "object": "whatsapp_business_account",
        "entry": [{"id": "FAKE-WABA", "changes": [{"value": value, "field": "messages"}]}],
    }


def body_texts(template: dict) -> list:
    for component in template.get("components") or []:
        if isinstance(component, dict) and component.get("type") == "body":
            return [p.get("text") for p in component.get("parameters") or [] if isinstance(p, dict)]
    return []
