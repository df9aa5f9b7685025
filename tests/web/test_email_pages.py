"""The e-mail channel's pages through the Flask test client (a real Redis broker): the
sign-up sends only a signed confirmation link; opening it shows a button, and only its POST
queues the sign-up for the one inbound task; an unsubscribe link works by its one-click POST;
forged links change nothing; without a relay the pages are not there."""

from __future__ import annotations

import base64
import json
import re

import pytest
from sqlalchemy import select

from lokpanchang.delivery.adapters import adapter  # first: email_adapter alone is a cycle
from lokpanchang.delivery.base import Outcome, OutgoingMessage, SendResult
from lokpanchang.delivery.email import Composer
from lokpanchang.delivery.email_adapter import leave_url
from lokpanchang.fakes.smtp import delivery_status_report, feedback_report
from lokpanchang.storage import migrate
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import InboundWebhook
from lokpanchang.web import create_app
from tests.web.test_webhook import queued

UJJAIN = {"latitude": "23.1765", "longitude": "75.7885", "place": "Ujjain", "lang": "hi"}


@pytest.fixture
def app_settings(make_settings, redis_url):
    return make_settings(
        environment="test",
        secret_key="s" * 40,
        delivery_backend="outbox",
        email_smtp_host="smtp.invalid",  # configured: the pages are open
        public_url="https://panchang.example",
        celery_broker_url=redis_url,
        celery_result_backend=redis_url,
    )


@pytest.fixture
def sent(monkeypatch):
    """What the pages send, kept instead of going to a relay (the sender is tested apart)."""
    messages = []

    def transmit(ctx, batch):
        messages.extend(batch)
        return [SendResult(m.ledger_id, Outcome.SENT, "mail.1") for m in batch]

    monkeypatch.setattr("lokpanchang.broadcast.context.transmit", transmit)
    return messages


@pytest.fixture
def client(app_settings):
    migrate.upgrade(app_settings.effective_database_url)  # the inbound store is a table
    return create_app(app_settings).test_client()


def inbound_tasks(app_settings) -> list:
    """(channel, stored body) of each page event kept in the inbound store and queued."""
    found = [m for m in queued(app_settings) if m["headers"]["task"] == "tasks.handle_inbound"]
    ids = [json.loads(base64.b64decode(m["body"]))[0][0] for m in found]
    with transaction(app_settings.effective_database_url) as session:
        rows = {row.id: row for row in session.scalars(select(InboundWebhook))}
    return [[rows[i].channel, json.loads(rows[i].body)] for i in ids]


def test_signing_up_sends_only_a_confirmation_link_and_queues_nothing(client, app_settings, sent):
    answer = client.post("/email/signup", data={"email": "Asha@Example.com", **UJJAIN})
    assert answer.status_code == 200 and "Asha@example.com" in answer.text
    [message] = sent
    assert (message.to, message.channel, message.language) == ("Asha@example.com", "email", "hi")
    assert re.search(r"https://panchang\.example/email/confirm/\S+", message.text)
    assert inbound_tasks(app_settings) == []


def test_a_bad_address_is_refused_naming_it(client, sent):
    answer = client.post("/email/signup", data={"email": "asha@", **UJJAIN})
    assert answer.status_code == 400 and "asha@" in answer.text and sent == []


def test_the_link_shows_a_button_and_only_its_post_subscribes(client, app_settings, sent):
    client.post("/email/signup", data={"email": "asha@example.com", **UJJAIN})
    [link] = re.findall(r"https://panchang\.example(/email/confirm/\S+)", sent[0].text)
    page = client.get(link)
    assert page.status_code == 200 and 'id="email-button"' in page.text
    assert inbound_tasks(app_settings) == []  # a scanner following the link confirms nothing
    assert client.post(link).status_code == 200
    [[channel, body]] = inbound_tasks(app_settings)
    assert channel == "email" and body["kind"] == "confirm"
    signup = body["signup"]
    assert (signup["a"], signup["l"], signup["p"]) == ("asha@example.com", "hi", "Ujjain")


def test_a_forged_or_altered_link_changes_nothing(client, app_settings):
    assert client.post("/email/confirm/not-a-token").status_code == 400
    assert client.post("/email/unsubscribe/not-a-token").status_code == 400
    assert inbound_tasks(app_settings) == []


