"""The subscriber conversation and status updates, from a channel's neutral events.

Subscribing and stopping go through ``lokpanchang.subscribers`` (place lookup, city rows,
subscription events), as the CLI and the CSV import do.

``handle_events(session, events, now)`` is plain code (tests call it directly): it applies
status updates to the ledger (forward only), honours opt-outs, de-duplicates inbound
messages and decides the replies. A channel's module turns its webhook into these events
(``handle_webhook`` does so for WhatsApp's). Sending the replies, and the welcome
panchangam, happens after the transaction commits (``conversation.sending``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import structlog
from sqlalchemy import select
from sqlalchemy.orm import Session

from lokpanchang import languages
from lokpanchang.delivery.errors import (
    BLOCK_CODES,
    DISABLE_CODES,
    UNDELIVERABLE_CODE,
    failed_status_action,
)
from lokpanchang.delivery.events import Event, Inbound, InboundKind, OptOut, StatusUpdate
from lokpanchang.delivery.whatsapp_inbound import parse_webhook
from lokpanchang.messages import reply
from lokpanchang.messages.places import place_label, zone_label
from lokpanchang.storage.cities import km_from_city
from lokpanchang.storage.models import (
    FOREVER,
    InboundMessage,
    MessageLog,
    SubscriptionEvent,
    UserDetail,
)
from lokpanchang.storage.states import Channel, LedgerStatus, may_move
from lokpanchang.subscribers import linking
from lokpanchang.subscribers.operations import (
    stop_user,
    subscribe,
    subscribe_chat,
    update_user_preferences,
)

log = structlog.get_logger(__name__)

# The command words of every language, and the words that name a language (in English or
# in itself), from the registry.
START_WORDS = languages.command_words("start")
STOP_WORDS = languages.command_words("stop")
HELP_WORDS = languages.command_words("help")
LANGUAGE_WORDS = languages.language_words()
# What a status webhook may say of a message we sent; statuses never go back (states.py).
STATUSES = {
    "sent": LedgerStatus.SENT,
    "delivered": LedgerStatus.DELIVERED,
    "read": LedgerStatus.READ,
    "failed": LedgerStatus.FAILED,
}
# A stranger's words choose the language of the subscription they make within this time.
SIGN_UP_LANGUAGE_MEMORY = timedelta(days=1)
# Coordinates as Meta sends them: a JSON number, or a decimal number in a string.
DECIMAL = re.compile(r"[+-]?\d+(?:\.\d+)?", re.ASCII)


@dataclass(frozen=True)
class Reply:
    """A message to send back: ``kind`` is ``text`` or ``location_request``; ``to`` is the
    person's address on ``channel`` and ``via`` our identity they wrote to (the reply goes
    out from it); ``language`` is the reply's (a channel may add words of its own)."""

    to: str
    kind: str
    text: str
    via: str = ""
    language: str = "en"
    channel: str = Channel.WHATSAPP


@dataclass
class WebhookReport:
    replies: list[Reply] = field(default_factory=list)
    welcome_user_ids: list[int] = field(default_factory=list)
    statuses_applied: int = 0
    statuses_ignored: int = 0
    duplicates: int = 0


def handle_webhook(session: Session, body: object, now: datetime) -> WebhookReport:
    """Apply one WhatsApp webhook body (see ``handle_events``)."""
    return handle_events(session, parse_webhook(body), now)


def handle_events(session: Session, events: Iterable[Event], now: datetime) -> WebhookReport:
    """Apply a webhook's events; returns the replies and welcome sends to make after commit."""
    report = WebhookReport()
    for event in events:
        if isinstance(event, StatusUpdate):
            _apply_status(session, event, now, report)
        elif isinstance(event, OptOut):
            _apply_opt_out(session, event, now)
        else:
            _handle_message(session, event, now, report)
    return report


# Status updates --------------------------------------------------------------------


def _apply_status(
    session: Session, status: StatusUpdate, now: datetime, report: WebhookReport
) -> None:
    row = _ledger_row(session, status)
    state = STATUSES.get(status.status)
    if row is None or state is None:
        report.statuses_ignored += 1
        return
    if row.whatsapp_message_id is None and status.message_id:
        row.whatsapp_message_id = status.message_id
    if state is LedgerStatus.FAILED:
        _apply_failed(session, row, status, now)
    elif _forward(row.status, state):
        _move_forward(session, row, state, now)
    report.statuses_applied += 1


def _forward(current: str, state: LedgerStatus) -> bool:
    return current != state and may_move(LedgerStatus(current), state)


def _ledger_row(session: Session, status: StatusUpdate) -> MessageLog | None:
    if status.ledger_id is not None:
        return session.get(MessageLog, status.ledger_id)
    if not status.message_id:
        return None
    query = select(MessageLog).where(MessageLog.whatsapp_message_id == status.message_id)
    return session.execute(query).scalars().first()


