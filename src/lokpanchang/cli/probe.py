"""`lokpanchang probe web|worker|beat|flower`: is this machine's process of that kind alive?

For container and unit health checks: exit status 0 and ``ok`` when it is, 1 and what is
wrong when it is not. ``web`` and ``flower`` ask the local port (``/livez``, Flower's
``/healthcheck``); ``worker`` looks for this host's worker heartbeat in the database
(``celery@<hostname>``), ``beat`` for beat's (whichever host runs it).
"""

from __future__ import annotations

import base64
import socket
import sys
import urllib.error
import urllib.request

from lokpanchang import clock
from lokpanchang.cli import summary
from lokpanchang.config import Settings
from lokpanchang.storage import heartbeats
from lokpanchang.storage.db import transaction

TIMEOUT_SECONDS = 5


def register(subparsers) -> None:
    probe = subparsers.add_parser("probe", help=summary("probe"))
    probe.add_argument("kind", choices=("web", "worker", "beat", "flower"))
    probe.set_defaults(handler=_probe)


def _probe(args) -> int:
    settings = args.services().settings
    problem = PROBES[args.kind](settings)
    print(problem or "ok", file=sys.stderr if problem else sys.stdout)
    return 1 if problem else 0


def web_problem(settings: Settings) -> str:
    return _http_problem(f"http://127.0.0.1:{settings.web_port}/livez", {})


def flower_problem(settings: Settings) -> str:
    headers = {}
    if settings.flower_basic_auth:
        pair = settings.flower_basic_auth.split(",")[0].encode()
        headers["Authorization"] = "Basic " + base64.b64encode(pair).decode()
    return _http_problem(f"http://127.0.0.1:{settings.flower_port}/healthcheck", headers)


def worker_problem(settings: Settings) -> str:
    key = f"{heartbeats.HEARTBEAT_WORKER_PREFIX}celery@{socket.gethostname()}"
    return _heartbeat_problem(settings, key, "no live worker heartbeat for this host")


def beat_problem(settings: Settings) -> str:
    return _heartbeat_problem(settings, heartbeats.HEARTBEAT_BEAT_KEY, "no live beat heartbeat")


def _heartbeat_problem(settings: Settings, key: str, missing: str) -> str:
    try:
        with transaction(settings.effective_database_url) as session:
            alive = key in heartbeats.live_heartbeats(session, key, clock.now())
    except Exception as exc:  # noqa: BLE001 -- a probe reports, it does not raise
        return f"database: {type(exc).__name__}"
    return "" if alive else missing


def _http_problem(url: str, headers: dict[str, str]) -> str:
    try:
        request = urllib.request.Request(url, headers=headers)
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            return "" if response.status == 200 else f"{url} answered {response.status}"
    except urllib.error.HTTPError as error:
        return f"{url} answered {error.code}"
    except OSError as exc:
        return f"{url}: {exc}"


PROBES = {
    "web": web_problem,
    "worker": worker_problem,
    "beat": beat_problem,
    "flower": flower_problem,
}
