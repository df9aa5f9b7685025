"""Operator-initiated sends, through the broadcast's pipeline (``broadcast.manual``). The
ledger's unique (user_id, local_date) is the guard: a subscriber who already has a row for
today in their zone is skipped, whatever asked."""

from __future__ import annotations

import re
import secrets
import uuid
from dataclasses import dataclass, field
from datetime import date, datetime

import phonenumbers

from lokpanchang.broadcast import direct, manual, owned_context
from lokpanchang.config import Settings
from lokpanchang.delivery.base import OutgoingMessage
from lokpanchang.planning import local_date_at
from lokpanchang.storage import send_plans
from lokpanchang.storage.db import Session
from lokpanchang.storage.states import DirectKind
from lokpanchang.web import integrations
from lokpanchang.web.admin.actions import ActionError

# The test message is the daily template with today's panchangam of a reference place
# (Ujjain, the traditional prime meridian of Indian astronomy): an approved template that
# also exercises the almanac and the renderer.
REFERENCE_PLACE = ("Ujjain", 23.1765, 75.7885, "Asia/Kolkata")
FORM_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}", re.ASCII)


def normalise_phone(text: str) -> str:
    """E.164 form of ``text``; raises ActionError naming it when it is not a phone number."""
    try:
        number = phonenumbers.parse(text, None)
    except phonenumbers.NumberParseException:
        number = None
    if number is None or not phonenumbers.is_possible_number(number):
        raise ActionError(
            f"{text!r} is not a phone number in international form, e.g. +919812345678"
        )
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def send_test_message(settings: Settings, phone: str, now: datetime, sender=None, once: str = ""):
    """One test message to ``phone``: a direct send (``broadcast.direct``, kind ``test``)
    keyed by ``once``, the review form's own key, so a confirmation posted twice sends once
    and shows the first send's outcome (no key: a send of its own)."""
    if once and not FORM_KEY.fullmatch(once):
        raise ActionError(f"{once[:80]!r} is not a review form's key; review the send again")
    message = test_message(normalise_phone(phone), now)
    key = f"form:{once}" if once else f"none:{uuid.uuid4().hex}"
    with owned_context(settings, sender) as ctx:
        return direct.send(ctx, DirectKind.TEST, [(key, message)], now)[0]


def form_key() -> str:
    """A fresh key for a review form (``send_test_message``'s ``once``)."""
    return secrets.token_urlsafe(18)


def test_message(phone: str, now: datetime) -> OutgoingMessage:
    city, latitude, longitude, zone = REFERENCE_PLACE
    rendered = integrations.daily_message(
        0, phone, "en", latitude, longitude, zone, local_date_at(zone, now), city
    )
    return OutgoingMessage(0, phone, "en", rendered.parameters, rendered.text)


def local_today(user, now: datetime) -> date:
    """``user``'s (a stored subscriber's) local date at ``now``."""
    return local_date_at(user.location()[2], now)


def sendable(user, now: datetime) -> bool:
    return user.is_active(now) and bool(user.timezone) and user.latitude is not None


@dataclass(frozen=True)
class PlanCounts:
    """What the confirmation page says a send will do."""

    to_send: int
    already_today: int
    not_sendable: int


@dataclass
class SendPlan:
    """Who a confirmed send would reach, and who is left out and why."""

    to_send: list = field(default_factory=list)  # stored subscribers (storage.directory)
    already_today: list = field(default_factory=list)
    not_sendable: list = field(default_factory=list)

    @property
    def counts(self) -> PlanCounts:
        return PlanCounts(len(self.to_send), len(self.already_today), len(self.not_sendable))


def plan_send(session: Session, users: list, now: datetime) -> SendPlan:
    plan = SendPlan()
    candidates = [u for u in users if sendable(u, now)]
    plan.not_sendable = [u for u in users if not sendable(u, now)]
    keys = [(u.id, local_today(u, now)) for u in candidates]
    taken = send_plans.taken_today(session, keys)
    for user, key in zip(candidates, keys, strict=True):
        (plan.already_today if key in taken else plan.to_send).append(user)
    return plan


SendReport = manual.SendReport


def send_today(
    settings: Settings, session: Session, users: list, now: datetime, sender=None
) -> SendReport:
    """Today's panchangam to each user who has no ledger row for their local today."""
    sendable_users = [user for user in users if sendable(user, now)]
    with owned_context(settings, sender) as ctx:
        report = manual.send_today(ctx, sendable_users, now)
    session.expire_all()  # the pipeline wrote in its own transactions
    return report
