"""The Cloud API error policy, keyed on ``error.code`` (not the HTTP status). Pure.

Codes and meanings are Meta's (developers.facebook.com, "WhatsApp error codes"). A 200 only
means *accepted*: 131026, 131049, 131050 and others usually arrive later as ``failed``
status webhooks, and the same table applies to them (``failed_status_action``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from lokpanchang.delivery.base import Outcome

RETRY_CODES = frozenset(
    {
        4,  # application request limit reached
        80007,  # WhatsApp Business Account rate limit
        130429,  # throughput (messages per second per number) reached
        131056,  # pair rate limit: too many messages to the same user
        131057,  # account in maintenance mode
        131000,  # "something went wrong": Meta's advice is to retry
        131016,  # service temporarily unavailable
        1,
        2,  # unknown / temporary API errors
    }
)
SKIP_CODES = frozenset(
    {
        130472,  # user is part of an experiment: not sent
    }
)
BLOCK_CODES = frozenset(
    {
        # Meta chose not to deliver a marketing template: the per-user marketing limit
        # ("healthy ecosystem engagement"), and every marketing template to a US number
        # since 2025-04-01. Try another day; tell the subscriber once.
        131049,
    }
)
DISABLE_CODES = frozenset(
    {
        131050,  # user stopped marketing messages: until they resume
    }
)
UNDELIVERABLE_CODE = 131026  # message undeliverable: disable after repeated days
UNDELIVERABLE_DAYS_TO_DISABLE = 3
HALT_CODES = frozenset(
    {
        190,  # access token expired or invalid
        368,  # account temporarily blocked for policy violations
        100,  # invalid parameter (wrong phone-number id, malformed request)
        10,  # permission denied
        131048,  # spam rate limit: sending more risks the number
        131031,  # business account locked
        131042,  # payment problem on the account
    }
)
TEMPLATE_CODES = range(132000, 133000)  # template missing, paused, parameter mismatch (132xxx)

# Delays between attempts of one send (seconds); Meta asks for exponential back-off.
BACKOFF_BASE = 0.5
BACKOFF_CAP = 30.0
PAIR_LIMIT_WAIT = 6.0  # Meta: about one message every 6 s to the same user


@dataclass(frozen=True)
class Classified:
    """A send attempt's outcome with what the response said."""

    outcome: Outcome
    message_id: str | None = None
    error_code: int | None = None
    error_detail: str | None = None
    retry_after: float | None = None


def outcome_for_code(code: int | None, http_status: int = 400) -> Outcome:
    """What to do after Meta answered with error ``code`` (HTTP ``http_status`` as a fallback)."""
    if code in HALT_CODES or (code is not None and code in TEMPLATE_CODES):
        return Outcome.HALT
    if code in RETRY_CODES:
        return Outcome.RETRY
    if code in BLOCK_CODES:
        return Outcome.BLOCK
    if code in SKIP_CODES or code == UNDELIVERABLE_CODE:
        return Outcome.SKIP  # 131026 disables only after several days: the webhook counts
    if code in DISABLE_CODES:
        return Outcome.DISABLE
    if http_status >= 500 or http_status == 429:
        return Outcome.RETRY
    return Outcome.SKIP  # an unknown per-message error: record it, keep the broadcast going


def classify_response(http_status: int, body: bytes | str) -> Classified:
    """Classify one ``POST /messages`` answer from its status and raw body."""
    try:
        document = json.loads(body)  # the policy stays pure: stdlib only
    except (ValueError, TypeError):
        outcome = Outcome.RETRY  # a proxy's HTML page or a cut body: nothing was decided
        return Classified(outcome, error_detail=f"HTTP {http_status}, body is not JSON")
    if not isinstance(document, dict):
        return Classified(Outcome.RETRY, error_detail=f"HTTP {http_status}, unexpected JSON")
    if 200 <= http_status < 300:
        return _classify_success(document)
    return _classify_error(http_status, document.get("error"))


def _classify_success(document: dict) -> Classified:
    messages = document.get("messages")
    if isinstance(messages, list) and messages and isinstance(messages[0], dict):
        message_id = messages[0].get("id")
        if message_id:
            return Classified(Outcome.SENT, message_id=str(message_id))
    # Accepted by someone, without an id to follow: it may go out, so never resend it.
    return Classified(Outcome.AMBIGUOUS, error_detail="success without a message id")


def _classify_error(http_status: int, error: object) -> Classified:
    if not isinstance(error, dict):
        return Classified(
            outcome_for_code(None, http_status),
            error_detail=f"HTTP {http_status} without an error object",
        )
    code = _as_int(error.get("code"))
    outcome = outcome_for_code(code, http_status)
    retry_after = PAIR_LIMIT_WAIT if code == 131056 else None
    return Classified(
        outcome, error_code=code, error_detail=_detail(error), retry_after=retry_after
    )


def _detail(error: dict) -> str:
    data = error.get("error_data")
    details = data.get("details") if isinstance(data, dict) else None
    return str(details or error.get("message") or "")[:500]


def _as_int(value: Any) -> int | None:
    try:
        return int(value)  # Meta sends numbers; some intermediaries send strings
    except (TypeError, ValueError):
        return None


def backoff_delay(
    attempt: int,
    retry_after: float | None = None,
    jitter: float = 1.0,
    base: float = BACKOFF_BASE,
    cap: float = BACKOFF_CAP,
) -> float:
    """Seconds to wait before attempt ``attempt + 1`` (``attempt`` counts from 1).

    Exponential (``base * 2**(attempt-1)``) scaled by ``jitter`` in [0, 1] and capped; never
    shorter than a ``retry_after`` the server asked for.
    """
    delay = min(cap, base * 2 ** (attempt - 1)) * jitter
    return max(delay, retry_after or 0.0)


@dataclass(frozen=True)
class FailedStatusAction:
    """What a ``failed`` status webhook does to the subscriber."""

    disable: bool
    undeliverable_days: int
    reason: str | None = None
    blocked: bool = False  # refused by the channel's policy: the row is 'blocked', not 'failed'


def failed_status_action(
    code: int | None, undeliverable_days: int, counted_today: bool = False
) -> FailedStatusAction:
    """Apply the policy to an asynchronous failure of a message to a subscriber.

    ``undeliverable_days`` is the subscriber's count of consecutive days with a 131026 so
    far; ``counted_today`` says whether today's 131026 was already counted (webhooks repeat).
    """
    if code in DISABLE_CODES:
        return FailedStatusAction(True, undeliverable_days, f"whatsapp {code}: stopped marketing")
    if code != UNDELIVERABLE_CODE:
        return FailedStatusAction(False, undeliverable_days, blocked=code in BLOCK_CODES)
    days = undeliverable_days if counted_today else undeliverable_days + 1
    if days >= UNDELIVERABLE_DAYS_TO_DISABLE:
        return FailedStatusAction(True, days, f"whatsapp {code}: undeliverable {days} days")
    return FailedStatusAction(False, days)
