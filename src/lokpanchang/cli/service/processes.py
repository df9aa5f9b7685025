"""`lokpanchang worker | beat | web`: the service's processes, one command each.

Each logs masked JSON lines to stderr and to the day's file under the log directory
(``lokpanchang.logs``), and creates the embedded broker's tables before it uses them.
"""

from __future__ import annotations

import argparse

from lokpanchang.cli import CommandError, summary
from lokpanchang.config import Settings


def register(subparsers) -> None:
    worker = subparsers.add_parser("worker", help=summary("worker"))
    worker.add_argument("--concurrency", type=int, default=2, help="processes (default 2)")
    worker.add_argument(
        "--queues",
        default="",
        help="comma-separated queues to consume (default all: default,priority,statuses); "
        "e.g. a small worker with --queues priority answers people during a broadcast",
    )
    worker.set_defaults(handler=_worker)
    subparsers.add_parser("beat", help=summary("beat")).set_defaults(handler=_beat)
    web = subparsers.add_parser("web", help=summary("web"))
    web.add_argument(
        "--port", type=tcp_port, default=None, help="TCP port (default WEB_PORT, 5050)"
    )
    web.add_argument(
        "--simple",
        action="store_true",
        help="werkzeug's threaded server instead of gunicorn (what `up` runs on loopback)",
    )
    web.set_defaults(handler=_web)


def tcp_port(text: str) -> int:
    """An argparse type: a TCP port (1-65535), or an error naming ``text``."""
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a TCP port (1-65535)")
    return int(text)


def start_logging(settings: Settings, celery: bool = False) -> None:
    """Switch this process's logs to masked JSON lines (stderr and the day's file).

    With ``celery``, also connect Celery's ``setup_logging`` signal first, so Celery keeps
    our handlers instead of installing its own (``lokpanchang.tasks.ops`` connects it).
    """
    from lokpanchang import logs

    if celery:
        import lokpanchang.tasks.ops  # noqa: F401 -- connects the logging signals
    logs.configure_logging(settings)
    logs.route_stdlib_logging(settings)


def _prepare_broker(settings: Settings) -> None:
    from lokpanchang.tasks.app import prepare_broker  # celery loads only for these commands

    prepare_broker(settings)


def _worker(args) -> int:
    from lokpanchang.tasks import app
    from lokpanchang.tasks.app import TASK_QUEUES

    if args.concurrency < 1:
        raise CommandError(f"--concurrency {args.concurrency} must be at least 1")
    queues = _queues(args.queues, [queue.name for queue in TASK_QUEUES])
    settings = app.services.settings  # the worker's, read as the Celery app started
    start_logging(settings, celery=True)
    _prepare_broker(settings)
    app.worker_main(
        [
            "--quiet",  # no banner: what it said is in `lokpanchang status` and the config
            "worker",
            "-Q",
            ",".join(queues),
            "-c",
            str(args.concurrency),
            "--loglevel",
            settings.log_level,
        ]
    )
    return 0


def _queues(text: str, known: list[str]) -> list[str]:
    """The queues named in ``text`` (all when empty); an unknown or empty name is an error."""
    if not text.strip():
        return known
    names = [name.strip() for name in text.split(",")]
    for name in names:
        if name not in known:
            raise CommandError(f"--queues: {name!r} is not a queue (known: {', '.join(known)})")
    return names


def _beat(args) -> int:
    from lokpanchang.tasks import app

    settings = app.services.settings  # beat's, read as the Celery app started
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    start_logging(settings, celery=True)
    _prepare_broker(settings)
    app.start(["--quiet", "beat", "--loglevel", settings.log_level])
    return 0


def _web(args) -> int:
    """gunicorn (``lokpanchang.web.server``), or with ``--simple`` werkzeug's threaded server,
    which ``up`` runs on loopback."""
    from lokpanchang.web import check_secrets

    settings = args.services().settings
    check_secrets(settings)  # refuses bad settings before a worker starts
    start_logging(settings)
    port = args.port or settings.web_port
    if args.simple:
        _serve_simple(settings, port)
    else:
        from lokpanchang.web.server import serve

        serve(settings, port)
    return 0


def _serve_simple(settings, port: int) -> None:
    from werkzeug.serving import WSGIRequestHandler, run_simple

    from lokpanchang.web import create_app

    class QuietHandler(WSGIRequestHandler):
        def version_string(self) -> str:
            return "lokpanchang"  # the Server header names no versions

    app = create_app(settings)
    _prepare_broker(settings)
    run_simple(
        settings.web_host,
        port,
        app,
        threaded=True,
        use_reloader=False,
        request_handler=QuietHandler,
    )
