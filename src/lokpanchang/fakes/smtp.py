"""A fake SMTP relay (``aiosmtpd``) for ``up --fake-email``, the tests and the demos.

It takes mail like a relay: a recipient it was told bounces is refused at RCPT with
``550 5.1.1`` (a hard bounce, as a relay that verifies recipients answers), a message without
``From``, ``To``, ``Subject`` or ``Message-ID`` is refused with ``554 5.6.0``, and one larger
than the limit with ``552``. What it accepted is read over HTTP on its second port:

- ``GET /_fake/messages``: every accepted message, oldest first, as JSON (sender, recipients,
  subject, headers, the plain-text and HTML parts);
- ``POST /_fake/bounces`` ``{"address": "..."}``: that recipient bounces from now on;
- ``POST /_fake/complaints`` ``{"address": "..."}``: the recipient marks the last message to
  them as spam: the answer is the feedback-loop report (ARF, RFC 5965) a provider would mail
  to the sender's feedback address, to be piped to ``POST /email/feedback``;
- ``POST /_fake/late-bounces`` ``{"address": "...", "status": "5.1.1"}``: the last message to
  them was accepted here but refused further on (the recipient's own server): the answer is
  the delivery status notification (DSN, RFC 3464) the relay would mail back to the sender's
  return address, to be piped to ``POST /email/feedback`` too.
"""

from __future__ import annotations

import asyncio
import email
import email.policy
import re
from dataclasses import dataclass, field
from email.message import Message
from email.mime.base import MIMEBase
from email.mime.message import MIMEMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import formatdate

from aiohttp import web
from aiosmtpd.smtp import SMTP, Envelope, Session

REQUIRED_HEADERS = ("From", "To", "Subject", "Message-ID")
SIZE_LIMIT = 1024 * 1024
STATUS = re.compile(r"[245]\.\d{1,3}\.\d{1,3}")  # an RFC 3463 status code


@dataclass
class Mailbox:
    """What the fake accepted, and the recipients it refuses."""

    bounces: set[str] = field(default_factory=set)
    messages: list[dict] = field(default_factory=list)
    last_to: dict[str, bytes] = field(default_factory=dict)  # recipient -> their last message

    async def handle_RCPT(
        self, server, session: Session, envelope: Envelope, address: str, options
    ):
        if address.lower() in self.bounces:
            return f"550 5.1.1 <{address}>: recipient address rejected: user unknown"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server, session: Session, envelope: Envelope):
        raw = envelope.original_content or b""
        if len(raw) > SIZE_LIMIT:
            return "552 5.3.4 message too big"
        message = email.message_from_bytes(raw, policy=email.policy.default)
        missing = [name for name in REQUIRED_HEADERS if not message.get(name)]
        if missing:
            return f"554 5.6.0 message refused: no {', '.join(missing)} header"
        self.messages.append(_as_record(envelope, message))
        self.last_to.update((rcpt.lower(), raw) for rcpt in envelope.rcpt_tos)
        return "250 2.0.0 OK: queued"


def _as_record(envelope: Envelope, message) -> dict:
    text = message.get_body(("plain",))
    html = message.get_body(("html",))
    return {
        "mail_from": envelope.mail_from,
        "rcpt_to": list(envelope.rcpt_tos),
        "subject": str(message["Subject"]),
        "headers": {name: str(value) for name, value in message.items()},
        "text": text.get_content() if text is not None else "",
        "html": html.get_content() if html is not None else "",
    }


def feedback_report(original: bytes, address: str) -> bytes:
    """The ARF report (RFC 5965) a provider sends when ``address`` calls ``original`` spam."""
    message = email.message_from_bytes(original, policy=email.policy.compat32)
    report = MIMEMultipart("report", report_type="feedback-report")
    report["From"] = "feedback@fake-smtp.localhost"
    report["Subject"] = f"FW: {message.get('Subject', '')}"
    report["Date"] = formatdate()
    report.attach(MIMEText(f"A recipient ({address}) reported this message as spam.\n"))
    fields = MIMEBase("message", "feedback-report")
    fields.set_payload(
        f"Feedback-Type: abuse\r\nUser-Agent: fake-smtp/1.0\r\nVersion: 1\r\n"
        f"Original-Rcpt-To: <{address}>\r\nArrival-Date: {formatdate()}\r\n"
    )
    report.attach(fields)
    report.attach(MIMEMessage(message))
    return report.as_bytes()


