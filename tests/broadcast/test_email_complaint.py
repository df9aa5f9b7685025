"""A complaint (a feedback-loop report, RFC 5965) about a subscriber's e-mail, or a later hard
bounce (a DSN, RFC 3464), disables their address like a refusal at the relay: recorded as a
subscription event, and sent nothing more (issue 26 item 3)."""

from __future__ import annotations

from sqlalchemy import select

from lokpanchang.conversation import handle_events
from lokpanchang.delivery.adapters import adapter
from lokpanchang.delivery.base import OutgoingMessage
from lokpanchang.delivery.email import Composer
from lokpanchang.delivery.email_adapter import leave_url
from lokpanchang.delivery.email_feedback import Bounce, report_of
from lokpanchang.fakes.smtp import delivery_status_report, feedback_report
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import SubscriptionEvent, UserDetail
from tests.broadcast.helpers import JOINED
from tests.broadcast.test_sending import BEFORE, plan, run_to_the_end

COMPLAINS, STAYS = "asha@example.com", "ravi@example.com"


def _subscribe(url: str, address: str) -> int:
    with transaction(url) as session:
        user = UserDetail.at(
            "email", address, timezone="Asia/Kolkata",
            latitude=23.1765, longitude=75.7885, created_on=JOINED,
        )  # fmt: skip
        session.add(user)
        session.flush()
        return user.id


def _report_of_a_mail_to(settings, address: str) -> bytes:
    """The report a provider sends when ``address`` calls our message to them spam."""
    composer = Composer("panchang@example.org", "Lokpanchang", lambda a: leave_url(settings, a))
    mail = composer.compose(OutgoingMessage(1, address, "en", text="Panchangam\nTithi: x"))
    return feedback_report(mail.as_bytes(), address)


def test_a_complaint_disables_the_address_and_stops_its_sends(settings, ctx):
    gone, stays = (
        _subscribe(settings.database_url, COMPLAINS),
        _subscribe(settings.database_url, STAYS),
    )
    complaint = report_of(_report_of_a_mail_to(settings, COMPLAINS))
    assert complaint.feedback_type == "abuse"
    body = {"kind": "complaint", "address": COMPLAINS, "feedback": complaint.feedback_type}
    with transaction(settings.database_url) as session:
        handle_events(session, adapter("email").parse_inbound(body), BEFORE)
    with transaction(settings.database_url) as session:
        user = session.get(UserDetail, gone)
        assert user is not None and "complaint" in (user.disabled_reason or "")
        kinds = session.scalars(
            select(SubscriptionEvent.kind).where(SubscriptionEvent.user_id == gone)
        ).all()
    assert "disabled" in kinds
    assert run_to_the_end(ctx, plan(settings))
    assert [m.to for m in ctx.sender.sent] == [STAYS] and stays


def test_a_later_hard_bounce_disables_the_address_as_a_refusal_at_the_relay_does(settings, ctx):
    gone, stays = (
        _subscribe(settings.database_url, COMPLAINS),
        _subscribe(settings.database_url, STAYS),
    )
    composer = Composer("panchang@example.org", "Lokpanchang", lambda a: leave_url(settings, a))
    mail = composer.compose(OutgoingMessage(1, COMPLAINS, "en", text="Panchangam\nTithi: x"))
    bounce = report_of(delivery_status_report(mail.as_bytes(), COMPLAINS, "5.1.1"))
    assert isinstance(bounce, Bounce) and bounce.hard
    body = {"kind": "bounce", "address": COMPLAINS, "status": bounce.status,
            "diagnostic": bounce.diagnostic}  # fmt: skip
    with transaction(settings.database_url) as session:
        handle_events(session, adapter("email").parse_inbound(body), BEFORE)
    with transaction(settings.database_url) as session:
        user = session.get(UserDetail, gone)
        assert user is not None and (user.disabled_reason or "").startswith("hard bounce: 5.1.1")
    assert run_to_the_end(ctx, plan(settings))
    assert [m.to for m in ctx.sender.sent] == [STAYS] and stays
