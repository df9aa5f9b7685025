"""Reading the settings: from the environment (or a given mapping), secrets from their
``NAME_FILE``, and a bad value turned into one message naming the variable and the value."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import ValidationError

from lokpanchang.config.secrecy import SECRET_FIELDS
from lokpanchang.config.settings import Settings


class ConfigError(Exception):
    """A setting has a bad value; the message names the variable and the value."""


def load_settings(environ: dict[str, str] | None = None, **overrides: object) -> Settings:
    """Build Settings from ``environ`` (default: the process environment) and overrides."""
    env = dict(os.environ if environ is None else environ)
    values = {**_secrets_from_files(env), **overrides}
    try:
        if environ is None:
            return Settings(**values)
        return _settings_from_mapping(env, values)
    except ValidationError as exc:
        raise ConfigError(_describe(exc, env)) from None


def _settings_from_mapping(env: dict[str, str], values: dict[str, object]) -> Settings:
    fields = Settings.model_fields
    from_env = {key.lower(): value for key, value in env.items() if key.lower() in fields}
    return Settings.model_validate({**from_env, **values})


def _secrets_from_files(environ: dict[str, str]) -> dict[str, str]:
    """Values of ``NAME_FILE`` variables, read from the files they name."""
    found: dict[str, str] = {}
    for field in SECRET_FIELDS:
        path = environ.get(f"{field.upper()}_FILE")
        if not path:
            continue
        try:
            found[field] = Path(path).read_text().strip()
        except OSError as exc:
            raise ConfigError(
                f"{field.upper()}_FILE={path!r} cannot be read: {exc.strerror}"
            ) from None
    return found


def _describe(error: ValidationError, environ: dict[str, str]) -> str:
    lines = []
    for problem in error.errors():
        field = str(problem["loc"][0]) if problem["loc"] else ""
        name = field.upper()
        if field in SECRET_FIELDS:  # named, never echoed: the error is printed and logged
            lines.append(f"{name} (its value not shown): {problem['msg']}")
        elif name:
            shown = environ.get(name, problem.get("input"))
            lines.append(f"{name}={shown!r}: {problem['msg']}")
        else:
            lines.append(problem["msg"].removeprefix("Value error, "))
    return "bad configuration: " + "; ".join(lines)
