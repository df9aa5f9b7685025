"""`lokpanchang db upgrade|downgrade|current`."""

from __future__ import annotations

from lokpanchang.cli import summary
from lokpanchang.storage import migrate


def register(subparsers) -> None:
    db = subparsers.add_parser("db", help=summary("db"))
    actions = db.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    up = actions.add_parser("upgrade", help="create or migrate to the newest schema")
    up.add_argument("revision", nargs="?", default="head")
    up.set_defaults(handler=_upgrade)
    down = actions.add_parser("downgrade", help="migrate down (default: remove everything)")
    down.add_argument("revision", nargs="?", default="base")
    down.set_defaults(handler=_downgrade)
    actions.add_parser("current", help="print the current revision").set_defaults(handler=_current)


def _upgrade(args) -> int:
    url = args.services().database_url
    migrate.upgrade(url, args.revision)
    print(f"database at revision {migrate.current_revision(url)}")
    return 0


def _downgrade(args) -> int:
    url = args.services().database_url
    migrate.downgrade(url, args.revision)
    print(f"database at revision {migrate.current_revision(url) or 'base'}")
    return 0


def _current(args) -> int:
    print(migrate.current_revision(args.services().database_url) or "base")
    return 0
