"""``POST /telegram/webhook``: Telegram's updates, checked by their secret header.

Telegram sends the ``secret_token`` given to ``setWebhook`` (``TELEGRAM_WEBHOOK_SECRET``) in
``X-Telegram-Bot-Api-Secret-Token``. It is compared in constant time before the body is read:
without it (401), or with another (403), nothing is read or stored. A checked update is stored
before Telegram gets its 200 and handled on the ``priority`` queue (``web.inbound``); the
conversation de-duplicates updates by ``update_id`` (Telegram resends until 2xx).
"""

from __future__ import annotations

import hmac
import json

import structlog
from flask import Blueprint, abort, request

from lokpanchang.delivery.telegram_inbound import CHANNEL, update_id_of
from lokpanchang.web import app_settings, inbound
from lokpanchang.web.webhook import MAX_JSON_DEPTH, json_depth

log = structlog.get_logger(__name__)
bp = Blueprint("telegram_webhook", __name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MAX_BODY_BYTES = 1024 * 1024  # an update is a few kilobytes


def secret_valid(given: str | None, expected: str) -> bool:
    """True when the header carries the configured secret (never without one configured)."""
    if not expected or given is None:
        return False
    return hmac.compare_digest(given.encode(), expected.encode())


@bp.post("/telegram/webhook")
def update():
    given = request.headers.get(SECRET_HEADER)
    if given is None:
        return f"missing {SECRET_HEADER}", 401
    if not secret_valid(given, app_settings().telegram_webhook_secret):
        return "bad secret token", 403
    body, problem = _read_update()
    if problem:
        return problem, 400
    try:
        inbound.accept(CHANNEL, body)
    except inbound.StoreUnavailable as exc:
        # Nothing was stored; Telegram repeats an update it could not deliver.
        log.error("telegram.store_failed", error=str(exc))
        return "database unavailable, retry later", 503
    return "", 200


def _read_update() -> tuple[dict, str]:
    """The request's update, or a problem saying why it is not one."""
    request.max_content_length = MAX_BODY_BYTES + 1
    raw = request.get_data(cache=False)
    if len(raw) > MAX_BODY_BYTES:
        abort(413)
    if json_depth(raw) > MAX_JSON_DEPTH:
        return {}, f"body nests deeper than {MAX_JSON_DEPTH} levels"
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return {}, "body is not JSON"
    if update_id_of(body) is None:
        return {}, "body is not a Telegram update (no integer update_id)"
    return body, ""
