"""The public panchang page: the place it opens on, the work it may do for a visitor, and the
WhatsApp number it offers."""

from __future__ import annotations

from pydantic import Field, field_validator


class PublicPage:
    """The public page's defaults and its share of the web workers."""

    # The public page: the place it opens on (until a visitor chooses one), and the number
    # people write to on WhatsApp (E.164; empty: no "get this every morning" WhatsApp link).
    public_default_place: str = "New Delhi"
    # Its expensive work (web.public_work): helper processes per web worker (0: in the worker
    # itself), and how many such computations one client address may have in flight.
    public_helpers: int = Field(1, ge=0, le=16)
    public_per_client: int = Field(2, gt=0, le=1000)
    whatsapp_display_number: str = ""

    @field_validator("whatsapp_display_number")
    @classmethod
    def _display_number(cls, value: str) -> str:
        digits = value.strip().removeprefix("+").replace(" ", "").replace("-", "")
        if value.strip() and not (digits.isdigit() and 8 <= len(digits) <= 15):
            raise ValueError("must be a phone number in international form, e.g. +919812345678")
        return f"+{digits}" if digits else ""
