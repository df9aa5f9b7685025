"""The e-mail channel: addresses, reply codes, signed links, the messages it composes, and its
sender against the fake SMTP relay (``fakes.smtp``) on loopback -- sent, a hard bounce, a
refused message, TLS required."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from lokpanchang.delivery.adapters import adapter
from lokpanchang.delivery.base import MessageKind, Outcome, OutgoingMessage
from lokpanchang.delivery.email import Composer, EmailSender, Relay, outcome_for_reply
from lokpanchang.delivery.email_adapter import (
    address_leaving,
    confirm_token,
    leave_token,
    normalise_address,
    signup_of,
)
from lokpanchang.delivery.events import InboundKind, OptOut
from lokpanchang.fakes.smtp import Mailbox, start_smtp

LEAVE = "https://panchang.example/email/unsubscribe/T"


@pytest.mark.parametrize(
    "given, stored",
    [
        ("Asha.Rao@Example.COM", "Asha.Rao@example.com"),
        (" ravi+panchang@mail.example.in ", "ravi+panchang@mail.example.in"),
    ],
)
def test_an_address_is_stored_with_its_domain_lower_cased(given, stored):
    assert normalise_address(given) == stored == adapter("email").normalise(given)


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "asha",
        "asha@",
        "@example.com",
        "a..b@example.com",
        "a@b",
        "a b@example.com",
        "a@exa_mple.com",
    ],
)
def test_a_bad_address_is_refused_naming_it(bad):
    with pytest.raises(ValueError, match="is not an address we can send to"):
        normalise_address(bad)


@pytest.mark.parametrize(
    "code, message, outcome",
    [
        (550, "5.1.1 <x@example.com>: user unknown", Outcome.DISABLE),
        (553, "mailbox name not allowed", Outcome.DISABLE),
        (552, "5.2.2 mailbox full", Outcome.SKIP),
        (554, "5.7.1 rejected by policy", Outcome.SKIP),
        (451, "4.7.1 greylisted, try later", Outcome.RETRY),
        (421, "service not available", Outcome.RETRY),
        (535, "5.7.8 authentication failed", Outcome.HALT),
    ],
)
def test_reply_codes_decide_what_happens(code, message, outcome):
    assert outcome_for_reply(code, message) is outcome


SIGNUP = {"a": "asha@example.com", "lat": 23.18, "lon": 75.79, "l": "hi", "p": "Ujjain"}


def test_links_are_signed_and_a_forged_one_names_nothing(make_settings):
    settings = make_settings(secret_key="k" * 40)
    assert signup_of(settings, confirm_token(settings, SIGNUP)) == SIGNUP
    assert (
        address_leaving(settings, leave_token(settings, "asha@example.com")) == "asha@example.com"
    )
    other = make_settings(secret_key="o" * 40)
    assert signup_of(other, confirm_token(settings, SIGNUP)) is None
    assert address_leaving(other, leave_token(settings, "asha@example.com")) is None
    assert signup_of(settings, confirm_token(settings, SIGNUP) + "x") is None


def test_a_confirmation_link_works_for_its_hours_only(make_settings):
    settings = make_settings(secret_key="k" * 40, email_confirm_hours=1)
    token = confirm_token(settings, SIGNUP)
    with time_machine.travel(datetime.now(UTC) + timedelta(minutes=50)):
        assert signup_of(settings, token) == SIGNUP
    with time_machine.travel(datetime.now(UTC) + timedelta(minutes=70)):
        assert signup_of(settings, token) is None


def test_the_pages_events_are_a_sign_up_at_a_place_and_a_stop():
    parse = adapter("email").parse_inbound
    [joined] = parse(
        {
            "kind": "confirm",
            "once": "d1",
            "signup": {"a": "a@example.com", "lat": 1.5, "lon": 2.5, "l": "ta"},
        }
    )
    assert (joined.channel, joined.sender, joined.kind, joined.latitude, joined.language) == (
        "email",
        "a@example.com",
        InboundKind.LOCATION,
        1.5,
        "ta",
    )
    assert (
        parse({"kind": "confirm", "once": "d1", "signup": {"a": "a@example.com"}})[0].message_id
        == joined.message_id
    )
    assert parse({"kind": "unsubscribe", "address": "a@example.com"}) == [
        OptOut("email", "a@example.com", True)
    ]
    assert parse({"kind": "other"}) == [] and parse([]) == []


def composer() -> Composer:
    return Composer("panchang@example.org", "Lokpanchang", lambda address: LEAVE)


def test_every_message_has_both_parts_and_the_one_click_unsubscribe():
    text = "Panchangam, 10 Mar 2026, Ujjain\nTithi: Shukla Ekadashi"
    mail = composer().compose(OutgoingMessage(7, "a@example.com", "hi", ("x",), text))
    assert mail["Subject"] == "Panchangam, 10 Mar 2026, Ujjain"
    assert mail["List-Unsubscribe"] == f"<{LEAVE}>"
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert mail["X-Lokpanchang-Ledger"] == "message_log:7" and mail["Content-Language"] == "hi"
    plain, html = (part.get_content() for part in mail.iter_parts())
    assert "Tithi: Shukla Ekadashi" in plain and LEAVE in plain
    assert "Tithi: Shukla Ekadashi" in html and f'href="{LEAVE}"' in html and 'lang="hi"' in html


async def _send(mailbox: Mailbox, messages, tls: str = "off"):
    server, port = await start_smtp(mailbox)
    try:
        sender = EmailSender(Relay("127.0.0.1", port, tls, timeout=5), composer(), connections=2)
        return await sender.send_batch(messages)
    finally:
        server.close()


def test_the_sender_delivers_and_a_hard_bounce_disables():
    mailbox = Mailbox(bounces={"gone@example.com"})
    messages = [
        OutgoingMessage(n, address, "en", text=f"Day {n}", kind=MessageKind.BROADCAST)
        for n, address in enumerate(["a@example.com", "gone@example.com", "b@example.com"], 1)
    ]
    results = asyncio.run(_send(mailbox, messages))
    assert [r.outcome for r in results] == [Outcome.SENT, Outcome.DISABLE, Outcome.SENT]
    assert [r.ledger_id for r in results] == [1, 2, 3] and results[1].error_code == 550
    assert sorted(m["rcpt_to"][0] for m in mailbox.messages) == ["a@example.com", "b@example.com"]
    sent = {r.message_id for r in results if r.outcome is Outcome.SENT}
    assert sent == {m["headers"]["Message-ID"] for m in mailbox.messages}


def test_a_relay_without_starttls_is_never_used_in_clear_text():
    mailbox = Mailbox()
    [result] = asyncio.run(
        _send(mailbox, [OutgoingMessage(1, "a@example.com", text="x")], "starttls")
    )
    assert result.outcome is Outcome.HALT and "STARTTLS" in (result.error_detail or "")
    assert mailbox.messages == []


def test_an_unreachable_relay_sends_nothing_and_retries():
    sender = EmailSender(Relay("127.0.0.1", 9, "off", timeout=2), composer())
    [result] = asyncio.run(sender.send_batch([OutgoingMessage(1, "a@example.com", text="x")]))
    assert result.outcome is Outcome.RETRY and result.error_detail.startswith("not sent")


def test_logs_mask_an_address_to_its_first_letter_and_domain():
    from lokpanchang.logs import mask_text

    assert mask_text("sent to asha.rao@example.com today") == "sent to a***@example.com today"


def _arf(feedback: str, original_type: str, original: str) -> bytes:
    return (
        "Content-Type: multipart/report; report-type=feedback-report; boundary=B\r\n\r\n"
        "--B\r\nContent-Type: text/plain\r\n\r\nspam report\r\n"
        f"--B\r\nContent-Type: message/feedback-report\r\n\r\n{feedback}Version: 1\r\n\r\n"
        f"--B\r\nContent-Type: {original_type}\r\n\r\n{original}\r\n--B--\r\n"
    ).encode()


def test_a_feedback_report_names_the_token_of_our_link_whole_or_headers_only():
    from lokpanchang.delivery.email_feedback import report_of

    headers = f"From: p@example.org\r\nList-Unsubscribe: <{LEAVE}x.Y-z>\r\n"
    for kind, original in [
        ("message/rfc822", headers + "\r\nbody"),
        ("text/rfc822-headers", headers),
    ]:
        found = report_of(_arf("Feedback-Type: Abuse\r\n", kind, original))
        assert (found.feedback_type, found.leave_token) == ("abuse", "Tx.Y-z")
    with pytest.raises(ValueError, match="Feedback-Type"):
        report_of(_arf("", "message/rfc822", headers))
    with pytest.raises(ValueError, match="List-Unsubscribe"):
        report_of(_arf("Feedback-Type: abuse\r\n", "message/rfc822", "From: x@y\r\n\r\nb"))
    with pytest.raises(ValueError, match="'multipart/mixed'"):
        report_of(b"Content-Type: multipart/mixed; boundary=B\r\n\r\n--B--\r\n")


def _dsn(recipients: str, original: str) -> bytes:
    return (
        "Content-Type: multipart/report; report-type=delivery-status; boundary=B\r\n\r\n"
        "--B\r\nContent-Type: text/plain\r\n\r\nUndelivered Mail Returned to Sender\r\n"
        "--B\r\nContent-Type: message/delivery-status\r\n\r\n"
        f"Reporting-MTA: dns; relay.example\r\n\r\n{recipients}\r\n"
        f"--B\r\nContent-Type: text/rfc822-headers\r\n\r\n{original}\r\n--B--\r\n"
    ).encode()


@pytest.mark.parametrize(
    ("action", "status", "diagnostic", "hard"),
    [
        ("failed", "5.1.1", "smtp; 550 5.1.1 <asha@example.com>: no such user", True),
        ("failed", "5.0.0", "smtp; 553 sorry, that domain isn't ours", False),  # 5.0: not 5.1
        ("failed", "5.1.10", "", True),  # no Diagnostic-Code: the status decides
        ("failed", "5.2.2", "smtp; 552 5.2.2 mailbox full", False),
        ("delayed", "4.4.7", "smtp; 451 4.4.7 try again later", False),
    ],
)
def test_a_later_bounce_is_hard_only_where_the_relays_refusal_would_disable(
    action, status, diagnostic, hard
):
    """The relay accepted, the recipient's server refused later: the DSN (RFC 3464) is read
    with the rule a refusal at the relay follows (``outcome_for_reply``)."""
    from lokpanchang.delivery.email_feedback import Bounce, report_of

    headers = f"From: p@example.org\r\nList-Unsubscribe: <{LEAVE}x.Y-z>\r\n"
    code = f"Diagnostic-Code: {diagnostic}\r\n" if diagnostic else ""
    recipient = f"Final-Recipient: rfc822; a@b.c\r\nAction: {action}\r\nStatus: {status}\r\n{code}"
    found = report_of(_dsn(recipient, headers))
    assert found == Bounce(status, diagnostic, "Tx.Y-z", hard)


def test_a_dsn_without_a_recipient_or_a_status_is_refused_naming_what_it_lacks():
    from lokpanchang.delivery.email_feedback import report_of

    headers = f"From: p@example.org\r\nList-Unsubscribe: <{LEAVE}x.Y-z>\r\n"
    with pytest.raises(ValueError, match="no recipient's status"):
        report_of(_dsn("", headers))
    with pytest.raises(ValueError, match="Status 'soon' is not like 5.1.1"):
        report_of(
            _dsn("Final-Recipient: rfc822; a@b.c\r\nAction: failed\r\nStatus: soon\r\n", headers)
        )
    with pytest.raises(ValueError, match="List-Unsubscribe"):
        report_of(_dsn("Action: failed\r\nStatus: 5.1.1\r\n", "From: x@y\r\n"))


def test_the_one_click_link_goes_on_the_wire_as_written_not_as_an_encoded_word():
    """A real signed link is ~100 characters: folded to 78 it became an RFC 2047 encoded word
    (``=?utf-8?q?=3Chttps=3A//…``), which mail providers do not take for RFC 8058's link."""
    long_link = "https://panchang.example.org/email/unsubscribe/" + "Tk9u" * 20
    sender_composer = Composer("panchang@example.org", "Lokpanchang", lambda address: long_link)
    mailbox = Mailbox()

    async def send():
        server, port = await start_smtp(mailbox)
        try:
            sender = EmailSender(Relay("127.0.0.1", port, "off", timeout=5), sender_composer)
            return await sender.send_batch([OutgoingMessage(1, "a@example.com", "ta", text="நாள்")])
        finally:
            server.close()

    [result] = asyncio.run(send())
    assert result.outcome is Outcome.SENT
    raw = mailbox.last_to["a@example.com"]
    assert f"\r\nList-Unsubscribe: <{long_link}>\r\n".encode() in raw, raw[:600]
    assert b"List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n" in raw
