"""`lokpanchang subscribers add|list|stop|move|import`."""

from __future__ import annotations

import io
import json
import sys
from datetime import datetime
from importlib import resources
from pathlib import Path

from lokpanchang import clock
from lokpanchang.cli import CommandError, summary
from lokpanchang.cli.places import checked_coordinates
from lokpanchang.delivery.adapters import DEFAULT
from lokpanchang.storage import migrate, subscriber_history
from lokpanchang.storage.db import transaction
from lokpanchang.subscribers import (
    SubscriberFilter,
    as_record,
    import_subscribers,
    list_subscribers,
    move,
    parse_subscribers,
    set_calendar,
    stop,
    subscribe,
)

SAMPLE = "sample_subscribers.csv"


def register(subparsers) -> None:
    subscribers = subparsers.add_parser("subscribers", help=summary("subscribers"))
    actions = subscribers.add_subparsers(
        dest="subscribers_command", required=True, metavar="ACTION"
    )
    _register_add(actions)
    listing = actions.add_parser("list", help="list subscribers")
    listing.add_argument("--json", action="store_true", help="print a JSON array")
    listing.add_argument("--active", action="store_true", help="only active subscribers")
    listing.add_argument("--zone", help="only subscribers in this IANA zone")
    listing.set_defaults(handler=_list)
    stopping = actions.add_parser("stop", help="unsubscribe a phone (history is kept)")
    stopping.add_argument("--phone", required=True)
    stopping.set_defaults(handler=_stop)
    moving = actions.add_parser("move", help="change a subscriber's location")
    moving.add_argument("--phone", required=True)
    moving.add_argument("--lat", required=True)
    moving.add_argument("--lon", required=True)
    moving.set_defaults(handler=_move)
    choosing = actions.add_parser(
        "calendar", help="choose the calendar of a subscriber's month line (or 'default')"
    )
    choosing.add_argument("--phone", required=True)
    choosing.add_argument(
        "--calendar",
        required=True,
        help="amanta, purnimanta, tamil, malayalam, bengali, odia, or default (from their"
        " language and place)",
    )
    choosing.set_defaults(handler=_calendar)
    _register_import(actions)


def _register_add(actions) -> None:
    add = actions.add_parser(
        "add", help="subscribe a phone (or a Telegram chat), or update and reactivate it"
    )
    add.add_argument(
        "--channel", choices=("whatsapp", "telegram"), default="whatsapp", help="(default whatsapp)"
    )
    add.add_argument("--phone", help="E.164 (+919876543210); without + read as Indian")
    add.add_argument("--chat-id", help="the Telegram chat id (with --channel telegram)")
    add.add_argument("--lat", required=True, help="latitude, decimal degrees")
    add.add_argument("--lon", required=True, help="longitude, decimal degrees")
    add.add_argument("--name")
    add.add_argument("--lang", help="en, hi, sa, ta, te, kn, ml, mr, gu or bn (default en)")
    add.add_argument("--send-time", help="local HH:MM (default 06:30)")
    add.set_defaults(handler=_add)


def _register_import(actions) -> None:
    load = actions.add_parser(
        "import", help="import a CSV: phone,latitude,longitude[,name,language,send_time]"
    )
    load.add_argument("file", nargs="?", help="CSV file with a header row")
    load.add_argument("--sample", action="store_true", help="import the bundled sample subscribers")
    load.add_argument(
        "--skip-invalid", action="store_true", help="import the good rows, report the bad"
    )
    load.add_argument(
        "--welcome",
        action="store_true",
        help="send today's panchangam now to new and resumed subscribers whose "
        "send time has passed today (as `add` does)",
    )
    load.set_defaults(handler=_import)


def database_url(args) -> str:
    """The command's database, which must already be migrated."""
    url = args.services().database_url
    if migrate.current_revision(url) is None:
        raise CommandError(f"database {url} has no schema yet; run `lokpanchang db upgrade` first")
    return url


def _address(args) -> str:
    """The new subscriber's address on their channel: ``--phone``, or ``--chat-id``."""
    if args.channel == "telegram":
        if not args.chat_id or args.phone:
            raise CommandError("--channel telegram takes --chat-id N (and no --phone)")
        return args.chat_id
    if not args.phone or args.chat_id:
        raise CommandError("--phone is required (--chat-id goes with --channel telegram)")
    return args.phone


def _user_error(exc: ValueError) -> CommandError:
    return CommandError(str(exc))


def _add(args) -> int:
    latitude, longitude = checked_coordinates(args.lat, args.lon)
    address = _address(args)
    now = clock.now()
    try:
        with transaction(database_url(args)) as session:
            user = subscribe(
                session,
                address,
                latitude,
                longitude,
                now=now,
                channel=args.channel,
                name=args.name,
                language=args.lang,
                send_time=args.send_time,
            )
            record = as_record(user, now)
    except ValueError as exc:
        raise _user_error(exc) from None
    print(
        f"subscribed {record['phone'] or 'Telegram chat ' + record['chat_id']} "
        f"in {record['city']} ({record['timezone']}) "
        f"at {record['send_time']} local time"
    )
    _welcome(args, _joined(args, now))
    return 0


