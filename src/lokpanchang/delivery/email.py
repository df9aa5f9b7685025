"""E-mail over SMTP (``aiosmtplib``) behind the ``Sender`` protocol.

TLS is required: implicit TLS (``EMAIL_SMTP_TLS=implicit``, port 465) or STARTTLS (``starttls``,
the default: a relay that does not offer it is refused, never used in clear text); ``off``
only when set explicitly (a local fake). The password is sent only over TLS.

Every message has a plain-text and an HTML part, in the subscriber's language (a broadcast's
card, issue 27, inline in the HTML part: multipart/related, ``cid:``, with its alt text; the
plain-text part is the same with or without it), and a one-click
unsubscribe (RFC 8058): ``List-Unsubscribe`` with the signed link and ``List-Unsubscribe-Post:
List-Unsubscribe=One-Click``, and the same link in the text. A batch is sent over a few
connections at once (``EMAIL_CONNECTIONS``), paced by one shared bucket (``EMAIL_SEND_RATE``).

The relay's answers are classified by their reply code (RFC 5321) and enhanced status
(RFC 3463): a permanent refusal of the address (550/551/553, ``5.1.x``) is a hard bounce and
disables the subscriber; a full mailbox or another permanent refusal skips today; 4xx retries;
a refused login or sender halts; a connection lost after the message was handed over may have
delivered it (ambiguous).
"""

from __future__ import annotations

import asyncio
import email.policy
import re
import uuid
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, formatdate, make_msgid
from html import escape
from typing import cast

import aiosmtplib
import structlog

from lokpanchang.delivery.base import Outcome, OutgoingMessage, SendResult
from lokpanchang.delivery.errors import Classified
from lokpanchang.delivery.pacing import Bucket, Unpaced
from lokpanchang.delivery.whatsapp import result_of
from lokpanchang.messages.email_words import email_words

log = structlog.get_logger(__name__)

TLS_MODES = ("starttls", "implicit", "off")
ENHANCED = re.compile(r"\b([245])\.(\d{1,3})\.(\d{1,3})\b")
MAX_LINE = 998  # RFC 5322 2.1.1: a line's limit; 78 is only what it recommends
HARD_BOUNCE_CODES = frozenset({550, 551, 553})  # the mailbox does not exist or is not ours to use
AUTH_CODES = frozenset({530, 534, 535, 538})  # authentication required / refused


def outcome_for_reply(code: int, message: str) -> Outcome:
    """What to do after the relay refused a message with reply ``code`` and ``message``."""
    enhanced = ENHANCED.search(message or "")
    if code in AUTH_CODES or (enhanced and enhanced.group(1, 2) == ("5", "7") and code == 530):
        return Outcome.HALT
    if 400 <= code < 500:
        return Outcome.RETRY
    if enhanced is not None and enhanced.group(1) == "5":
        return Outcome.DISABLE if enhanced.group(2) == "1" else Outcome.SKIP
    return Outcome.DISABLE if code in HARD_BOUNCE_CODES else Outcome.SKIP


def classify_refusal(exc: aiosmtplib.SMTPResponseException) -> Classified:
    """A refusal of one message (its recipient, its sender or its data) as an outcome."""
    detail = f"{exc.code} {exc.message}"[:500]
    if isinstance(exc, aiosmtplib.SMTPSenderRefused):  # our From: no message can go out
        return Classified(Outcome.HALT, error_code=exc.code, error_detail=detail)
    return Classified(
        outcome_for_reply(exc.code, exc.message), error_code=exc.code, error_detail=detail
    )


@dataclass(frozen=True)
class Relay:
    """Where and how to reach the SMTP relay."""

    host: str
    port: int
    tls: str = "starttls"
    username: str = ""
    password: str = ""
    timeout: float = 15.0

    def client(self) -> aiosmtplib.SMTP:
        implicit, required = self.tls == "implicit", self.tls == "starttls"
        return aiosmtplib.SMTP(
            hostname=self.host,
            port=self.port,
            use_tls=implicit,
            start_tls=required,  # STARTTLS required, never opportunistic (None would be)
            timeout=self.timeout,
        )


