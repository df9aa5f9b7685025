"""Delivery through a Telegram bot (docs/telegram.md)."""

from __future__ import annotations

import re

from pydantic import Field, field_validator

TELEGRAM_SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")
TELEGRAM_USERNAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{2,29}[Bb][Oo][Tt]")


class Telegram:
    """The bot: its token, public username, webhook secret and pace."""

    # Telegram (docs/telegram.md): a bot's token from BotFather, its public username (for
    # t.me links), the secret Telegram echoes in X-Telegram-Bot-Api-Secret-Token, and its
    # pace (about 30 messages/s for a bot overall; one per second per chat is fixed).
    telegram_bot_token: str = ""
    telegram_api_base_url: str = "https://api.telegram.org"
    telegram_bot_username: str = ""
    telegram_webhook_secret: str = ""
    telegram_send_rate: float = Field(25.0, gt=0, le=30)
    # Set by `up --fake-telegram`: the fake Bot API it runs.
    fake_telegram_url: str = ""

    @field_validator("telegram_webhook_secret")
    @classmethod
    def _webhook_secret(cls, value: str) -> str:
        if value and not TELEGRAM_SECRET.fullmatch(value):
            raise ValueError("must be 1-256 characters of A-Z, a-z, 0-9, _ and - (Telegram's rule)")
        return value

    @field_validator("telegram_bot_username")
    @classmethod
    def _bot_username(cls, value: str) -> str:
        name = value.removeprefix("@")
        if name and not TELEGRAM_USERNAME.fullmatch(name):
            raise ValueError("is not a bot username (5-32 letters, digits or _, ending in 'bot')")
        return name
