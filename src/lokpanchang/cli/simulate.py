"""`lokpanchang simulate WORDS --phone P [--lat L --lon L]`: be a WhatsApp user for a minute.

Posts to the local web's ``/webhook`` what WhatsApp would: the text (``start``, ``stop``,
``help``, anything), then a shared location when ``--lat``/``--lon`` are given, as two
messages of one body (so no two workers can take them out of order), signed with the app
secret (``X-Hub-Signature-256``). The web, the worker and the conversation then
do what they do for a real user: the replies and today's panchangam go to the outbox (or to
the fake Cloud API under ``up --fake-whatsapp``).

The address and the secret come from the running ``up`` (``DATA_DIR/up.json``), else from
``WEB_HOST``/``WEB_PORT`` and ``WHATSAPP_APP_SECRET``; ``--url`` and ``--app-secret`` override.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from lokpanchang import clock
from lokpanchang.cli import CommandError, summary
from lokpanchang.cli.places import checked_coordinates
from lokpanchang.cli.service import loopback_host, read_run
from lokpanchang.config import Settings
from lokpanchang.fakes.inbound import (
    location_message,
    messages_body,
    signature_header,
    text_message,
)
from lokpanchang.subscribers.validation import normalise_phone

TIMEOUT_S = 10.0


def register(subparsers) -> None:
    simulate = subparsers.add_parser(
        "simulate",
        help=summary("simulate"),
        description="Post to the local /webhook what WhatsApp would when a user writes WORDS "
        "(and shares a location with --lat/--lon). Example: "
        "lokpanchang simulate start --phone +919812345678 --lat 28.61 --lon 77.21",
    )
    simulate.add_argument("words", nargs="+", metavar="WORDS", help="the text: start, stop, help…")
    simulate.add_argument("--phone", required=True, help="the user's number, e.g. +919812345678")
    simulate.add_argument("--lat", help="then share this location: latitude in degrees")
    simulate.add_argument("--lon", help="and longitude in degrees")
    simulate.add_argument("--name", default="Simulated user", help="the WhatsApp profile name")
    simulate.add_argument("--url", help="the web's address (default: the running up's)")
    simulate.add_argument("--app-secret", help="signs the bodies (default: the running up's)")
    simulate.set_defaults(handler=_simulate)


def _simulate(args) -> int:
    settings = args.services().settings
    what, body = _body(args)
    url, secret = _target(args, settings)
    status = post_signed(url, body, secret)
    print(f"posted {what} from {args.phone} to {url}: HTTP {status}")
    if status != 200:
        raise CommandError(_refused(status))
    print(f"replies go to {_where_replies_go(settings)}")
    return 0


def _body(args) -> tuple[str, dict]:
    """(what it says, the webhook body): the text, then the location if one is shared."""
    try:
        wa_id = normalise_phone(args.phone, None).lstrip("+")
    except ValueError as exc:
        raise CommandError(f"--phone: {exc}") from None
    text = " ".join(args.words)
    said, messages = [repr(text)], [text_message(text)]
    if (args.lat is None) != (args.lon is None):
        raise CommandError("give --lat and --lon together (the location to share)")
    if args.lat is not None:
        latitude, longitude = checked_coordinates(args.lat, args.lon)
        said.append(f"a location {latitude}, {longitude}")
        messages.append(location_message(latitude, longitude))
    return " then ".join(said), messages_body(wa_id, args.name, clock.now(), messages)


def _target(args, settings: Settings) -> tuple[str, str]:
    """The webhook's address and the app secret to sign with."""
    run = read_run(settings.data_dir)
    base = args.url or run.get("web") or f"http://{loopback_host(settings)}:{settings.web_port}/"
    secret = args.app_secret or settings.whatsapp_app_secret or run.get("app_secret", "")
    if not secret:
        raise CommandError(
            "no app secret to sign with: start `lokpanchang up` (it makes one for its run), "
            "or set WHATSAPP_APP_SECRET, or pass --app-secret"
        )
    return base.rstrip("/") + "/webhook", secret


def post_signed(url: str, body: dict, secret: str) -> int:
    """POST ``body`` as JSON with its signature; the HTTP status (CommandError if no answer)."""
    raw = json.dumps(body).encode()
    request = urllib.request.Request(
        url,
        data=raw,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "X-Hub-Signature-256": signature_header(raw, secret),
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except OSError as exc:
        raise CommandError(
            f"nothing answers at {url} ({exc}); is `lokpanchang up` running?"
        ) from None


def _refused(status: int) -> str:
    if status == 403:
        return "the web refused the signature: the app secret differs from the web's"
    return f"the web answered HTTP {status}; see its log"


def _where_replies_go(settings: Settings) -> str:
    fake = read_run(settings.data_dir).get("fake_whatsapp")
    if fake:
        return f"the fake Cloud API: {fake}/_fake/messages"
    return f"the outbox: {settings.data_dir / 'outbox.jsonl'}"
