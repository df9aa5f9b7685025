"""Where a visitor can get the panchangam every morning: one list of links, one per channel.

Every "get this every morning" link on the public page comes from ``every_morning_links``;
a channel with a public address (a WhatsApp display number, a Telegram bot) adds its link here.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

from lokpanchang.config import Settings

START_WORD = "start"  # the word the conversation answers with a sign-up, in Latin letters


@dataclass(frozen=True)
class Link:
    """A channel's name (shown as it is, a brand) and the address that starts a sign-up."""

    channel: str
    url: str


def every_morning_links(settings: Settings) -> list[Link]:
    """The sign-up links of every channel configured with a public address."""
    links = []
    if settings.whatsapp_display_number:
        number = settings.whatsapp_display_number.removeprefix("+")
        links.append(Link("WhatsApp", f"https://wa.me/{number}?text={quote(START_WORD)}"))
    if settings.telegram_bot_username:  # the bot's Start button sends /start
        links.append(Link("Telegram", f"https://t.me/{settings.telegram_bot_username}"))
    return links
