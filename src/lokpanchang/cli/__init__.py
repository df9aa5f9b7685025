"""`lokpanchang ...`: the command line. Each subject registers its commands from its own module."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from importlib.metadata import PackageNotFoundError, version

from lokpanchang.config import ConfigError


def command_modules() -> list[str]:
    """Every module under lokpanchang.cli; each has ``register(subparsers)``."""
    return sorted(info.name for info in pkgutil.iter_modules(__path__))


class CommandError(Exception):
    """A problem the user can fix; printed without a traceback, exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lokpanchang", description="Daily panchangam on WhatsApp at 06:30 local time."
    )
    parser.add_argument("--version", action="version", version=f"lokpanchang {_version()}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in command_modules():
        importlib.import_module(f"lokpanchang.cli.{name}").register(subparsers)
    return parser


def _version() -> str:
    try:
        return version("lokpanchang")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def main(argv: list[str] | None = None) -> int:
    try:
        # Building the parser imports the Celery app, which reads the settings.
        args = build_parser().parse_args(argv)
        return args.handler(args) or 0
    except (CommandError, ConfigError) as exc:
        print(f"lokpanchang: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C before a command took charge of it: no traceback
        print("lokpanchang: stopped", file=sys.stderr)
        return 130
