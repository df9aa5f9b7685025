"""Typed settings, read once from the environment.

Every setting is an environment variable named after the field in upper case
(``late_grace`` -> ``LATE_GRACE``). Secrets may instead be given as a file with
``NAME_FILE`` (Docker/Kubernetes secrets). A bad value stops start-up with a
message naming the variable and the value.

One module per subject (``storage``, ``scheduling``, ``whatsapp``, ``web`` ...) holds a
mixin of its settings, their validators and the values derived from them; ``settings``
composes them into ``Settings``, ``loading`` reads it, ``secrecy`` says which are secrets.
"""

from __future__ import annotations

from functools import lru_cache

from lokpanchang.config.install import KEY_BYTES, KEY_FILE, install_key, signing_key
from lokpanchang.config.loading import ConfigError, load_settings
from lokpanchang.config.scheduling import parse_send_time, parse_zone
from lokpanchang.config.secrecy import (
    GUESSABLE_PATTERNS,
    MAX_GUESSABLE_SHARE,
    MAX_JUDGED_SECRET,
    MIN_SECRET_LENGTH,
    SECRET_FIELDS,
    secret_values,
    secret_weakness,
)
from lokpanchang.config.settings import Settings
from lokpanchang.config.storage import (
    REDIS_SCHEMES,
    REDIS_URL_SETTINGS,
    URL_SETTINGS,
    with_password,
)
from lokpanchang.config.telegram import TELEGRAM_SECRET, TELEGRAM_USERNAME
from lokpanchang.config.whatsapp import MESSAGING_LIMITS


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process's settings, read once."""
    return load_settings()


__all__ = [
    "GUESSABLE_PATTERNS",
    "KEY_BYTES",
    "KEY_FILE",
    "MAX_GUESSABLE_SHARE",
    "MAX_JUDGED_SECRET",
    "MESSAGING_LIMITS",
    "MIN_SECRET_LENGTH",
    "REDIS_SCHEMES",
    "REDIS_URL_SETTINGS",
    "SECRET_FIELDS",
    "TELEGRAM_SECRET",
    "TELEGRAM_USERNAME",
    "URL_SETTINGS",
    "ConfigError",
    "Settings",
    "get_settings",
    "install_key",
    "load_settings",
    "parse_send_time",
    "parse_zone",
    "secret_values",
    "secret_weakness",
    "signing_key",
    "with_password",
]