def delivery_status_report(original: bytes, address: str, status: str = "5.1.1") -> bytes:
    """The DSN (RFC 3464) a relay mails back when the server of ``address`` refused
    ``original`` after the relay had accepted it, with ``status`` (e.g. ``5.1.1``, no such
    mailbox; ``4.4.7``, given up for now)."""
    message = email.message_from_bytes(original, policy=email.policy.compat32)
    action = "failed" if status.startswith("5") else "delayed"
    reply = "550" if status.startswith("5") else "451"
    report = MIMEMultipart("report", report_type="delivery-status")
    report["From"] = "MAILER-DAEMON@fake-smtp.localhost"
    report["Subject"] = "Undelivered Mail Returned to Sender"
    report["Date"] = formatdate()
    report.attach(MIMEText(f"The message to {address} could not be delivered ({status}).\n"))
    per_message, per_recipient = Message(), Message()
    per_message["Reporting-MTA"] = "dns; fake-smtp.localhost"
    per_message["Arrival-Date"] = formatdate()
    per_recipient["Final-Recipient"] = f"rfc822; {address}"
    per_recipient["Action"] = action
    per_recipient["Status"] = status
    per_recipient["Diagnostic-Code"] = f"smtp; {reply} {status} refused by the recipient's server"
    fields = MIMEBase("message", "delivery-status")
    fields.set_payload([per_message, per_recipient])
    report.attach(fields)
    headers = MIMEText("".join(f"{k}: {v}\n" for k, v in message.items()), "rfc822-headers")
    report.attach(headers)
    return report.as_bytes()


def _address_in(body: object) -> str:
    return str(body.get("address", "")).strip().lower() if isinstance(body, dict) else ""


def http_app(mailbox: Mailbox) -> web.Application:
    async def messages(_request: web.Request) -> web.Response:
        return web.json_response({"messages": mailbox.messages})

    async def bounce(request: web.Request) -> web.Response:
        address = _address_in(await request.json())
        if "@" not in address:
            return web.json_response(
                {"error": 'give {"address": "someone@example.com"}'}, status=400
            )
        mailbox.bounces.add(address)
        return web.json_response({"bounces": sorted(mailbox.bounces)})

    async def complain(request: web.Request) -> web.Response:
        address = _address_in(await request.json())
        if address not in mailbox.last_to:
            return web.json_response({"error": f"no message was sent to {address!r}"}, status=404)
        report = feedback_report(mailbox.last_to[address], address)
        return web.Response(body=report, content_type="message/rfc822")

    async def late_bounce(request: web.Request) -> web.Response:
        body = await request.json()
        address, status = _address_in(body), str(body.get("status", "5.1.1"))
        if address not in mailbox.last_to:
            return web.json_response({"error": f"no message was sent to {address!r}"}, status=404)
        if not STATUS.fullmatch(status):
            return web.json_response({"error": f"status {status!r} is not like 5.1.1"}, status=400)
        report = delivery_status_report(mailbox.last_to[address], address, status)
        return web.Response(body=report, content_type="message/rfc822")

    app = web.Application()
    app.router.add_get("/_fake/messages", messages)
    app.router.add_post("/_fake/late-bounces", late_bounce)
    app.router.add_post("/_fake/bounces", bounce)
    app.router.add_post("/_fake/complaints", complain)
    return app


async def start_smtp(mailbox: Mailbox, port: int = 0) -> tuple[asyncio.base_events.Server, int]:
    """The SMTP side on 127.0.0.1:``port`` (0: any free one); the server and its port."""
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: SMTP(mailbox, hostname="fake-smtp.localhost", data_size_limit=2 * SIZE_LIMIT),
        "127.0.0.1",
        port,
    )
    return server, server.sockets[0].getsockname()[1]
