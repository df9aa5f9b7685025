"""Where a visitor can get the panchangam every morning: one list of links, one per channel.

Every "get this every morning" link on the public page comes from ``every_morning_links``:
each channel's adapter says its public sign-up address (``Adapter.signup_link``: a WhatsApp
display number, a Telegram bot), in the registry's order.
"""

from __future__ import annotations

from dataclasses import dataclass

from lokpanchang.config import Settings
from lokpanchang.delivery.adapters import ADAPTERS


@dataclass(frozen=True)
class Link:
    """A channel's name (shown as it is, a brand) and the address that starts a sign-up."""

    channel: str
    url: str


def every_morning_links(settings: Settings) -> list[Link]:
    """The sign-up links of every channel configured with a public address."""
    found = ((adapter.label, adapter.signup_link(settings)) for adapter in ADAPTERS.values())
    return [Link(label, url) for label, url in found if url]
