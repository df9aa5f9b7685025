"""`lokpanchang fake-whatsapp`: run the fake WhatsApp Cloud API on 127.0.0.1.

See docs/whatsapp.md. Example::

    lokpanchang fake-whatsapp --port 8999 --token T --phone-number-id 123 --latency-ms 100 \\
        --webhook-url http://127.0.0.1:5050/webhook --app-secret S \\
        --fail +15550001111=131026,+15550002222=sync:131049
"""

from __future__ import annotations

import uvloop

from lokpanchang.cli import CommandError, summary
from lokpanchang.fakes.serving import run_until_cancelled
from lokpanchang.fakes.whatsapp import serve
from lokpanchang.fakes.whatsapp_spec import FakeConfig, SpecError, parse_fail_spec


def register(subparsers) -> None:
    fake = subparsers.add_parser("fake-whatsapp", help=summary("fake-whatsapp"))
    fake.add_argument("--port", type=int, required=True, help="TCP port on 127.0.0.1 (0 = any)")
    fake.add_argument("--token", required=True, help="the access token senders must present")
    fake.add_argument(
        "--phone-number-id",
        required=True,
        help="the account's phone-number ids (comma-separated), as in the URL",
    )
    fake.add_argument("--latency-ms", type=float, default=0.0, help="delay before each answer")
    fake.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="throughput limit in messages/s per number (130429 beyond it); 0 = none",
    )
    fake.add_argument(
        "--pair-seconds",
        type=float,
        default=6.0,
        help="seconds between messages to one user (131056); 0 = none",
    )
    fake.add_argument(
        "--pair-burst",
        type=int,
        default=3,
        help="messages to one user allowed at once before the pair limit",
    )
    fake.add_argument(
        "--template",
        action="append",
        default=[],
        metavar="NAME=PARAMS",
        help="a registered template and its body parameter count "
        "(default daily_panchangam=8); repeatable",
    )
    fake.add_argument(
        "--marketing",
        action="append",
        default=[],
        metavar="NAME",
        help="a template Meta categorised as marketing: not delivered to +1 numbers "
        "(accepted, then a failed status 131049); repeatable",
    )
    fake.add_argument(
        "--image-header",
        action="append",
        default=[],
        metavar="NAME",
        help="a template registered with an image header: sent only with an uploaded media id "
        "(132012 without one); repeatable",
    )
    fake.add_argument("--webhook-url", default="", help="where to post status webhooks")
    fake.add_argument("--app-secret", default="", help="signs the webhooks (X-Hub-Signature-256)")
    fake.add_argument(
        "--webhook-concurrency",
        type=int,
        default=1,
        help="status webhooks posted at once (1: one by one, in order)",
    )
    fake.add_argument(
        "--fail",
        default="",
        metavar="SPEC",
        help="inject failures by recipient, e.g. +15550001111=131026,"
        "+15550002222=sync:131049 (see docs/whatsapp.md)",
    )
    fake.add_argument(
        "--keep",
        type=int,
        default=20_000,
        help="requests listed in full at /_fake/messages; older ones are counted",
    )
    fake.set_defaults(handler=_run)


def config_from_args(args) -> FakeConfig:
    if args.webhook_url and not args.app_secret:
        raise CommandError("--webhook-url needs --app-secret to sign the webhooks")
    if args.webhook_concurrency < 1:
        raise CommandError(f"--webhook-concurrency {args.webhook_concurrency} must be at least 1")
    if not 0 <= args.port < 65536:
        raise CommandError(f"--port {args.port} is not a TCP port (0-65535)")
    try:
        failures = parse_fail_spec(args.fail)
    except SpecError as exc:
        raise CommandError(str(exc)) from None
    config = FakeConfig(
        token=args.token,
        phone_number_id=args.phone_number_id,
        latency_ms=args.latency_ms,
        rate=args.rate,
        pair_interval=args.pair_seconds,
        pair_burst=max(1, args.pair_burst),
        webhook_url=args.webhook_url,
        app_secret=args.app_secret,
        webhook_concurrency=args.webhook_concurrency,
        failures=failures,
        keep=max(1, args.keep),
        marketing_templates=frozenset(args.marketing),
        image_templates=frozenset(args.image_header),
    )
    if args.template:
        config.templates = dict(_template(value) for value in args.template)
    return config


def _template(value: str) -> tuple[str, int]:
    name, _, count = value.partition("=")
    if not name or not count.isdigit():
        raise CommandError(
            f"--template {value!r} is not NAME=PARAMETER_COUNT, e.g. daily_panchangam=8"
        )
    return name, int(count)


def _run(args) -> int:
    config = config_from_args(args)
    started = serve(config, "127.0.0.1", args.port)
    uvloop.run(run_until_cancelled(started, "fake WhatsApp Cloud API"))
    return 0