@dataclass(frozen=True)
class Composer:
    """Builds each message: our From, the unsubscribe link for an address."""

    sender_address: str
    sender_name: str
    unsubscribe_url: object  # Callable[[str], str]: the signed one-click link of an address

    def compose(self, message: OutgoingMessage) -> EmailMessage:
        words = email_words(message.language)
        text = message.text or "\n".join(message.parameters)
        link = self.unsubscribe_url(message.to)  # type: ignore[operator]
        mail = EmailMessage()
        mail["From"] = formataddr((self.sender_name, self.sender_address))
        mail["To"] = message.to
        mail["Subject"] = subject_of(text, words["subject"])
        mail["Date"] = formatdate(localtime=False)
        mail["Message-ID"] = message_id(message.ledger_id, self.sender_address)
        mail["List-Unsubscribe"] = f"<{link}>"
        mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        if message.ledger_id:
            mail["X-Lokpanchang-Ledger"] = f"message_log:{message.ledger_id}"
        mail.set_content(f"{text}\n\n-- \n{words['leave']}: {link}\n")
        card = message.card
        cid = make_msgid("card", self.sender_address.rpartition("@")[2] or None) if card else ""
        image = (cid[1:-1], card.alt) if card is not None else None
        mail.add_alternative(
            html_body(text, words["leave"], link, message.language, image), subtype="html"
        )
        if card is not None:  # the HTML part becomes multipart/related with the card inline
            kind, _, subtype = card.mime_type.partition("/")
            html_part = cast(EmailMessage, mail.get_payload()[1])  # type: ignore[index]
            html_part.add_related(
                card.png, kind, subtype, cid=cid, filename=card.key, disposition="inline"
            )
        mail["Content-Language"] = message.language  # after the parts: set_content clears it
        return mail


