"""Complaints: a mailbox provider's feedback-loop report (ARF, RFC 5965) about our message.

A report is ``multipart/report; report-type=feedback-report``: a human-readable part, a
``message/feedback-report`` part (``Feedback-Type: abuse`` …) and the original message, whole
(``message/rfc822``) or its headers (``text/rfc822-headers``). Providers send it to the
feedback address of the sending domain; the operator pipes what arrives there to
``POST /email/feedback`` (``docs/email.md``). The complained-of address is taken from the
original's signed ``List-Unsubscribe`` link, so a report is only believed for a message we
sent (a forged one names no address we signed), and whoever holds it could unsubscribe anyway.
"""

from __future__ import annotations

import email.policy
import re
from dataclasses import dataclass
from email.message import EmailMessage, MIMEPart
from email.parser import BytesHeaderParser, BytesParser

LEAVE_LINK = re.compile(r"/email/unsubscribe/([A-Za-z0-9._-]+)")


@dataclass(frozen=True)
class Complaint:
    feedback_type: str  # abuse, fraud, virus, other … (RFC 5965 section 7.3)
    leave_token: str  # the token of the original's List-Unsubscribe link


def complaint_of(raw: bytes) -> Complaint:
    """The complaint a feedback report carries, or a ValueError naming what it lacks."""
    report = BytesParser(policy=email.policy.default).parsebytes(raw)
    kind = report.get_content_type()
    if kind != "multipart/report" or report.get_param("report-type") != "feedback-report":
        raise ValueError(f"not a feedback report (ARF): Content-Type {kind!r}")
    parts = {part.get_content_type(): part for part in list(report.iter_parts())[1:]}
    feedback = _fields(parts.get("message/feedback-report"))
    if not feedback.get("Feedback-Type"):
        raise ValueError("the report has no message/feedback-report part with a Feedback-Type")
    original = _fields(parts.get("message/rfc822") or parts.get("text/rfc822-headers"))
    found = LEAVE_LINK.search(str(original.get("List-Unsubscribe", "")))
    if found is None:
        raise ValueError("the reported message has no List-Unsubscribe link of ours")
    return Complaint(str(feedback["Feedback-Type"]).strip().lower(), found.group(1))


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
