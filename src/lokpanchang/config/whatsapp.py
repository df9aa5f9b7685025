"""Delivery through WhatsApp's Cloud API: which backend sends (``auto``: WhatsApp when its
credentials are set, else the outbox), the numbers, templates, account limits and pace."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

MESSAGING_LIMITS = {"250": 250, "2000": 2000, "10000": 10000, "100000": 100000, "unlimited": None}
"""WhatsApp's messaging-limit tiers (``WHATSAPP_MESSAGING_LIMIT``)."""


class WhatsApp:
    """The delivery backend and the WhatsApp Business account it sends from."""

    # Delivery.
    delivery_backend: Literal["auto", "outbox", "whatsapp", "memory"] = "auto"
    # Comma-separated phone-number ids (``whatsapp_numbers``): each number has its own
    # throughput (SEND_RATE) and a subscriber stays on one.
    whatsapp_phone_number_id: str = ""
    whatsapp_access_token: str = ""
    whatsapp_api_version: str = "v25.0"
    whatsapp_base_url: str = "https://graph.facebook.com"
    whatsapp_template_name: str = "daily_panchangam"
    # The daily template's header (issue 27): ``image`` sends the day's card as an image
    # header (the template must be registered with one); a message without a card (``card
    # off``, none to be had) then goes as WHATSAPP_TEXT_TEMPLATE_NAME, the header-less twin
    # (empty: WHATSAPP_TEMPLATE_NAME + "_text").
    whatsapp_template_header: Literal["none", "image"] = "none"
    whatsapp_text_template_name: str = ""
    whatsapp_verify_token: str = ""
    whatsapp_app_secret: str = ""
    # Unique subscribers reached by business-initiated messages in any rolling 24 h.
    whatsapp_messaging_limit: str = "unlimited"
    # Meta's category of our templates: marketing templates do not reach +1 numbers.
    whatsapp_template_category: Literal["utility", "marketing"] = "marketing"
    # Set by `up --fake-whatsapp`: the fake Cloud API it runs, which /healthz then checks.
    fake_whatsapp_url: str = ""
    send_rate: float = Field(80.0, gt=0)  # messages/s per phone number
    send_concurrency: int = Field(200, gt=0)
    send_timeout: float = Field(15.0, gt=0)

    @field_validator("whatsapp_phone_number_id")
    @classmethod
    def _number_ids(cls, value: str) -> str:
        if value.strip() and not all(part.strip() for part in value.split(",")):
            raise ValueError("an empty phone-number id in the list; give ids like 111,222")
        if any(not part.strip().isdigit() for part in value.split(",") if part.strip()):
            raise ValueError("phone-number ids are digits, comma-separated (e.g. 111,222)")
        return value

    @field_validator("whatsapp_messaging_limit")
    @classmethod
    def _messaging_limit(cls, value: str) -> str:
        if value.strip().lower() not in MESSAGING_LIMITS:
            raise ValueError(f"must be one of {', '.join(MESSAGING_LIMITS)}")
        return value.strip().lower()

    @field_validator("whatsapp_api_version")
    @classmethod
    def _api_version(cls, value: str) -> str:
        if not value.startswith("v"):
            raise ValueError("must look like v25.0")
        return value

    @property
    def effective_delivery_backend(self) -> str:
        if self.delivery_backend != "auto":
            return self.delivery_backend
        has_credentials = self.whatsapp_phone_number_id and self.whatsapp_access_token
        return "whatsapp" if has_credentials else "outbox"

    @property
    def whatsapp_numbers(self) -> tuple[str, ...]:
        """The configured phone-number ids, in order (the first is the default)."""
        return tuple(part.strip() for part in self.whatsapp_phone_number_id.split(",") if part)

    @property
    def messaging_limit(self) -> int | None:
        """Unique subscribers per rolling 24 h, or None when unlimited."""
        return MESSAGING_LIMITS[self.whatsapp_messaging_limit]
