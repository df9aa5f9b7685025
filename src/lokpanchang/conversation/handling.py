"""The subscriber conversation and status updates, from a channel's neutral events.

Subscribing and stopping go through ``lokpanchang.subscribers`` (place lookup, city rows,
subscription events), as the CLI and the CSV import do.

``handle_events(session, events, now)`` is plain code (tests call it directly): it applies
status updates to the ledger in bulk (forward only, ``conversation.statuses``), honours
opt-outs, de-duplicates inbound messages (``storage.inbound_messages``) and decides the
replies. A channel's module turns its webhook into these events (``handle_webhook`` does so
for WhatsApp's). Sending the replies, and the welcome panchangam, happens after the
transaction commits (``conversation.sending``).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import structlog

from lokpanchang import languages
from lokpanchang.almanac import DRIK, Convention
from lokpanchang.conversation import dialogue
from lokpanchang.conversation.commands import keyword
from lokpanchang.conversation.statuses import apply_statuses, deactivate
from lokpanchang.delivery.adapters import DEFAULT, adapter
from lokpanchang.delivery.events import Event, Inbound, InboundKind, OptOut, StatusUpdate
from lokpanchang.messages import reply
from lokpanchang.storage import (
    addresses,
    inbound_counts,
    inbound_messages,
    subscriber_history,
    subscriptions,
)
from lokpanchang.storage.db import Session
from lokpanchang.storage.erasure import Erased
from lokpanchang.storage.inbound_counts import ANSWERED, RECEIVED
from lokpanchang.subscribers import linking
from lokpanchang.subscribers.operations import stop_user, subscribe

log = structlog.get_logger(__name__)

# The command words of every language, and the words that name a language (in English or
# in itself), from the registry.
START_WORDS = languages.command_words("start")
STOP_WORDS = languages.command_words("stop")
HELP_WORDS = languages.command_words("help")
LANGUAGE_WORDS = languages.language_words()
# A stranger's words choose the language of the subscription they make within this time.
SIGN_UP_LANGUAGE_MEMORY = timedelta(days=1)
# Coordinates as Meta sends them: a JSON number, or a decimal number in a string.
DECIMAL = re.compile(r"[+-]?\d+(?:\.\d+)?", re.ASCII)


@dataclass(frozen=True)
class Reply:
    """A message to send back: ``kind`` is ``text`` or ``location_request``; ``to`` is the
    person's address on ``channel`` and ``via`` our identity they wrote to (the reply goes
    out from it); ``language`` is the reply's (a channel may add words of its own);
    ``cause`` names the message it answers (its channel's message id), so it is sent once."""

    to: str
    kind: str
    text: str
    via: str = ""
    language: str = "en"
    channel: str = DEFAULT
    cause: str = ""


@dataclass
class WebhookReport:
    replies: list[Reply] = field(default_factory=list)
    welcome_user_ids: list[int] = field(default_factory=list)
    statuses_applied: int = 0
    statuses_ignored: int = 0
    duplicates: int = 0
    # Whoever was erased (storage.erasure): the outbox forgets them too.
    erased: list[Erased] = field(default_factory=list)
    # The inbound side's counts, (counter, channel, label) -> n (storage.inbound_counts).
    counts: Counter[inbound_counts.Key] = field(default_factory=Counter)

    def count(self, counter: str, message: Inbound, label: str) -> None:
        self.counts[counter, message.channel, label] += 1


def handle_webhook(
    session: Session,
    body: object,
    now: datetime,
    channel: str = DEFAULT,
    convention: Convention = DRIK,
) -> WebhookReport:
    """Apply one inbound body of ``channel`` (WhatsApp's webhook by default), parsed by its
    adapter (see ``handle_events``)."""
    return handle_events(session, adapter(channel).parse_inbound(body), now, convention)


def handle_events(
    session: Session, events: Iterable[Event], now: datetime, convention: Convention = DRIK
) -> WebhookReport:
    """Apply a webhook's events; returns the replies and welcome sends to make after commit.
    The replies' almanac follows ``convention`` (the caller's ``ALMANAC_CONVENTION``)."""
    report = WebhookReport()
    events = list(events)
    statuses = [event for event in events if isinstance(event, StatusUpdate)]
    counts = apply_statuses(session, statuses, now)
    report.statuses_applied, report.statuses_ignored = counts.applied, counts.ignored
    for event in events:
        if isinstance(event, OptOut):
            _apply_opt_out(session, event, now)
        elif isinstance(event, Inbound):
            _handle_message(session, event, now, report, convention)
    inbound_counts.add(session, report.counts)
    return report


# Opt-outs: the user stopped or resumed marketing messages in the app itself -----------------


def _apply_opt_out(session: Session, opt_out: OptOut, now: datetime) -> None:
    user = addresses.subscriber_at(session, opt_out.channel, opt_out.sender)
    if user is None:
        return
    if opt_out.stopped and user.is_active(now) and not opt_out.reason:
        stop_user(session, user, now)  # they left by the channel's own means (a link)
    elif opt_out.stopped and user.is_active(now):
        deactivate(session, user, now, "disabled", opt_out.reason)
    elif not opt_out.stopped and not user.is_active(now) and _resumable(opt_out, user):
        _activate(session, user, now, "resumed")


def _resumable(opt_out: OptOut, user) -> bool:
    """Stopped by the channel's own opt-out (not by ``stop``): its resume undoes it."""
    return adapter(opt_out.channel).resumable(user.disabled_reason or "")


# Inbound messages ------------------------------------------------------------------------


def _handle_message(
    session: Session,
    message: Inbound,
    now: datetime,
    report: WebhookReport,
    convention: Convention,
) -> None:
    inbound = _first_time(session, message, now) if message.sender else None
    if inbound is None:
        report.duplicates += 1
        report.count(RECEIVED, message, "duplicate")
        return
    report.count(RECEIVED, message, "handled")
    user = addresses.subscriber_at(session, message.channel, message.sender)
    if message.kind is InboundKind.OTHER:
        return
    if message.kind is InboundKind.LOCATION:
        report.count(ANSWERED, message, "location")
        _handle_location(session, message, user, now, report)
        return
    word = keyword(message.text)
    if user is None:
        inbound.language = _suggested_language(word)
    language = user.language if user is not None else inbound.language or "en"
    if word in START_WORDS and message.link_code and user is None:
        report.count(ANSWERED, message, "link")
        report.replies.append(_link_chat(session, message, now))
        return
    kind = adapter(message.channel).address_kind
    turn = dialogue.answer(session, user, message.text, language, now, kind, convention)
    report.count(ANSWERED, message, str(turn.command.ask))
    answer = _answer(message, user.language if user is not None else language)
    report.replies.extend(answer(said.kind, said.text) for said in turn.said)
    report.erased += turn.erased


def _answer(message: Inbound, language: str):
    """Replies to ``message`` in ``language``: to its sender, from our identity they wrote to."""
    cause = f"{message.channel}:{message.message_id}"
    return lambda kind, text: Reply(
        message.sender, kind, text, message.to, language, message.channel, cause
    )


def _link_chat(session: Session, message: Inbound, now: datetime) -> Reply:
    """A chat opened from a subscriber's link (``subscribers.linking``): their messages come
    here from now on (the same subscription, so never a second daily message); a code that
    names no one gets the help."""
    user = linking.link_chat(session, message.link_code, message.channel, message.sender, now)
    if user is None:
        return _answer(message, "en")("text", reply("help", "en"))
    return _answer(message, user.language)("text", reply("linked", user.language))


def _first_time(session: Session, message: Inbound, now: datetime):
    """Record the inbound message id (the stored row); None when it was handled before (the
    channel retries)."""
    if not message.message_id:
        return None
    return inbound_messages.record_first(
        session, message.message_id, message.sender, str(message.kind), now
    )


def _suggested_language(word: str) -> str | None:
    """A stranger's language: the one they named (so "தமிழ்" gets the Tamil help), else their
    script's; None when their words say nothing (Latin letters, digits)."""
    if word in LANGUAGE_WORDS:
        return LANGUAGE_WORDS[word]
    # Devanagari reads as Hindi; Latin and any script we do not speak give no hint.
    return languages.language_of_script(word)


def _language_at_sign_up(session: Session, phone: str, now: datetime) -> str | None:
    """The language a stranger's latest words suggested within a day, for their new subscription."""
    return inbound_messages.latest_language(session, phone, now - SIGN_UP_LANGUAGE_MEMORY)


def _handle_location(
    session: Session,
    message: Inbound,
    user,
    now: datetime,
    report: WebhookReport,
) -> None:
    phone = message.sender
    suggested = None
    if user is None:
        suggested = message.language or _language_at_sign_up(session, phone, now)
    language = user.language if user is not None else suggested or "en"
    answer = _answer(message, language)
    coordinates = _coordinates(message.latitude, message.longitude)
    if coordinates is None:
        report.replies.append(answer("text", reply("bad_location", language)))
        return
    try:
        user = _subscribe_sender(session, message, coordinates, now, suggested)
    except ValueError as exc:  # an address its channel does not take: nothing is written
        log.warning("conversation.cannot_subscribe", phone=phone, error=str(exc))
        report.replies.append(answer("text", reply("help", language)))
        return
    user.sunrise_due_at = None  # a subscriber at sunrise: the next pass finds the new place's
    confirmation = reply("subscribed", user.language, **dialogue.where_and_when(user))
    report.replies.append(_answer(message, user.language)("text", confirmation))
    report.welcome_user_ids.append(user.id)


def _subscribe_sender(
    session: Session, message: Inbound, coordinates, now: datetime, language: str | None
):
    """Subscribe whoever sent ``message`` at ``coordinates``, by their address on its channel."""
    name = message.name or None
    user = subscribe(
        session,
        message.sender,
        *coordinates,
        now=now,
        channel=message.channel,
        name=name,
        language=language,
    )
    user.number_id = user.number_id or message.to or None  # pinned to the identity they wrote to
    return user


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


def _activate(session: Session, user, now: datetime, kind: str) -> None:
    subscriptions.reactivate(user, now)
    session.flush()
    subscriber_history.record_event(session, user.id, kind, now)
