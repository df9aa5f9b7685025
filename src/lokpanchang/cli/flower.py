"""`lokpanchang flower`: Flower behind basic auth, read-only, with its state under data_dir.

Read-only: the routes that run, revoke or limit tasks and control workers are removed
(``lokpanchang.tasks.flower``), so Flower credentials cannot run or revoke any task.

Credentials come from ``FLOWER_BASIC_AUTH`` (``user:password``; or ``FLOWER_BASIC_AUTH_FILE``)
and reach Flower through its own environment variable, never the command line (which any
local user can read with ``ps``). Outside ``ENVIRONMENT=development`` Flower refuses to start
without them.
"""

from __future__ import annotations

import os
import sys

from lokpanchang.cli import CommandError, summary
from lokpanchang.config import Settings


def register(subparsers) -> None:
    flower = subparsers.add_parser("flower", help=summary("flower"))
    flower.set_defaults(handler=_flower)


def check_credentials(settings: Settings) -> str:
    """The basic-auth value to use, or a CommandError saying what to set."""
    value = settings.flower_basic_auth
    if not value:
        if settings.environment == "development":
            return ""
        raise CommandError(
            f"refusing to start Flower without credentials in ENVIRONMENT={settings.environment}: "
            "set FLOWER_BASIC_AUTH=user:password (or FLOWER_BASIC_AUTH_FILE)"
        )
    for pair in value.split(","):
        user, _, password = pair.partition(":")
        if not user or not password:
            raise CommandError(
                "FLOWER_BASIC_AUTH must be user:password (comma-separated for "
                f"several users); got a value with {pair.count(':')} ':' and an "
                "empty user or password"
            )
    return value


def flower_command(settings: Settings) -> list[str]:
    database = (settings.data_dir / "flower.db").resolve()
    return [
        sys.executable,
        "-m",
        "lokpanchang.tasks.flower",
        f"--address={settings.web_host}",
        f"--port={settings.flower_port}",
        "--persistent=True",
        f"--db={database}",
    ]


def flower_environment(
    settings: Settings, credentials: str, base: dict[str, str] | None = None
) -> dict[str, str]:
    """``base`` (this process's environment when None) with only ``credentials`` for auth."""
    env = dict(os.environ if base is None else base)
    env.pop("FLOWER_BASIC_AUTH_FILE", None)
    if credentials:
        env["FLOWER_BASIC_AUTH"] = credentials
    else:
        env.pop("FLOWER_BASIC_AUTH", None)
    return env


def _flower(args) -> int:
    settings = args.services().settings
    credentials = check_credentials(settings)
    if not credentials:
        print(
            "lokpanchang: warning: Flower runs WITHOUT authentication (development only)",
            file=sys.stderr,
        )
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    command = flower_command(settings)
    os.execve(command[0], command, flower_environment(settings, credentials))
    return 0  # not reached: the process is now Flower
