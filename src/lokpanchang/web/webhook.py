"""``/webhook``: Meta's verification handshake (GET) and signed notifications (POST).

The POST body is checked with ``X-Hub-Signature-256`` (HMAC-SHA256 of the raw body with
``WHATSAPP_APP_SECRET``) before it is parsed, then split and stored before Meta gets its 200
(``web.inbound``): its status updates, applied in bulk on the ``statuses`` queue, and
everything else (people's messages, opt-outs), handled on the ``priority`` queue, so a
broadcast's statuses never stand in front of a person's "start". Meta never resends a
webhook it got a 200 for: a 200 means the body is in the database.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re

import structlog
from flask import Blueprint, abort, request

from lokpanchang.config import Settings
from lokpanchang.delivery.events import StatusUpdate
from lokpanchang.delivery.whatsapp_inbound import CHANNEL, parse_webhook, without_statuses
from lokpanchang.web import app_settings, inbound

log = structlog.get_logger(__name__)
bp = Blueprint("webhook", __name__)

DEVELOPMENT_VERIFY_TOKEN = "lokpanchang-dev-verify-token"
MAX_BODY_BYTES = 3 * 1024 * 1024
# Meta's bodies nest about eight levels deep; far deeper JSON is refused before it is parsed
# (Python's parser would hit its recursion limit) or handed to a task.
MAX_JSON_DEPTH = 64
SIGNATURE = re.compile(r"sha256=([0-9a-fA-F]{64})")
# Strings (with their escapes) and the brackets outside them.
JSON_STRUCTURE = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def verify_token(settings: Settings) -> str:
    """The handshake token; only development has a default (and says so in the log)."""
    if settings.whatsapp_verify_token:
        return settings.whatsapp_verify_token
    if settings.environment == "development":
        log.warning("webhook.default_verify_token", token=DEVELOPMENT_VERIFY_TOKEN)
        return DEVELOPMENT_VERIFY_TOKEN
    return ""


def signature_valid(raw: bytes, header: str | None, secret: str) -> bool:
    """True when ``header`` is ``sha256=<hex HMAC-SHA256 of raw with secret>``; a header of
    any other shape (not hex, not ASCII) is simply not valid."""
    match = SIGNATURE.fullmatch((header or "").strip())
    if not secret or match is None:
        return False
    expected = hmac.new(secret.encode(), raw, hashlib.sha256).hexdigest()
    return hmac.compare_digest(match.group(1).lower().encode(), expected.encode())


@bp.get("/webhook")
def handshake():
    expected = verify_token(app_settings())
    given = request.args.get("hub.verify_token", "")
    if request.args.get("hub.mode") != "subscribe" or not expected:
        abort(403)
    if not hmac.compare_digest(given.encode(), expected.encode()):
        abort(403)
    return request.args.get("hub.challenge", ""), 200, {"Content-Type": "text/plain"}


@bp.post("/webhook")
def notification():
    # Checked against Content-Length first, then while a chunked body is read: at most one
    # byte past MAX_BODY_BYTES is ever read (that byte tells "too long" from "exactly full").
    request.max_content_length = MAX_BODY_BYTES + 1
    raw = request.get_data(cache=False)
    if len(raw) > MAX_BODY_BYTES:
        abort(413)
    header = request.headers.get("X-Hub-Signature-256")
    if not header:
        return "missing X-Hub-Signature-256", 401
    if not signature_valid(raw, header, app_settings().whatsapp_app_secret):
        return "bad signature", 403
    if json_depth(raw) > MAX_JSON_DEPTH:
        return f"body nests deeper than {MAX_JSON_DEPTH} levels", 400
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return "body is not JSON", 400
    if not isinstance(body, dict):
        return "body is not a JSON object", 400
    try:
        keep(body)
    except inbound.StoreUnavailable as exc:
        # Nothing was stored; Meta retries a failed delivery for days, so a 503 loses nothing.
        log.error("webhook.store_failed", error=str(exc))
        return "database unavailable, retry later", 503
    return "", 200


def json_depth(raw: bytes) -> int:
    """How deep the arrays and objects of ``raw`` nest, counted without parsing (brackets
    inside strings are skipped)."""
    depth = deepest = 0
    for token in JSON_STRUCTURE.findall(raw):
        if token in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in (b"]", b"}"):
            depth -= 1
    return deepest


def keep(body: dict) -> None:
    """Store the verified body's statuses and the rest of it (``web.inbound``)."""
    events = parse_webhook(body)
    statuses = [event for event in events if isinstance(event, StatusUpdate)]
    if not events:
        return
    rest = None
    if len(statuses) < len(events):
        rest = without_statuses(body) if statuses else body
    inbound.accept(CHANNEL, rest, statuses)
