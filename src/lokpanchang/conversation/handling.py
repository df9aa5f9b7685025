"""The subscriber conversation and status updates, from one WhatsApp webhook body.

Subscribing and stopping go through ``lokpanchang.subscribers`` (place lookup, city rows,
subscription events), as the CLI and the CSV import do.

``handle_webhook(session, body, now)`` is plain code (tests call it directly): it applies
status updates to the ledger (forward only), honours ``user_preferences`` stop/resume,
de-duplicates inbound messages and decides the replies. Sending those replies, and the
welcome panchangam, happens after the transaction commits (``tasks.webhooks``).
Unknown fields and shapes are ignored: Meta adds fields and retries for up to 7 days.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import structlog
from sqlalchemy import select
from sqlalchemy.orm import Session

from lokpanchang import languages
from lokpanchang.delivery.errors import (
    DISABLE_CODES,
    UNDELIVERABLE_CODE,
    failed_status_action,
)
from lokpanchang.delivery.whatsapp import ledger_id_from_callback
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
from lokpanchang.subscribers.operations import stop as stop_subscription
from lokpanchang.subscribers.operations import subscribe, update_preferences

log = structlog.get_logger(__name__)

# The command words of every language, and the words that name a language (in English or
# in itself), from the registry.
START_WORDS = languages.command_words("start")
STOP_WORDS = languages.command_words("stop")
HELP_WORDS = languages.command_words("help")
LANGUAGE_WORDS = languages.language_words()
# Ledger states in the order a message moves through them; status webhooks never go back.
STATUS_RANK = {"sent": 1, "delivered": 2, "read": 3}
# A stranger's words choose the language of the subscription they make within this time.
SIGN_UP_LANGUAGE_MEMORY = timedelta(days=1)
# Messages a person writes to us; reactions, receipts and system notices get no reply.
CONVERSATIONAL_TYPES = frozenset({"text", "button", "interactive", "location"})
# Longer message ids than the columns hold are not Meta's: such an item is skipped (alone).
MAX_MESSAGE_ID = 128
# Coordinates as Meta sends them: a JSON number, or a decimal number in a string.
DECIMAL = re.compile(r"[+-]?\d+(?:\.\d+)?", re.ASCII)


@dataclass(frozen=True)
class Reply:
    """A message to send back: ``kind`` is ``text`` or ``location_request``."""

    phone: str
    kind: str
    text: str


@dataclass
class WebhookReport:
    replies: list[Reply] = field(default_factory=list)
    welcome_user_ids: list[int] = field(default_factory=list)
    statuses_applied: int = 0
    statuses_ignored: int = 0
    duplicates: int = 0


def handle_webhook(session: Session, body: object, now: datetime) -> WebhookReport:
    """Apply one webhook body; returns the replies and welcome sends to make after commit."""
    report = WebhookReport()
    for value in _change_values(body):
        for status in _dicts(value.get("statuses")):
            _apply_status(session, status, now, report)
        for preference in _dicts(value.get("user_preferences")):
            _apply_preference(session, preference, now)
        names = _contact_names(value)
        for message in _dicts(value.get("messages")):
            _handle_message(session, message, names, now, report)
    return report


def _change_values(body: object) -> list[dict]:
    if not isinstance(body, dict):
        return []
    return [
        change["value"]
        for entry in _dicts(body.get("entry"))
        for change in _dicts(entry.get("changes"))
        if isinstance(change.get("value"), dict)
    ]


def _dicts(items: object) -> list[dict[str, Any]]:
    return [item for item in items if isinstance(item, dict)] if isinstance(items, list) else []


def _mapping(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _contact_names(value: dict) -> dict[str, str]:
    names = {}
    for contact in _dicts(value.get("contacts")):
        profile = _mapping(contact.get("profile"))
        names[str(contact.get("wa_id", ""))] = str(profile.get("name") or "")[:200]
    return names


# Status updates --------------------------------------------------------------------


def _apply_status(session: Session, status: dict, now: datetime, report: WebhookReport) -> None:
    row = _ledger_row(session, status)
    state = status.get("status")
    if row is None or state not in (*STATUS_RANK, "failed"):
        report.statuses_ignored += 1
        return
    if row.whatsapp_message_id is None and isinstance(status.get("id"), str):
        row.whatsapp_message_id = status["id"][:128]
    if state == "failed":
        _apply_failed(session, row, status, now)
    elif STATUS_RANK[state] > STATUS_RANK.get(row.status, 0):
        _move_forward(session, row, state, now)
    report.statuses_applied += 1


def _ledger_row(session: Session, status: dict) -> MessageLog | None:
    ledger_id = ledger_id_from_callback(status.get("biz_opaque_callback_data"))
    if ledger_id is not None:
        return session.get(MessageLog, ledger_id)
    message_id = status.get("id")
    if not _usable_id(message_id):
        return None
    query = select(MessageLog).where(MessageLog.whatsapp_message_id == message_id)
    return session.execute(query).scalars().first()


def _move_forward(session: Session, row: MessageLog, state: str, now: datetime) -> None:
    row.status = state
    row.sent_at = row.sent_at or now
    if state in ("delivered", "read"):
        row.delivered_at = row.delivered_at or now
        user = session.get(UserDetail, row.user_id)
        if user is not None:
            user.undeliverable_days = 0  # the count is of *consecutive* undeliverable days
    if state == "read":
        row.read_at = row.read_at or now


def _apply_failed(session: Session, row: MessageLog, status: dict, now: datetime) -> None:
    if STATUS_RANK.get(row.status, 0) >= STATUS_RANK["delivered"]:
        return  # delivered to one device already; a late failure from another does not undo it
    code, detail = _first_error(status)
    counted_today = row.status == "failed" and row.error_code == UNDELIVERABLE_CODE
    row.status, row.failed_at, row.error_code, row.error_detail = "failed", now, code, detail
    user = session.get(UserDetail, row.user_id)
    if user is None:
        return
    action = failed_status_action(code, user.undeliverable_days or 0, counted_today)
    user.undeliverable_days = action.undeliverable_days
    if action.disable and user.is_active(now):
        _deactivate(session, user, now, "disabled", action.reason or "")


def _first_error(status: dict) -> tuple[int | None, str]:
    for error in _dicts(status.get("errors")):
        try:
            code = int(error["code"])
        except (KeyError, TypeError, ValueError):
            code = None
        data = _mapping(error.get("error_data"))
        return code, str(data.get("details") or error.get("title") or "")[:500]
    return None, ""


# user_preferences: the user stopped or resumed marketing messages in WhatsApp itself ----------


def _apply_preference(session: Session, preference: dict, now: datetime) -> None:
    if preference.get("category") != "marketing_messages":
        return
    user = _user_by_wa_id(session, str(preference.get("wa_id", "")))
    if user is None:
        return
    if preference.get("value") == "stop" and user.is_active(now):
        _deactivate(session, user, now, "disabled", "whatsapp 131050: user stopped marketing")
    elif (
        preference.get("value") == "resume" and _stopped_marketing(user) and not user.is_active(now)
    ):
        _activate(session, user, now, "resumed")


def _stopped_marketing(user: UserDetail) -> bool:
    reason = user.disabled_reason or ""
    return any(str(code) in reason for code in DISABLE_CODES)


# Inbound messages ------------------------------------------------------------------------


def _handle_message(
    session: Session, message: dict, names: dict[str, str], now: datetime, report: WebhookReport
) -> None:
    sender = str(message.get("from", ""))
    inbound = _first_time(session, message, sender, now) if sender.isdigit() else None
    if inbound is None:
        report.duplicates += 1
        return
    phone = f"+{sender}"
    user = _user_by_wa_id(session, sender)
    kind = message.get("type")
    if kind not in CONVERSATIONAL_TYPES:
        return
    if kind == "location":
        _handle_location(session, phone, sender, user, message.get("location"), names, now, report)
        return
    text = _text_of(message)
    word = _keyword(text)
    if user is None:
        inbound.language = _suggested_language(word)
    language = user.language if user is not None else inbound.language or "en"
    if word in STOP_WORDS:
        if user is not None:
            stop_subscription(session, user.phone, now)
        report.replies.append(Reply(phone, "text", reply("unsubscribed", language)))
    elif word in START_WORDS:
        report.replies.append(Reply(phone, "location_request", reply("ask_location", language)))
    elif word in LANGUAGE_WORDS and user is not None:
        update_preferences(session, user.phone, now, language=LANGUAGE_WORDS[word])
        report.replies.append(Reply(phone, "text", reply("language_set", user.language)))
    else:
        report.replies.append(Reply(phone, "text", reply("help", language)))


def _first_time(
    session: Session, message: dict, sender: str, now: datetime
) -> InboundMessage | None:
    """Record the inbound message id; None when it was handled before (Meta retries)."""
    message_id = message.get("id")
    if not _usable_id(message_id):
        log.warning("conversation.unusable_message_id", length=len(str(message_id or "")))
        return None
    if session.execute(
        select(InboundMessage.id).where(InboundMessage.wa_message_id == message_id)
    ).first():
        return None
    # A worker racing us on the same id makes this flush fail; the task is then retried and
    # the lookup above finds the id (the unique constraint is the real guard).
    inbound = InboundMessage(
        wa_message_id=message_id,
        from_phone=f"+{sender}"[:20],
        kind=str(message.get("type", ""))[:20],
        received_at=now,
    )
    session.add(inbound)
    session.flush()
    return inbound


def _usable_id(message_id: object) -> bool:
    return isinstance(message_id, str) and 0 < len(message_id) <= MAX_MESSAGE_ID


def _text_of(message: dict) -> str:
    for key, inner in (("text", "body"), ("button", "text")):
        part = message.get(key)
        if isinstance(part, dict) and isinstance(part.get(inner), str):
            return part[inner]
    interactive = message.get("interactive")
    if isinstance(interactive, dict):
        for key in ("button_reply", "list_reply"):
            if isinstance(interactive.get(key), dict):
                return str(interactive[key].get("title", ""))
    return ""


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
    phone: str,
    wa_id: str,
    user: UserDetail | None,
    location: object,
    names: dict[str, str],
    now: datetime,
    report: WebhookReport,
) -> None:
    suggested = _language_at_sign_up(session, phone, now) if user is None else None
    language = user.language if user is not None else suggested or "en"
    coordinates = _coordinates(location)
    if coordinates is None:
        report.replies.append(Reply(phone, "text", reply("bad_location", language)))
        return
    try:
        user = subscribe(
            session, phone, *coordinates, now=now, name=names.get(wa_id) or None, language=suggested
        )
    except ValueError as exc:  # a wa_id that is no valid phone number: nothing is written
        log.warning("conversation.cannot_subscribe", phone=phone, error=str(exc))
        report.replies.append(Reply(phone, "text", reply("help", language)))
        return
    user.wa_id = wa_id[:32]
    confirmation = reply(
        "subscribed", user.language, place=_place_name(user), timezone=zone_label(user.timezone)
    )
    report.replies.append(Reply(phone, "text", confirmation))
    report.welcome_user_ids.append(user.id)


def _place_name(user: UserDetail) -> str:
    """The subscriber's town as their messages name it ("near X (914 km)" when far)."""
    if user.city is None:
        return f"{user.latitude:.3f}, {user.longitude:.3f}"
    distance = km_from_city(user.latitude, user.longitude, user.city)
    return place_label(user.city.city, distance, user.language)


def _coordinates(location: object) -> tuple[float, float] | None:
    """(lat, lon) in degrees from a location message; they may come as numbers or strings."""
    if not isinstance(location, dict):
        return None
    latitude, longitude = _degrees(location.get("latitude")), _degrees(location.get("longitude"))
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


def _user_by_wa_id(session: Session, wa_id: str) -> UserDetail | None:
    if not wa_id:
        return None
    query = select(UserDetail).where(UserDetail.phone == f"+{wa_id.lstrip('+')}")
    return session.execute(query).scalars().first()


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
