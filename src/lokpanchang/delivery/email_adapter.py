"""E-mail as an adapter: addresses, the SMTP sender, and the signed links of its web pages.

People do not write to us by e-mail: they sign up on the public page (a confirmation link,
signed and expiring: nothing is sent before it is opened), and leave with one click
(RFC 8058) or the link in every message. Those pages are the channel's inbound side: a
verified link becomes a neutral event (``parse_inbound``) for the one inbound task -- a
confirmation is a shared place (the conversation subscribes the address there), an
unsubscribe an opt-out (the subscriber stops, as by ``stop``). A complaint -- a provider's
feedback-loop report about our message, piped to ``POST /email/feedback``
(``delivery.email_feedback``) -- disables the address, as a hard bounce does.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from itsdangerous import BadSignature, SignatureExpired, URLSafeSerializer, URLSafeTimedSerializer

from lokpanchang.config import signing_key
from lokpanchang.delivery.adapters import Adapter
from lokpanchang.delivery.events import Event, Inbound, InboundKind, OptOut

if TYPE_CHECKING:
    from lokpanchang.config import Settings
    from lokpanchang.delivery.base import Sender

CHANNEL = "email"
MAX_ADDRESS = 254  # RFC 5321's path limit less the brackets
# One address as people write it: a dot-atom local part and a domain of labels (IDN allowed).
ADDRESS = re.compile(
    r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?:[^\W_](?:(?:[^\W_]|-){0,61}[^\W_])?\.)+[^\W\d_]{2,63}"
)
CONFIRM_SALT, LEAVE_SALT = "email-confirm", "email-unsubscribe"


def normalise_address(text: str) -> str:
    """``text`` as an address we store (the domain lower-cased), or a ValueError naming it."""
    address = str(text).strip()
    local, _, domain = address.rpartition("@")
    address = f"{local}@{domain.lower()}"
    if len(address) > MAX_ADDRESS or not ADDRESS.fullmatch(address) or ".." in local:
        raise ValueError(f"e-mail address {text!r} is not an address we can send to")
    if local.startswith(".") or local.endswith("."):
        raise ValueError(f"e-mail address {text!r} is not an address we can send to")
    return address


def confirm_token(settings: Settings, signup: dict) -> str:
    """The signed, expiring token of a sign-up (address, place, language)."""
    return URLSafeTimedSerializer(signing_key(settings), CONFIRM_SALT).dumps(signup)


def signup_of(settings: Settings, token: str) -> dict | None:
    """The sign-up a confirmation token carries, or None (forged, or older than allowed)."""
    serializer = URLSafeTimedSerializer(signing_key(settings), CONFIRM_SALT)
    try:
        found = serializer.loads(token, max_age=settings.email_confirm_hours * 3600)
    except (BadSignature, SignatureExpired):
        return None
    return found if isinstance(found, dict) else None


def leave_token(settings: Settings, address: str) -> str:
    return URLSafeSerializer(signing_key(settings), LEAVE_SALT).dumps(address)


def address_leaving(settings: Settings, token: str) -> str | None:
    """The address an unsubscribe token names, or None (forged)."""
    try:
        found = URLSafeSerializer(signing_key(settings), LEAVE_SALT).loads(token)
    except BadSignature:
        return None
    return found if isinstance(found, str) else None


def public_url(settings: Settings) -> str:
    return (settings.public_url or f"http://{settings.web_host}:{settings.web_port}").rstrip("/")


def leave_url(settings: Settings, address: str) -> str:
    """The one-click unsubscribe link of ``address`` (``List-Unsubscribe``, every message)."""
    return f"{public_url(settings)}/email/unsubscribe/{leave_token(settings, address)}"


def confirm_url(settings: Settings, signup: dict) -> str:
    return f"{public_url(settings)}/email/confirm/{confirm_token(settings, signup)}"


class EmailAdapter(Adapter):
    name = CHANNEL
    label = "E-mail"
    setting = "EMAIL_SMTP_HOST"
    record_key = "email"
    conversational = False

    def normalise(self, address: str) -> str:
        return normalise_address(address)

    def mask(self, address: str) -> str:
        """``asha.rao@example.com`` -> ``a*******@example.com``."""
        local, _, domain = address.rpartition("@")
        return f"{local[:1]}{'*' * max(1, len(local) - 1)}@{domain}"

    def configured(self, settings: Settings) -> bool:
        return bool(settings.email_smtp_host)

    def sender(self, settings: Settings, keep_open: bool = False) -> Sender:
        from lokpanchang.delivery.email import Composer, EmailSender, Relay
        from lokpanchang.delivery.pacing import bucket_for, redis_url_of

        relay = Relay(
            settings.email_smtp_host,
            settings.email_smtp_port,
            settings.email_smtp_tls,
            settings.email_smtp_user,
            settings.email_smtp_password,
            settings.send_timeout,
        )
        composer = Composer(
            settings.email_from, settings.email_from_name, lambda a: leave_url(settings, a)
        )
        bucket = bucket_for(
            redis_url_of(settings), settings.email_send_rate, settings.is_embedded, "pacing:email"
        )
        return EmailSender(relay, composer, bucket, settings.email_connections)

    def parse_inbound(self, body: object) -> list[Event]:
        """A verified page's event: ``{"kind": "confirm", "signup": {...}, "once": <the link's
        digest>}`` (a sign-up at a place), ``{"kind": "unsubscribe", "address": ...}`` or
        ``{"kind": "complaint", "address": ..., "feedback": "abuse"}`` (a feedback report) or
        ``{"kind": "bounce", "address": ..., "status": "5.1.1", "diagnostic": ...}`` (a later
        hard bounce)."""
        if not isinstance(body, dict):
            return []
        if body.get("kind") == "unsubscribe" and isinstance(body.get("address"), str):
            return [OptOut(CHANNEL, body["address"], True)]
        if body.get("kind") == "complaint" and isinstance(body.get("address"), str):
            reason = f"complaint: {str(body.get('feedback', ''))[:40]} (feedback report)"
            return [OptOut(CHANNEL, body["address"], True, reason)]
        if body.get("kind") == "bounce" and isinstance(body.get("address"), str):
            said = f"{str(body.get('status', ''))[:12]} {str(body.get('diagnostic', ''))[:200]}"
            return [OptOut(CHANNEL, body["address"], True, f"hard bounce: {said} (DSN)")]
        signup = body.get("signup")
        if body.get("kind") != "confirm" or not isinstance(signup, dict):
            return []
        address, once = str(signup.get("a", "")), str(body.get("once", ""))[:40]
        return [
            Inbound(
                CHANNEL,
                address,
                f"email:{once}",  # a link opened twice subscribes once
                InboundKind.LOCATION,
                latitude=signup.get("lat"),
                longitude=signup.get("lon"),
                language=str(signup.get("l", "")),
            )
        ]
