"""Reports about our messages that come back by mail: complaints and later bounces.

- A complaint is a mailbox provider's feedback-loop report (ARF, RFC 5965):
  ``multipart/report; report-type=feedback-report`` with a human-readable part, a
  ``message/feedback-report`` part (``Feedback-Type: abuse`` …) and the original message,
  whole (``message/rfc822``) or its headers (``text/rfc822-headers``). Providers send it to
  the feedback address of the sending domain.
- A later bounce is a delivery status notification (DSN, RFC 3464): the relay accepted the
  message, the recipient's server refused it, and the relay mails ``multipart/report;
  report-type=delivery-status`` back to our return address, with a
  ``message/delivery-status`` part (a recipient's ``Action: failed``, ``Status: 5.1.1``,
  ``Diagnostic-Code: smtp; 550 …``) and the original or its headers.

The operator pipes what arrives at both addresses to ``POST /email/feedback``
(``docs/email.md``). The address is taken from the original's signed ``List-Unsubscribe``
link, so a report is only believed for a message we sent (a forged one names no address we
signed), and whoever holds it could unsubscribe anyway. A bounce disables the address only
where the same refusal at the relay would (``delivery.email.outcome_for_reply``: no such
mailbox, ``5.1.x`` or 550/551/553); a full mailbox or a delay changes nothing.
"""

from __future__ import annotations

import email.policy
import re
from dataclasses import dataclass
from email.message import EmailMessage, Message, MIMEPart
from email.parser import BytesHeaderParser, BytesParser

from lokpanchang.delivery.base import Outcome

LEAVE_LINK = re.compile(r"/email/unsubscribe/([A-Za-z0-9._-]+)")
STATUS = re.compile(r"[245]\.\d{1,3}\.\d{1,3}")  # RFC 3463
SMTP_REPLY = re.compile(r"^\s*smtp\s*;\s*([245]\d\d)\b", re.IGNORECASE)  # Diagnostic-Code


@dataclass(frozen=True)
class Complaint:
    feedback_type: str  # abuse, fraud, virus, other … (RFC 5965 section 7.3)
    leave_token: str  # the token of the original's List-Unsubscribe link


@dataclass(frozen=True)
class Bounce:
    status: str  # the failed recipient's RFC 3463 status, e.g. 5.1.1
    diagnostic: str  # its Diagnostic-Code, e.g. "smtp; 550 5.1.1 no such user"
    leave_token: str
    hard: bool  # the address is gone for good: it is disabled


REPORT_TYPES = ("feedback-report", "delivery-status")


def report_of(raw: bytes) -> Complaint | Bounce:
    """The complaint or bounce a report carries, or a ValueError naming what it lacks."""
    report = BytesParser(policy=email.policy.default).parsebytes(raw)
    kind, report_type = report.get_content_type(), report.get_param("report-type")
    if kind != "multipart/report" or report_type not in REPORT_TYPES:
        raise ValueError(
            f"not a feedback report (ARF) nor a delivery status notification (DSN): "
            f"Content-Type {kind!r}"
        )
    parts = {part.get_content_type(): part for part in list(report.iter_parts())[1:]}
    original = _fields(parts.get("message/rfc822") or parts.get("text/rfc822-headers"))
    found = LEAVE_LINK.search(str(original.get("List-Unsubscribe", "")))
    if report_type == "delivery-status":
        return _bounce(parts.get("message/delivery-status"), found)
    feedback = _fields(parts.get("message/feedback-report"))
    if not feedback.get("Feedback-Type"):
        raise ValueError("the report has no message/feedback-report part with a Feedback-Type")
    return Complaint(str(feedback["Feedback-Type"]).strip().lower(), _token(found))


def _token(found: re.Match | None) -> str:
    if found is None:
        raise ValueError("the reported message has no List-Unsubscribe link of ours")
    return found.group(1)


def _bounce(part: MIMEPart | None, found: re.Match | None) -> Bounce:
    """A DSN's recipient (the first that failed, else the first): a hard bounce only when it
    failed as a refusal at the relay would disable it; a delay is never one."""
    blocks = part.get_payload() if part is not None else None
    listed = (blocks if isinstance(blocks, list) else [])[1:]  # after the per-message block
    recipients = [block for block in listed if isinstance(block, Message) and block.keys()]
    if not recipients:
        raise ValueError("the delivery status notification has no recipient's status")
    failed = [b for b in recipients if str(b.get("Action", "")).strip().lower() == "failed"]
    recipient = (failed or recipients)[0]
    status = str(recipient.get("Status", "")).strip()
    diagnostic = " ".join(str(recipient.get("Diagnostic-Code", "")).split())[:300]
    if not STATUS.fullmatch(status):
        raise ValueError(f"the recipient's Status {status!r} is not like 5.1.1")
    hard = bool(failed) and _is_hard(status, diagnostic)
    return Bounce(status, diagnostic, _token(found), hard)


def _is_hard(status: str, diagnostic: str) -> bool:
    """Whether the relay, refusing with this, would have disabled the address."""
    # The sender's module (aiosmtplib, pacing) loads only when a bounce is read, not with
    # every web process that serves the page.
    from lokpanchang.delivery.email import outcome_for_reply

    code = SMTP_REPLY.search(diagnostic)
    reply = int(code.group(1)) if code else (550 if status.startswith("5") else 450)
    return outcome_for_reply(reply, f"{status} {diagnostic}") is Outcome.DISABLE


def _fields(part: MIMEPart | None) -> MIMEPart:
    """The header fields a report's part holds (its inner message, or its text parsed)."""
    if part is None:
        return EmailMessage()
    inner = list(part.iter_parts()) if part.get_content_maintype() == "message" else []
    if inner:
        return inner[0]
    raw = part.get_payload(decode=True)
    text = raw if isinstance(raw, bytes) else b""
    return BytesHeaderParser(EmailMessage, policy=email.policy.default).parsebytes(text)
