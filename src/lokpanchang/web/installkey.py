"""The signing key of a development install: random, made once, kept under ``DATA_DIR``.

Outside production an unset ``SECRET_KEY`` used to fall back to a constant written in the
code, so anyone could sign an operator's session cookie. Each install now makes its own key
on first use (readable by its owner only) and every process of the install reads the same one.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

KEY_FILE = "secret_key"
KEY_BYTES = 48


def install_key(data_dir: Path) -> str:
    """The key in ``data_dir/secret_key``, made (atomically, mode 0600) when there is none."""
    path = data_dir / KEY_FILE
    if not path.exists():
        _create(path)
    return path.read_text().strip()


def _create(path: Path) -> None:
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
