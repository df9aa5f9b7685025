"""Crossing over: a subscriber's link to another channel, and the address it links.

A subscriber whose messages are blocked by their channel's policy is offered a link to a
channel whose adapter makes one (``Adapter.link_url``: Telegram's ``t.me/<bot>?start=<code>``;
``broadcast.notices``); the conversation links it. The channel opens the chat with the code
(Telegram: ``/start <code>``); that address is then linked to the same subscription: their
channel becomes the new one and their daily message goes there, still one a day (one ledger
row per subscriber and local date). A code is used once.
"""

from __future__ import annotations

import secrets
from datetime import datetime

import structlog

from lokpanchang.storage import addresses, directory
from lokpanchang.storage.db import Session
from lokpanchang.subscribers.operations import record_event

log = structlog.get_logger(__name__)

CODE_BYTES = 18  # 24 URL-safe characters: a start parameter allows up to 64 of A-Za-z0-9_-


def link_code_for(user) -> str:
    """The stored subscriber ``user``'s link code, made on first use (the caller's
    transaction keeps it)."""
    if not user.link_code:
        user.link_code = secrets.token_urlsafe(CODE_BYTES)
    return user.link_code


def link_chat(session: Session, code: str, channel: str, address: str, now: datetime):
    """Link ``address`` on ``channel`` to the subscriber whose code this is; None if no one's
    (or the address is someone's already)."""
    if not code:
        return None
    user = directory.subscriber_with_link_code(session, code)
    if user is None or addresses.subscriber_at(session, channel, address) is not None:
        log.info(f"{channel}.link_refused", known_code=user is not None)
        return None
    user.set_address(channel, address, now)
    user.channel, user.link_code, user.updated_on = channel, None, now
    session.flush()
    record_event(session, user, "linked", now, f"{channel} chat {address}")
    log.info(f"{channel}.linked", user_id=user.id)
    return user
