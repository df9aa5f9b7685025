"""Operator-initiated sends. The ledger's unique (user_id, local_date) is the guard: a
subscriber who already has a row for today in their zone is skipped, whatever asked."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

import phonenumbers
from sqlalchemy import select, tuple_
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from lokpanchang.broadcast.sending import apply_result
from lokpanchang.config import Settings
from lokpanchang.delivery.base import Outcome, OutgoingMessage
from lokpanchang.planning import local_date_at
from lokpanchang.storage.models import MessageLog, UserDetail
from lokpanchang.web import integrations
from lokpanchang.web.admin.actions import ActionError

# The test message is the daily template with today's panchangam of a reference place
# (Ujjain, the traditional prime meridian of Indian astronomy): an approved template that
# also exercises the almanac and the renderer.
REFERENCE_PLACE = ("Ujjain", 23.1765, 75.7885, "Asia/Kolkata")


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


def send_test_message(settings: Settings, phone: str, now: datetime, sender=None):
    """One test message to ``phone`` (not a subscriber's daily message, so not in the ledger)."""
    return integrations.send_now(settings, [test_message(normalise_phone(phone), now)], sender)[0]


def test_message(phone: str, now: datetime) -> OutgoingMessage:
    city, latitude, longitude, zone = REFERENCE_PLACE
    rendered = integrations.daily_message(
        0, phone, "en", latitude, longitude, zone, local_date_at(zone, now), city
    )
    return OutgoingMessage(0, phone, "en", rendered.parameters, rendered.text)


def local_today(user: UserDetail, now: datetime) -> date:
    return local_date_at(user.location()[2], now)


def sendable(user: UserDetail, now: datetime) -> bool:
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

    to_send: list[UserDetail] = field(default_factory=list)
    already_today: list[UserDetail] = field(default_factory=list)
    not_sendable: list[UserDetail] = field(default_factory=list)

    @property
    def counts(self) -> PlanCounts:
        return PlanCounts(len(self.to_send), len(self.already_today), len(self.not_sendable))


def plan_send(session: Session, users: list[UserDetail], now: datetime) -> SendPlan:
    plan = SendPlan()
    candidates = [u for u in users if sendable(u, now)]
    plan.not_sendable = [u for u in users if not sendable(u, now)]
    keys = [(u.id, local_today(u, now)) for u in candidates]
    taken = _existing_ledger_keys(session, keys)
    for user, key in zip(candidates, keys, strict=True):
        (plan.already_today if key in taken else plan.to_send).append(user)
    return plan


def _existing_ledger_keys(session: Session, keys: list[tuple[int, date]]) -> set[tuple[int, date]]:
    found: set[tuple[int, date]] = set()
    for start in range(0, len(keys), 500):
        chunk = keys[start : start + 500]
        rows = session.execute(
            select(MessageLog.user_id, MessageLog.local_date).where(
                tuple_(MessageLog.user_id, MessageLog.local_date).in_(chunk)
            )
        )
        found.update((user_id, day) for user_id, day in rows)
    return found


@dataclass
class SendReport:
    sent: int = 0
    failed: int = 0
    already_today: int = 0
    errors: list[str] = field(default_factory=list)


def send_today(
    settings: Settings, session: Session, users: list[UserDetail], now: datetime, sender=None
) -> SendReport:
    """Today's panchangam to each user who has no ledger row for their local today."""
    report = SendReport()
    claimed = [(u, row) for u in users if sendable(u, now) and (row := _claim(session, u, now))]
    report.already_today = sum(1 for u in users if sendable(u, now)) - len(claimed)
    messages = [_message(user, row) for user, row in claimed]  # may raise: nothing kept
    session.commit()  # claims are durable before anything leaves, so a crash cannot resend
    results = integrations.send_now(settings, messages, sender) if messages else []
    rows = {row.id: row for _, row in claimed}
    for result in results:
        _record(session, rows[result.ledger_id], result, now, report)
    session.commit()
    return report


def _claim(session: Session, user: UserDetail, now: datetime) -> MessageLog | None:
    """A pending ledger row for the user's local today, or None when one exists already."""
    row = MessageLog(
        user_id=user.id,
        local_date=local_today(user, now),
        timezone=user.timezone,
        kind="manual",
        status="pending",
        claimed_at=now,
        scheduled_at=now,
        attempts=1,
    )
    try:
        with session.begin_nested():
            session.add(row)
    except IntegrityError:
        return None
    return row


def _message(user: UserDetail, row: MessageLog) -> OutgoingMessage:
    """The subscriber's daily message, rendered by the broadcast's own content function."""
    rendered = integrations.subscriber_message(user, row.local_date)
    return OutgoingMessage(row.id, user.phone, user.language, rendered.parameters, rendered.text)


def _record(session: Session, row: MessageLog, result, now: datetime, report: SendReport) -> None:
    """Record an outcome as the scheduler does; a transient failure gives the day back."""
    if result.outcome == Outcome.RETRY:
        # Nothing reached the subscriber and no run will retry a manual row: release the
        # (subscriber, date) claim so today's daily run can still send.
        session.delete(row)
    else:
        apply_result(session, result, now)  # the scheduler's recording (disables on ``disable``)
    if result.outcome == Outcome.SENT:
        report.sent += 1
        return
    report.failed += 1
    detail = f"{result.outcome} {result.error_code or ''} {result.error_detail or ''}"
    report.errors.append(f"{row.user_id}: {detail.strip()}")
