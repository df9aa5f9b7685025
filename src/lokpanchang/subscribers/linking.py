"""Crossing over: a WhatsApp subscriber's Telegram link, and the chat it links.

A subscriber whose WhatsApp messages are blocked by policy is offered
``https://t.me/<bot>?start=<code>`` (``broadcast.notices``); the conversation links it. Telegram opens the chat with
``/start <code>``; the chat is then linked to that same subscription: their channel becomes
Telegram and their daily message goes there, still one a day (one ledger row per subscriber
and local date). A code is used once.
"""

from __future__ import annotations

import secrets
from datetime import datetime

import structlog
from sqlalchemy import select
from sqlalchemy.orm import Session

from lokpanchang.storage.models import UserDetail
from lokpanchang.storage.states import Channel
from lokpanchang.subscribers.operations import find_by_chat, record_event

log = structlog.get_logger(__name__)

CODE_BYTES = 18  # 24 URL-safe characters: a start parameter allows up to 64 of A-Za-z0-9_-


def telegram_link(bot_username: str, code: str) -> str:
    """The link that opens a chat with the bot and sends it ``/start <code>``."""
    return f"https://t.me/{bot_username}?start={code}"


def link_code_for(user: UserDetail) -> str:
    """``user``'s link code, made on first use (the caller's transaction keeps it)."""
    if not user.link_code:
        user.link_code = secrets.token_urlsafe(CODE_BYTES)
    return user.link_code


def link_chat(
    session: Session, code: str, channel: str, chat: str, now: datetime
) -> UserDetail | None:
    """Link Telegram ``chat`` to the subscriber whose code this is; None if no one's."""
    if channel != Channel.TELEGRAM or not code:
        return None
    user = session.scalar(select(UserDetail).where(UserDetail.link_code == code))
    if user is None or find_by_chat(session, chat) is not None:
        log.info("telegram.link_refused", known_code=user is not None)
        return None
    user.chat_id, user.channel, user.link_code, user.updated_on = chat, Channel.TELEGRAM, None, now
    session.flush()
    record_event(session, user, "linked", now, f"telegram chat {chat}")
    log.info("telegram.linked", user_id=user.id)
    return user
