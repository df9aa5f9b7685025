"""The install itself: its environment, where it keeps its data, how it logs, and the key
every process of it signs with."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Literal

KEY_FILE = "secret_key"
KEY_BYTES = 48


class Install:
    """What every other subject stands on: the environment and DATA_DIR above all."""

    environment: Literal["development", "production", "test"] = "development"
    data_dir: Path = Path("var")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    log_json: bool | None = None  # unset: JSON lines unless stderr is a terminal
    secret_key: str = ""


def signing_key(settings: Install) -> str:
    """What every process of an install signs with: ``SECRET_KEY``, else the install's own key.

    Outside production an unset ``SECRET_KEY`` used to fall back to a constant written in the
    code, so anyone could sign an operator's session cookie (or a subscriber's link). Each
    install makes its own key on first use, ``DATA_DIR/secret_key`` (readable by its owner
    only), and every process of the install (web, workers) reads the same one.
    """
    return settings.secret_key or install_key(settings.data_dir)


def install_key(data_dir: Path) -> str:
    """The key in ``data_dir/secret_key``, made (atomically, mode 0600) when there is none."""
    path = data_dir / KEY_FILE
    if not path.exists():
        _create_key(path)
    return path.read_text().strip()


def _create_key(path: Path) -> None:
    """Write a new key beside ``path`` and link it into place: a process racing us either
    wins (we keep its key) or loses; nobody reads a half-written file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(secrets.token_urlsafe(KEY_BYTES) + "\n")
    try:
        os.link(partial, path)
    except FileExistsError:
        pass
    finally:
        partial.unlink()
