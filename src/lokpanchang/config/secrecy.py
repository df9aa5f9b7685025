"""Which settings are secrets: read from ``NAME_FILE``, never echoed in an error, masked
wherever text is written; and how random a key must be to sign with."""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from lokpanchang.config.storage import URL_SETTINGS

if TYPE_CHECKING:
    from lokpanchang.config.settings import Settings

SECRET_FIELDS = (
    "whatsapp_access_token",
    "whatsapp_app_secret",
    "whatsapp_verify_token",
    "secret_key",
    "flower_basic_auth",
    "database_url",
    "smtp_password",
    "s3_secret_access_key",
    "metrics_token",
    "telegram_bot_token",
    "telegram_webhook_secret",
    "email_smtp_password",
    "redis_password",
)


def secret_values(settings: Settings) -> tuple[str, ...]:
    """Every secret value the settings hold, for masking wherever text is written: each of
    SECRET_FIELDS, and the password inside each URL setting."""
    values = [str(getattr(settings, name) or "") for name in SECRET_FIELDS]
    for name in URL_SETTINGS:
        try:
            values.append(urlsplit(str(getattr(settings, name) or "")).password or "")
        except ValueError:  # not a URL the masker can read: the whole value is masked anyway
            continue
    return tuple(value for value in values if value)


# A production SECRET_KEY (and METRICS_TOKEN) is random (``secret_weakness``): generate one
# with `python -c "import secrets; print(secrets.token_urlsafe(48))"`.
MIN_SECRET_LENGTH = 32
MAX_GUESSABLE_SHARE = 0.4  # measured: random keys at most 0.28 (2,000 each), placeholders >= 0.52
MAX_JUDGED_SECRET = 128
GUESSABLE_PATTERNS = {  # zxcvbn's match patterns -> what the message calls them
    "dictionary": "words",
    "spatial": "keyboard runs",
    "repeat": "repeats",
    "sequence": "sequences",
}


def secret_weakness(value: str) -> str:
    """Why ``value`` is too weak to sign sessions or guard /metrics; empty when it is not
    (never echoing it). A secret is made by a machine: at least MIN_SECRET_LENGTH
    characters, of which less than MAX_GUESSABLE_SHARE are what zxcvbn recognises as
    words, sequences, repeats or keyboard runs of 4 or more characters -- placeholders like
    ``your-secret-key-here-change-me-please`` or ``abcdefghij...`` are nearly all of that,
    a random key (``secrets.token_urlsafe``, ``openssl rand -hex 16``) at most a third."""
    if len(value) < MIN_SECRET_LENGTH:
        return f"it has {len(value)} characters, it needs at least {MIN_SECRET_LENGTH}"
    from zxcvbn import zxcvbn

    judged = value[:MAX_JUDGED_SECRET]
    parts = [
        match
        for match in zxcvbn(judged)["sequence"]
        if match["pattern"] in GUESSABLE_PATTERNS and len(match["token"]) >= 4
    ]
    share = sum(len(match["token"]) for match in parts) / len(judged)
    if share >= MAX_GUESSABLE_SHARE:
        kinds = sorted({GUESSABLE_PATTERNS[match["pattern"]] for match in parts})
        return (
            f"{share:.0%} of it is {' and '.join(kinds)}, not random characters "
            "(a placeholder or a phrase)"
        )
    return ""
