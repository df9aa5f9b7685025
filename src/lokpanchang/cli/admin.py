"""`lokpanchang admin create-user|set-password|unlock`: operator accounts for the portal."""

from __future__ import annotations

import getpass
import sys
from pathlib import Path

from lokpanchang import clock
from lokpanchang.cli import CommandError, summary
from lokpanchang.operators import (
    AccountError,
    clear_failures,
    create_operator,
    find_operator,
    set_password,
    validate_password,
    validate_username,
)
from lokpanchang.storage.db import transaction


def register(subparsers) -> None:
    admin = subparsers.add_parser("admin", help=summary("admin"))
    actions = admin.add_subparsers(dest="admin_command", required=True, metavar="ACTION")
    create = actions.add_parser("create-user", help="add an operator who can log in to the portal")
    create.add_argument("--username", required=True)
    create.add_argument(
        "--password-file",
        type=Path,
        help="read the password from this file (else: asked twice on a terminal, or one line "
        "of standard input when there is none, e.g. echo PASSWORD | lokpanchang admin …)",
    )
    create.set_defaults(handler=_create_user)
    change = actions.add_parser(
        "set-password", help="give an operator a new password (ends all their portal sessions)"
    )
    change.add_argument("username")
    change.add_argument(
        "--password-file", type=Path, help="read the password from this file (else prompt)"
    )
    change.set_defaults(handler=_set_password)
    unlock = actions.add_parser(
        "unlock", help="forget a username's failed logins, ending its lock-out at once"
    )
    unlock.add_argument("username")
    unlock.set_defaults(handler=_unlock)


def _create_user(args) -> int:
    url = args.services().database_url
    try:
        _check_username(url, args.username)  # before asking for anything
        password = validate_password(_read_password(args.password_file))
        with transaction(url) as session:
            create_operator(session, args.username, password, clock.now())
    except AccountError as exc:
        raise CommandError(str(exc)) from None
    print(f"operator {args.username!r} created")
    return 0


def _set_password(args) -> int:
    password = _read_password(args.password_file)
    try:
        with transaction(args.services().database_url) as session:
            operator = set_password(session, args.username, password)
    except AccountError as exc:
        raise CommandError(str(exc)) from None
    print(f"operator {operator.username!r} has a new password; their sessions were ended")
    return 0


def _unlock(args) -> int:
    with transaction(args.services().database_url) as session:
        removed = clear_failures(session, args.username)
    print(f"operator {args.username!r} unlocked ({removed} failed login(s) forgotten)")
    return 0


def _check_username(url: str, username: str) -> None:
    validate_username(username)
    with transaction(url) as session:
        if find_operator(session, username) is not None:
            raise AccountError(f"username {username!r} already exists")


def _read_password(path: Path | None) -> str:
    if path is not None:
        try:
            return path.read_text().rstrip("\r\n")
        except OSError as exc:
            raise CommandError(
                f"--password-file {str(path)!r} cannot be read: {exc.strerror}"
            ) from None
    if not sys.stdin.isatty():
        line = sys.stdin.readline()
        if not line:
            raise CommandError(
                "no password: standard input is empty and not a terminal "
                "(pipe one line, or use --password-file)"
            )
        return line.rstrip("\r\n")
    first = getpass.getpass("Password: ")
    if first != getpass.getpass("Repeat password: "):
        raise CommandError("the two passwords differ; nothing was created")
    return first
