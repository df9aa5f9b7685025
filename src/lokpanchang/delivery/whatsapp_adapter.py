"""WhatsApp as an adapter: phone numbers (E.164), the Cloud API sender, Meta's webhook.

Its account has rules the pipeline applies: a messaging limit of unique recipients per
rolling 24 h (``messaging_tier``), several phone numbers of which a subscriber stays on one
(``pins_identity``), and free text only inside the 24 h after the person wrote
(``service_window``). A failed status is judged by ``delivery.errors``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import quote

import phonenumbers

from lokpanchang.delivery.adapters import Adapter
from lokpanchang.delivery.errors import DISABLE_CODES, FailedStatusAction, failed_status_action
from lokpanchang.delivery.events import Event

if TYPE_CHECKING:
    from lokpanchang.config import Settings
    from lokpanchang.delivery.base import Sender

DEFAULT_REGION = "IN"
"""Region assumed for numbers written without ``+`` (most subscribers are in India)."""

START_WORD = "start"  # the word the conversation answers with a sign-up, in Latin letters


def normalise_phone(text: str, default_region: str | None = DEFAULT_REGION) -> str:
    """``text`` as an E.164 number (``+919876543210``), or a ValueError naming it.

    Numbers without ``+`` (or ``00``) are read as numbers of ``default_region``;
    with ``default_region=None`` the ``+`` is required.
    """
    raw = str(text).strip()
    if raw.startswith("00"):
        raw = "+" + raw[2:]
    try:
        number = phonenumbers.parse(raw, None if raw.startswith("+") else default_region)
    except phonenumbers.NumberParseException:
        raise ValueError(
            f"phone {text!r} is not a phone number; write it as +<country><number>"
        ) from None
    if not phonenumbers.is_valid_number(number):
        raise ValueError(f"phone {text!r} is not a valid phone number for its country")
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


class WhatsAppAdapter(Adapter):
    name = "whatsapp"
    label = "WhatsApp"
    setting = "WHATSAPP_PHONE_NUMBER_ID"
    record_key = "phone"
    messaging_tier = True
    pins_identity = True
    service_window = True

    def normalise(self, address: str) -> str:
        return normalise_phone(address)

    def mask(self, address: str) -> str:
        """``+919876543210`` -> ``+91********10``."""
        digits = "".join(ch for ch in address if ch.isdigit())
        if len(digits) < 8:
            return address
        try:
            code = str(phonenumbers.parse("+" + digits, None).country_code)
        except phonenumbers.NumberParseException:
            code = digits[:2]
        return f"+{code}{'*' * (len(digits) - len(code) - 2)}{digits[-2:]}"

    def configured(self, settings: Settings) -> bool:
        return settings.effective_delivery_backend == "whatsapp"

    def sender(self, settings: Settings, keep_open: bool = False) -> Sender:
        from lokpanchang.delivery import whatsapp

        return whatsapp.from_settings(settings, keep_open=keep_open)

    def signup_link(self, settings: Settings) -> str:
        if not settings.whatsapp_display_number:
            return ""
        number = settings.whatsapp_display_number.removeprefix("+")
        return f"https://wa.me/{number}?text={quote(START_WORD)}"

    def parse_inbound(self, body: object) -> list[Event]:
        from lokpanchang.delivery.whatsapp_inbound import parse_webhook

        return parse_webhook(body)

    def failed_status_action(
        self, code: int | None, undeliverable_days: int, counted_today: bool
    ) -> FailedStatusAction:
        return failed_status_action(code, undeliverable_days, counted_today)

    def as_written(self, address: str) -> list[str]:
        """A ``wa_id``: the digits without the plus."""
        return [address.lstrip("+")]

    def resumable(self, disabled_reason: str) -> bool:
        """Disabled because they stopped marketing messages (131050): their resume undoes it."""
        return any(str(code) in disabled_reason for code in DISABLE_CODES)