def _move_forward(session: Session, row: MessageLog, state: LedgerStatus, now: datetime) -> None:
    row.status = state
    row.sent_at = row.sent_at or now
    if state in (LedgerStatus.DELIVERED, LedgerStatus.READ):
        row.delivered_at = row.delivered_at or now
        user = session.get(UserDetail, row.user_id)
        if user is not None:
            user.undeliverable_days = 0  # the count is of *consecutive* undeliverable days
    if state == LedgerStatus.READ:
        row.read_at = row.read_at or now


def _apply_failed(session: Session, row: MessageLog, status: StatusUpdate, now: datetime) -> None:
    code = status.error_code
    target = LedgerStatus.BLOCKED if code in BLOCK_CODES else LedgerStatus.FAILED
    if not may_move(LedgerStatus(row.status), target):
        return  # delivered to one device already; a late failure from another does not undo it
    counted_today = row.status == LedgerStatus.FAILED and row.error_code == UNDELIVERABLE_CODE
    row.status, row.failed_at, row.error_code = target, now, code
    row.error_detail = status.error_detail
    user = session.get(UserDetail, row.user_id)
    if user is None:
        return
    action = failed_status_action(code, user.undeliverable_days or 0, counted_today)
    user.undeliverable_days = action.undeliverable_days
    if action.disable and user.is_active(now):
        _deactivate(session, user, now, "disabled", action.reason or "")


# Opt-outs: the user stopped or resumed marketing messages in the app itself -----------------


def _apply_opt_out(session: Session, opt_out: OptOut, now: datetime) -> None:
    user = _user_by_address(session, opt_out.channel, opt_out.sender)
    if user is None:
        return
    if opt_out.stopped and user.is_active(now):
        _deactivate(session, user, now, "disabled", "whatsapp 131050: user stopped marketing")
    elif not opt_out.stopped and _stopped_marketing(user) and not user.is_active(now):
        _activate(session, user, now, "resumed")


def _stopped_marketing(user: UserDetail) -> bool:
    reason = user.disabled_reason or ""
    return any(str(code) in reason for code in DISABLE_CODES)


# Inbound messages ------------------------------------------------------------------------


def _handle_message(
    session: Session, message: Inbound, now: datetime, report: WebhookReport
) -> None:
    inbound = _first_time(session, message, now) if message.sender else None
    if inbound is None:
        report.duplicates += 1
        return
    user = _user_by_address(session, message.channel, message.sender)
    if message.kind is InboundKind.OTHER:
        return
    if message.kind is InboundKind.LOCATION:
        _handle_location(session, message, user, now, report)
        return
    word = _keyword(message.text)
    if user is None:
        inbound.language = _suggested_language(word)
    language = user.language if user is not None else inbound.language or "en"
    answer = _answer(message, language)
    if word in STOP_WORDS:
        if user is not None:
            stop_user(session, user, now)
        report.replies.append(answer("text", reply("unsubscribed", language)))
    elif word in START_WORDS and message.link_code and user is None:
        report.replies.append(_link_chat(session, message, now))
    elif word in START_WORDS:
        report.replies.append(answer("location_request", reply("ask_location", language)))
    elif word in LANGUAGE_WORDS and user is not None:
        update_user_preferences(session, user, now, language=LANGUAGE_WORDS[word])
        answer = _answer(message, user.language)
        report.replies.append(answer("text", reply("language_set", user.language)))
    else:
        report.replies.append(answer("text", reply("help", language)))


def _answer(message: Inbound, language: str):
    """Replies to ``message`` in ``language``: to its sender, from our identity they wrote to."""
    return lambda kind, text: Reply(
        message.sender, kind, text, message.to, language, message.channel
    )


def _link_chat(session: Session, message: Inbound, now: datetime) -> Reply:
    """A Telegram chat opened from a subscriber's link: their messages come here from now
    on (the same subscription, so never a second daily message); a code that names no one
    gets the help."""
    user = linking.link_chat(session, message.link_code, message.channel, message.sender, now)
    if user is None:
        return _answer(message, "en")("text", reply("help", "en"))
    return _answer(message, user.language)("text", reply("linked", user.language))


def _first_time(session: Session, message: Inbound, now: datetime) -> InboundMessage | None:
    """Record the inbound message id; None when it was handled before (the channel retries)."""
    if not message.message_id:
        return None
    if session.execute(
        select(InboundMessage.id).where(InboundMessage.wa_message_id == message.message_id)
    ).first():
        return None
    # A worker racing us on the same id makes this flush fail; the task is then retried and
    # the lookup above finds the id (the unique constraint is the real guard).
    inbound = InboundMessage(
        wa_message_id=message.message_id,
        from_phone=message.sender[:20],
        kind=str(message.kind)[:20],
        received_at=now,
    )
    session.add(inbound)
    session.flush()
    return inbound


