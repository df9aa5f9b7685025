"""`lokpanchang ...`: the command line. Each subject registers its commands from its own module.

``COMMANDS`` names every command, the module that registers it and its one-line summary, so
``--help`` and ``--version`` import nothing else, and a command imports only its own module
(issue 25 item 11: every CLI call paid ≈ 1.3 s of imports before).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import sys
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from lokpanchang.services import Services


class Command(NamedTuple):
    module: str  # under lokpanchang.cli; its ``register(subparsers)`` adds the command
    summary: str


COMMANDS: dict[str, Command] = {
    "up": Command("service", "web + worker + beat + Flower together on embedded defaults"),
    "web": Command("service", "serve the web app (webhook, admin, /healthz)"),
    "worker": Command("service", "run a Celery worker (sends the broadcasts)"),
    "beat": Command("service", "run Celery beat (the jit_planner every 10 min)"),
    "flower": Command("flower", "start Flower (task monitor) with basic auth"),
    "db": Command("db", "create or migrate the database"),
    "subscribers": Command("subscribers", "add, list, stop and import subscribers"),
    "panchang": Command("panchang", "print the panchangam of a place and date"),
    "festivals": Command(
        "festivals", "list a year of festivals and vrats (observances) for a place"
    ),
    "places": Command("places", "find places offline (nearest city, time zone)"),
    "plan": Command("plan", "show the slots planner passes would enqueue (dry run)"),
    "status": Command("ops", "beat entries (ok/late/missed), workers, Redis and database"),
    "schedule": Command("ops", "print the beat schedule (UTC)"),
    "reports": Command("ops", "stored weekly reports, newest first"),
    "jobs": Command("jobs", "operator-defined scheduled jobs"),
    "admin": Command("admin", "admin portal operator accounts"),
    "probe": Command(
        "probe", "health check of this machine's web, worker, beat or flower (exit 0/1)"
    ),
    "simulate": Command(
        "simulate", "post signed WhatsApp webhooks to the local web, as a user writing"
    ),
    "telegram": Command("telegram", "register the Telegram webhook"),
    "fake-whatsapp": Command("fake_whatsapp", "run a fake WhatsApp Cloud API on loopback"),
    "fake-telegram": Command("fake_telegram", "run a fake Telegram Bot API on loopback"),
    "fake-email": Command("fake_email", "run a fake SMTP relay on loopback"),
}


def summary(command: str) -> str:
    """The one-line help of ``command``, as ``lokpanchang --help`` lists it."""
    return COMMANDS[command].summary


class CommandError(Exception):
    """A problem the user can fix; printed without a traceback, exit status 2."""


class _Version(argparse.Action):
    """``--version``: the installed version, looked up only when asked for."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS):
        super().__init__(option_strings, dest, nargs=0, default=default, help="show the version")

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"lokpanchang {_version()}")  # on stdout, as argparse's own version action
        parser.exit()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser. ``command``'s module registers it in full (and its siblings); every other
    command is only named, with its summary ("": none in full). Without ``command``: all of
    them in full."""
    modules = dict.fromkeys(
        entry.module for name, entry in COMMANDS.items() if command in (None, name)
    )
    parser = argparse.ArgumentParser(
        prog="lokpanchang", description="Daily panchangam on WhatsApp at 06:30 local time."
    )
    parser.add_argument("--version", action=_Version)
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in modules:  # importing a module may read the settings (the Celery app does)
        importlib.import_module(f"lokpanchang.cli.{module}").register(subparsers)
    for name, entry in COMMANDS.items():
        if name not in subparsers.choices:
            subparsers.add_parser(name, help=entry.summary)
    return parser


def command_in(argv: list[str]) -> str | None:
    """The command ``argv`` names (its first word that is no option), if any."""
    return next((word for word in argv if not word.startswith("-")), None)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("lokpanchang")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def _start() -> Services:
    """The command's services: this process's settings, read once. ``main`` hands them to the
    command as ``args.services()``, built on first use (``places`` or ``--help`` read none)."""
    from lokpanchang.config import get_settings
    from lokpanchang.services import Services

    return Services(get_settings())


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        args = build_parser(command_in(argv) or "").parse_args(argv)
        args.services = functools.cache(_start)
        return args.handler(args) or 0
    except KeyboardInterrupt:  # Ctrl-C before a command took charge of it: no traceback
        print("lokpanchang: stopped", file=sys.stderr)
        return 130
    except Exception as exc:
        from lokpanchang.config import ConfigError

        if not isinstance(exc, (CommandError, ConfigError)):
            raise
        print(f"lokpanchang: error: {exc}", file=sys.stderr)
        return 2