def subject_of(text: str, fallback: str) -> str:
    """The first line of ``text`` (a panchangam's heading), or ``fallback``; one line."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return (first or fallback)[:150]


def message_id(ledger_id: int, sender_address: str) -> str:
    domain = sender_address.rpartition("@")[2] or "localhost"
    return f"<message_log.{ledger_id}.{uuid.uuid4().hex}@{domain}>"


def html_body(
    text: str, leave: str, link: str, language: str, image: tuple[str, str] | None = None
) -> str:
    """The HTML part: the day's card when there is one (``image``: its content id and alt
    text), the text as it is (line breaks kept), and the link to leave."""
    lines = "<br>\n".join(escape(line) for line in text.splitlines())
    picture = ""
    if image is not None:
        cid, alt = image
        picture = (
            f'<p><img src="cid:{escape(cid)}" alt="{escape(alt)}" width="540" '
            'style="max-width:100%;height:auto"></p>'
        )
    return (
        f'<!doctype html><html lang="{escape(language)}"><body>{picture}'
        f'<p style="font-family:sans-serif;line-height:1.5">{lines}</p>'
        f'<p style="font-family:sans-serif;font-size:small"><a href="{escape(link)}">'
        f"{escape(leave)}</a></p></body></html>"
    )


class EmailSender:
    """The SMTP channel: a few connections per batch, each sending its share in turn."""

    name = "email"
    identities: tuple[str, ...] = ()
    shows_cards = True  # a broadcast's card goes inline in the HTML part

    def __init__(
        self, relay: Relay, composer: Composer, bucket: Bucket | None = None, connections: int = 4
    ) -> None:
        if relay.tls not in TLS_MODES:
            raise ValueError(f"EMAIL_SMTP_TLS {relay.tls!r} is not one of {', '.join(TLS_MODES)}")
        self.relay, self.composer = relay, composer
        self.bucket = bucket or Unpaced()
        self.connections = max(1, connections)

    async def send_batch(self, messages: list[OutgoingMessage]) -> list[SendResult]:
        shares = [messages[n :: self.connections] for n in range(self.connections)]
        parts = await asyncio.gather(*(self._send_share(share) for share in shares if share))
        by_id = {id(m): r for share, part in zip(shares, parts) for m, r in zip(share, part)}
        return [by_id[id(message)] for message in messages]

    async def close(self) -> None:
        await self.bucket.release()

    async def _send_share(self, messages: list[OutgoingMessage]) -> list[SendResult]:
        """Send ``messages`` one after another, over one connection while it is sound."""
        results: list[SendResult] = []
        client: aiosmtplib.SMTP | None = None
        for at, message in enumerate(messages):
            if client is None:
                opened = await self._connect()
                if isinstance(opened, Classified):  # nothing reached the relay: none was sent
                    rest = messages[at:]
                    return results + [result_of(m.ledger_id, opened, 1) for m in rest]
                client = opened
            classified = await self._send_one(client, message)
            if classified.outcome in (Outcome.AMBIGUOUS, Outcome.RETRY, Outcome.HALT):
                await _quit(client)
                client = None  # the connection may be in any state: a fresh one for the next
            results.append(result_of(message.ledger_id, classified, 1))
        if client is not None:
            await _quit(client)
        return results

    async def _connect(self) -> aiosmtplib.SMTP | Classified:
        """A connection, TLS and login done; or why there is none (nothing was sent)."""
        client = self.relay.client()
        try:
            await client.connect()
            if self.relay.username:
                await client.login(self.relay.username, self.relay.password)
        except aiosmtplib.SMTPAuthenticationError as exc:
            return Classified(Outcome.HALT, error_code=exc.code, error_detail="login refused")
        except aiosmtplib.SMTPException as exc:  # no STARTTLS offered, refused, unreachable
            outcome = Outcome.HALT if "STARTTLS" in str(exc) else Outcome.RETRY
            detail = f"not sent: {type(exc).__name__}: {exc}"[:500]
            return Classified(outcome, error_detail=detail)
        except OSError as exc:
            return Classified(Outcome.RETRY, error_detail=f"not sent: cannot connect: {exc}"[:500])
        return client

    async def _send_one(self, client: aiosmtplib.SMTP, message: OutgoingMessage) -> Classified:
        mail = self.composer.compose(message)
        try:
            await self.bucket.acquire()
        except Exception as exc:  # noqa: BLE001 -- e.g. Redis down: nothing was sent
            return Classified(Outcome.RETRY, error_detail=f"not sent: pacing unavailable: {exc}")
        try:
            await hand_over(client, mail)
        except aiosmtplib.SMTPRecipientsRefused as exc:
            return classify_refusal(exc.recipients[0])
        except aiosmtplib.SMTPResponseException as exc:
            return classify_refusal(exc)
        except (aiosmtplib.SMTPException, OSError) as exc:
            # Lost after the message may have been handed over: never resend it blindly.
            return Classified(Outcome.AMBIGUOUS, error_detail=f"{type(exc).__name__}: {exc}"[:500])
        return Classified(Outcome.SENT, message_id=str(mail["Message-ID"]))


async def hand_over(client: aiosmtplib.SMTP, mail: EmailMessage) -> None:
    """Give ``mail`` to the relay as ``client.send_message`` would (SMTPUTF8 for an address
    that needs it, 8BITMIME when offered), but folded at RFC 5322's 998 characters, not 78:
    at 78 the ~100-character signed ``List-Unsubscribe`` link, which has no space to fold
    at, goes out as an RFC 2047 encoded word that mail providers do not take for RFC 8058's
    one-click link."""
    sender = mail["From"].addresses[0].addr_spec
    recipients = [address.addr_spec for address in mail["To"].addresses]
    utf8 = not all(part.isascii() for part in (sender, *recipients))
    if utf8 and not client.supports_extension("smtputf8"):
        raise aiosmtplib.SMTPNotSupported(f"the relay cannot take the address {recipients[0]!r}")
    options = ["SMTPUTF8"] if utf8 else []
    eight_bit = client.supports_extension("8BITMIME")
    if eight_bit:
        options.append("BODY=8BITMIME")
    policy = (email.policy.SMTPUTF8 if utf8 else email.policy.SMTP).clone(
        max_line_length=MAX_LINE, cte_type="8bit" if eight_bit else "7bit"
    )
    await client.sendmail(sender, recipients, mail.as_bytes(policy=policy), mail_options=options)


async def _quit(client: aiosmtplib.SMTP) -> None:
    try:
        await client.quit()
    except (aiosmtplib.SMTPException, OSError):
        client.close()
