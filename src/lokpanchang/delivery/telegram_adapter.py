"""Telegram as an adapter: chat ids, the Bot API sender, Telegram's updates.

A bot is one identity and has no messaging limit or service window. A subscriber elsewhere
may move here by a ``t.me/<bot>?start=<code>`` link (``link_url``; ``subscribers.linking``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lokpanchang.delivery.adapters import Adapter
from lokpanchang.delivery.events import Event
from lokpanchang.messages.chat_words import AddressKind

if TYPE_CHECKING:
    from lokpanchang.config import Settings
    from lokpanchang.delivery.base import Sender


def check_chat_id(value: object) -> str:
    """A Telegram chat id as stored (``"123456789"``), or a ValueError naming it."""
    text = str(value).strip()
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 16 or int(digits) == 0:
        raise ValueError(
            f"chat id {value!r} is not a Telegram chat id (an integer, e.g. 123456789)"
        )
    return str(int(text))


class TelegramAdapter(Adapter):
    name = "telegram"
    label = "Telegram"
    setting = "TELEGRAM_BOT_TOKEN"
    record_key = "chat_id"
    address_kind = AddressKind.CHAT  # we keep a chat id, no number

    def normalise(self, address: str) -> str:
        return check_chat_id(address)

    def configured(self, settings: Settings) -> bool:
        return bool(settings.telegram_bot_token)

    def sender(self, settings: Settings, keep_open: bool = False) -> Sender:
        from lokpanchang.delivery import telegram

        return telegram.from_settings(settings, keep_open=keep_open)

    def signup_link(self, settings: Settings) -> str:
        bot = settings.telegram_bot_username  # the bot's Start button sends /start
        return f"https://t.me/{bot}" if bot else ""

    def parse_inbound(self, body: object) -> list[Event]:
        from lokpanchang.delivery.telegram_inbound import parse_update

        return parse_update(body)

    def as_written(self, address: str) -> list[str]:
        """A chat id as the value of an ``id`` (an update's ``chat`` and ``from``)."""
        return [f'"id":{address},', f'"id":{address}}}']

    def link_url(self, settings: Settings, code: str) -> str:
        """``t.me/<bot>?start=<code>``: Telegram opens the chat and sends ``/start <code>``."""
        bot = settings.telegram_bot_username
        if not (bot and settings.telegram_bot_token):
            return ""
        return f"https://t.me/{bot}?start={code}"