def _joined(args, now: datetime) -> list[int]:
    """Subscribers who joined or resumed at ``now`` (this command's events)."""
    return subscriber_history.joined_at(database_url(args), now)


WELCOME_OUTCOMES = {
    "daily": "today's panchangam comes with today's run",
    "already": "already has today's panchangam",
    "inactive": "not sent (inactive or without a place)",
}


def _welcome(args, user_ids: list[int]) -> None:
    """Policy: whoever joins after today's send time gets today's panchangam now, once.

    The subscriber is already saved: a channel failure is reported, not fatal.
    """
    if not user_ids:
        return
    from lokpanchang.broadcast import owned_context, welcome_send

    outcomes: dict[str, int] = {}
    # One channel and one panchangam cache for them all, closed at the end.
    with owned_context(args.services().settings) as ctx:
        for user_id in user_ids:
            outcome = _welcome_one(welcome_send, user_id, ctx)
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
    for outcome, count in sorted(outcomes.items()):
        print(f"today's panchangam: {count} {WELCOME_OUTCOMES.get(outcome, outcome)}")


def _welcome_one(welcome_send, user_id: int, ctx) -> str:
    try:
        return welcome_send(user_id, clock.now(), ctx)
    except Exception as exc:  # noqa: BLE001 -- the subscriber is saved; say what failed
        print(
            f"today's panchangam for subscriber {user_id} could not be sent: {exc}", file=sys.stderr
        )
        return "failed"


def _list(args) -> int:
    now = clock.now()
    filters = SubscriberFilter(active=True if args.active else None, timezone=args.zone)
    with transaction(database_url(args)) as session:
        records = [as_record(user, now) for user in list_subscribers(session, now, filters)]
    if args.json:
        print(json.dumps(records, ensure_ascii=False))
        return 0
    for r in records:
        state = "active" if r["active"] else "stopped"
        print(
            f"{r['phone'] or 'tg:' + r['chat_id']:<16} {r['name'][:20]:<20} {r['city'] or '':<24} {r['timezone']:<24} "
            f"{r['language']} {r['send_time']} {state}"
        )
    print(f"{len(records)} subscriber(s)", file=sys.stderr)
    return 0


def _stop(args) -> int:
    now = clock.now()
    try:
        with transaction(database_url(args)) as session:
            user = stop(session, args.phone, now)
            phone = user.address_on(DEFAULT)
    except ValueError as exc:
        raise _user_error(exc) from None
    print(f"stopped {phone}")
    return 0


def _calendar(args) -> int:
    now = clock.now()
    try:
        with transaction(database_url(args)) as session:
            user = set_calendar(session, args.phone, args.calendar, now)
            phone, chosen = user.address_on(DEFAULT), user.calendar
    except ValueError as exc:
        raise _user_error(exc) from None
    print(f"{phone}: calendar {chosen or 'default'}")
    return 0


def _move(args) -> int:
    latitude, longitude = checked_coordinates(args.lat, args.lon)
    try:
        with transaction(database_url(args)) as session:
            record = as_record(
                move(session, args.phone, latitude, longitude, clock.now()), clock.now()
            )
    except ValueError as exc:
        raise _user_error(exc) from None
    print(f"moved {record['phone']} to {record['city']} ({record['timezone']})")
    return 0


def _import(args) -> int:
    name, text = _import_source(args)
    now = import_csv(args, name, text, args.skip_invalid)
    if args.welcome:
        _welcome(args, _joined(args, now))
    return 0


def import_sample(args) -> None:
    """Import the bundled sample subscribers (``up --sample-subscribers``), one line of output."""
    text = resources.files("lokpanchang.data").joinpath(SAMPLE).read_text("utf-8")
    import_csv(args, SAMPLE, text, skip_invalid=False)


def import_csv(args, name: str, text: str, skip_invalid: bool) -> datetime:
    """Check and import CSV ``text`` into the command's database; prints what happened. The
    instant of the import."""
    send_time = args.services().settings.default_send_time
    parsed = parse_subscribers(io.StringIO(text, newline=""), send_time)
    for problem in parsed.problems:
        print(f"{name}: {problem}", file=sys.stderr)
    if parsed.problems and not skip_invalid:
        raise CommandError(
            f"{name}: {len(parsed.problems)} bad row(s), nothing imported "
            f"(fix them, or use --skip-invalid to import the {len(parsed.rows)} good row(s))"
        )
    now = clock.now()
    with transaction(database_url(args)) as session:
        report = import_subscribers(
            session,
            [row for _, row in parsed.rows],
            now,
            detail=f"import {name}",
            columns=parsed.columns,
        )
    print(
        f"{name}: imported {report.written} subscriber(s): {report.created} new, "
        f"{report.updated} updated, {report.resumed} resumed, {report.unchanged} unchanged; "
        f"{len(parsed.problems)} bad row(s) skipped"
    )
    return now


def _import_source(args) -> tuple[str, str]:
    if args.sample == bool(args.file):
        raise CommandError("give either a CSV file or --sample")
    if args.sample:
        return SAMPLE, resources.files("lokpanchang.data").joinpath(SAMPLE).read_text("utf-8")
    try:
        return args.file, Path(args.file).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"cannot read {args.file!r}: {exc}") from None