def test_one_click_unsubscribe_is_a_post_of_the_link(client, app_settings):
    path = leave_url(app_settings, "asha@example.com").removeprefix("https://panchang.example")
    assert client.get(path).status_code == 200 and inbound_tasks(app_settings) == []
    answer = client.post(path, data={"List-Unsubscribe": "One-Click"})
    assert answer.status_code == 200
    assert inbound_tasks(app_settings) == [
        ["email", {"kind": "unsubscribe", "address": "asha@example.com"}]
    ]


def test_without_a_relay_there_is_no_email_sign_up(make_settings):
    client = create_app(make_settings(environment="test")).test_client()
    answer = client.post("/email/signup", data={"email": "a@example.com", **UJJAIN})
    assert answer.status_code == 404


def _report(app_settings, address: str) -> bytes:
    composer = Composer("p@example.org", "L", lambda a: leave_url(app_settings, a))
    mail = composer.compose(OutgoingMessage(1, address, "en", text="Panchangam\nTithi: x"))
    return feedback_report(mail.as_bytes(), address)


def test_a_feedback_report_of_our_message_is_a_complaint_about_its_address(client, app_settings):
    report = _report(app_settings, "asha@example.com")
    answer = client.post("/email/feedback", data=report, content_type="message/rfc822")
    assert answer.status_code == 202
    [[channel, body]] = inbound_tasks(app_settings)
    assert (channel, body) == (
        "email",
        {"kind": "complaint", "address": "asha@example.com", "feedback": "abuse"},
    )
    [event] = adapter("email").parse_inbound(body)
    assert event.sender == "asha@example.com" and "complaint" in event.reason


def _bounce(app_settings, address: str, status: str) -> bytes:
    composer = Composer("p@example.org", "L", lambda a: leave_url(app_settings, a))
    mail = composer.compose(OutgoingMessage(1, address, "en", text="Panchangam\nTithi: x"))
    return delivery_status_report(mail.as_bytes(), address, status)


def test_a_later_hard_bounce_of_our_message_disables_its_address(client, app_settings):
    answer = client.post("/email/feedback", data=_bounce(app_settings, "gone@example.com", "5.1.1"))
    assert answer.status_code == 202
    [[channel, body]] = inbound_tasks(app_settings)
    assert (channel, body["kind"], body["address"], body["status"]) == (
        "email", "bounce", "gone@example.com", "5.1.1",
    )  # fmt: skip
    [event] = adapter("email").parse_inbound(body)
    assert event.sender == "gone@example.com" and event.reason.startswith("hard bounce: 5.1.1")


@pytest.mark.parametrize("status", ["5.2.2", "4.4.7"])  # mailbox full; delayed
def test_a_bounce_that_leaves_the_address_alive_changes_nothing(client, app_settings, status):
    answer = client.post("/email/feedback", data=_bounce(app_settings, "full@example.com", status))
    assert answer.status_code == 200 and f"not a hard bounce ({status})" in answer.text
    assert inbound_tasks(app_settings) == []


def test_a_report_that_is_not_arf_or_not_of_our_message_is_refused_naming_why(
    client, app_settings, make_settings
):
    plain = client.post("/email/feedback", data=b"Subject: hi\r\n\r\nspam!\r\n")
    assert plain.status_code == 400 and "text/plain" in plain.text
    other = make_settings(secret_key="o" * 40, public_url="https://panchang.example")
    forged = client.post("/email/feedback", data=_report(other, "asha@example.com"))
    assert forged.status_code == 400 and "List-Unsubscribe" in forged.text
    assert inbound_tasks(app_settings) == []


def test_a_sign_up_sent_twice_sends_one_confirmation_recorded_in_the_ledger(
    client, app_settings, sent
):
    # On main each POST mailed a link: a double click, a resubmitted form or anyone posting
    # the form in a loop filled the address's inbox. Now the confirmation is a row of
    # reply_log, one per sign-up in each ten-minute period.
    for _ in range(3):
        answer = client.post("/email/signup", data={"email": "asha@example.com", **UJJAIN})
        assert answer.status_code == 200 and "asha@example.com" in answer.text
    assert len(sent) == 1
    from lokpanchang.storage.models import ReplyLog

    with transaction(app_settings.effective_database_url) as session:
        [row] = session.scalars(select(ReplyLog)).all()
        assert (row.kind, row.channel, row.address, row.status, row.whatsapp_message_id) == (
            "confirmation",
            "email",
            "asha@example.com",
            "sent",
            "mail.1",
        )
    other = client.post("/email/signup", data={"email": "asha@example.com", **UJJAIN, "lang": "en"})
    assert other.status_code == 200 and len(sent) == 2  # another sign-up: its own link