def _keyword(text: str) -> str:
    return text.strip().strip(".!?।").strip().casefold()


def _suggested_language(word: str) -> str | None:
    """A stranger's language: the one they named (so "தமிழ்" gets the Tamil help), else their
    script's; None when their words say nothing (Latin letters, digits)."""
    if word in LANGUAGE_WORDS:
        return LANGUAGE_WORDS[word]
    # Devanagari reads as Hindi; Latin and any script we do not speak give no hint.
    return languages.language_of_script(word)


def _language_at_sign_up(session: Session, phone: str, now: datetime) -> str | None:
    """The language a stranger's latest words suggested within a day, for their new subscription."""
    return session.scalar(
        select(InboundMessage.language)
        .where(
            InboundMessage.from_phone == phone,
            InboundMessage.language.is_not(None),
            InboundMessage.received_at >= now - SIGN_UP_LANGUAGE_MEMORY,
        )
        .order_by(InboundMessage.received_at.desc(), InboundMessage.id.desc())
        .limit(1)
    )


def _handle_location(
    session: Session,
    message: Inbound,
    user: UserDetail | None,
    now: datetime,
    report: WebhookReport,
) -> None:
    phone = message.sender
    suggested = _language_at_sign_up(session, phone, now) if user is None else None
    language = user.language if user is not None else suggested or "en"
    answer = _answer(message, language)
    coordinates = _coordinates(message.latitude, message.longitude)
    if coordinates is None:
        report.replies.append(answer("text", reply("bad_location", language)))
        return
    try:
        user = _subscribe_sender(session, message, coordinates, now, suggested)
    except ValueError as exc:  # an address that is no valid phone number: nothing is written
        log.warning("conversation.cannot_subscribe", phone=phone, error=str(exc))
        report.replies.append(answer("text", reply("help", language)))
        return
    confirmation = reply(
        "subscribed", user.language, place=_place_name(user), timezone=zone_label(user.timezone)
    )
    report.replies.append(_answer(message, user.language)("text", confirmation))
    report.welcome_user_ids.append(user.id)


def _subscribe_sender(
    session: Session, message: Inbound, coordinates, now: datetime, language: str | None
) -> UserDetail:
    """Subscribe whoever sent ``message`` at ``coordinates``, by their address on its channel."""
    name = message.name or None
    if message.channel == Channel.TELEGRAM:
        return subscribe_chat(
            session, message.sender, *coordinates, now=now, name=name, language=language
        )
    user = subscribe(session, message.sender, *coordinates, now=now, name=name, language=language)
    user.wa_id = message.sender.lstrip("+")[:32]
    user.number_id = user.number_id or message.to or None  # pinned to the number they wrote to
    return user


def _place_name(user: UserDetail) -> str:
    """The subscriber's town as their messages name it ("near X (914 km)" when far)."""
    if user.city is None:
        return f"{user.latitude:.3f}, {user.longitude:.3f}"
    distance = km_from_city(user.latitude, user.longitude, user.city)
    return place_label(user.city.city, distance, user.language)


def _coordinates(latitude: object, longitude: object) -> tuple[float, float] | None:
    """(lat, lon) in degrees from a shared location; they may come as numbers or strings."""
    latitude, longitude = _degrees(latitude), _degrees(longitude)
    if latitude is None or longitude is None:
        return None
    if abs(latitude) > 90 or abs(longitude) > 180:
        return None
    return latitude, longitude


def _degrees(value: object) -> float | None:
    """A JSON number or a decimal string; not a bool, "1_0", "0x10", "nan" or other digits."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return None
    if isinstance(value, str) and not DECIMAL.fullmatch(value):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def _user_by_address(session: Session, channel: str, address: str) -> UserDetail | None:
    """The subscriber at ``address`` on ``channel`` (a phone number, or a Telegram chat)."""
    if not address:
        return None
    if channel == Channel.TELEGRAM:
        where = UserDetail.chat_id == address
    else:
        where = UserDetail.phone == f"+{address.lstrip('+')}"
    return session.execute(select(UserDetail).where(where)).scalars().first()


def _activate(session: Session, user: UserDetail, now: datetime, kind: str) -> None:
    user.obsoleted_on, user.disabled_reason, user.updated_on = FOREVER, None, now
    user.undeliverable_days = 0
    session.flush()
    session.add(SubscriptionEvent(user_id=user.id, kind=kind, at=now))


def _deactivate(session: Session, user: UserDetail, now: datetime, kind: str, reason: str) -> None:
    user.obsoleted_on, user.updated_on = now, now
    user.disabled_reason = reason[:200] if kind == "disabled" else None
    session.add(SubscriptionEvent(user_id=user.id, kind=kind, at=now, detail=reason[:500]))
    log.info("subscriber.deactivated", user_id=user.id, kind=kind, reason=reason)
