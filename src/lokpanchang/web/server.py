"""``lokpanchang web``: the Flask app served by gunicorn, sized and timed by settings.

Why gunicorn with gevent workers (``WEB_WORKER_CLASS=gevent``, the default): each connection is
a greenlet, so clients that stall (slow-loris, stalled uploads) hold a few kilobytes each, not
a thread; gunicorn's gevent worker gives a request ``WEB_KEEPALIVE`` seconds to send its
headers, and the app's front (``web.bodies``) reads its whole body within
``WEB_BODY_SECONDS`` before Flask sees it (408 otherwise, 429 past a client's budget of
bodies arriving at once). ``gthread`` is there for a deployment behind a buffering proxy:
its threads wait on slow headers. Measured side by side with the werkzeug server ``web`` used before:
bench/web/run.py and bench/BENCHMARKS.md.

The app is built in each worker (after gevent has patched the standard library), never in
the arbiter. gunicorn's own log lines, access lines included, go through the same masked
JSON lines as everything else (``lokpanchang.logs``).
"""

from __future__ import annotations

import resource
import warnings
from datetime import timedelta

import structlog
from gunicorn.app.base import BaseApplication
from gunicorn.glogging import Logger

from lokpanchang import logs
from lokpanchang.config import Settings

ACCESS_LOGGER = "gunicorn.access"  # the ``logger`` of an access line, as gunicorn names it


def gunicorn_options(settings: Settings, port: int) -> dict:
    """gunicorn's settings for this service, from ours."""
    return {
        "bind": f"{settings.web_host}:{port}",
        "worker_class": settings.web_worker_class,
        "workers": settings.web_workers,
        "threads": settings.web_threads,
        "worker_connections": settings.web_connections,
        "timeout": settings.web_timeout,
        "graceful_timeout": settings.web_timeout,
        "keepalive": settings.web_keepalive,
        "accesslog": "-",
        "logger_class": MaskedLogger,
        "loglevel": settings.log_level.lower(),
        # X-Forwarded-* are believed by the app alone (TRUSTED_PROXY_HOPS, ProxyFix).
        "forwarded_allow_ips": "",
        "secure_scheme_headers": {},
        "control_socket_disable": True,
    }


class WebServer(BaseApplication):
    """gunicorn's arbiter and workers for ``create_app(settings)``."""

    def __init__(self, settings: Settings, port: int) -> None:
        self.settings, self.port = settings, port
        super().__init__()

    def load_config(self) -> None:
        for name, value in gunicorn_options(self.settings, self.port).items():
            self.cfg.set(name, value)

    def load(self):
        from lokpanchang.tasks.app import prepare_broker
        from lokpanchang.web import create_app, public_work

        prepare_broker(self.settings)
        public_work.WORK.configure(self.settings.public_helpers, self.settings.public_per_client)
        return create_app(self.settings)


class MaskedLogger(Logger):
    """gunicorn's error log handed to the root logger (our masked JSON lines), and its access
    lines written as our own events: ``127.0.0.1 "GET /livez HTTP/1.1" 200 15 0ms "curl/8"``
    (address, request line, status, bytes sent, milliseconds, user agent). Straight to
    structlog, not through a stdlib record and gunicorn's dict of every header and environ
    value, which cost more than the health check they described (bench/web)."""

    def setup(self, cfg) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for handler in list(log.handlers):
                log.removeHandler(handler)
            log.propagate = True

    def access(self, resp, req, environ, request_time) -> None:
        if not self.access_log_enabled:
            return
        line = access_line(resp, environ, request_time)
        if logs.request_line_shown(line):
            structlog.get_logger().info(line, logger=ACCESS_LOGGER)


def access_line(resp, environ: dict, request_time: timedelta) -> str:
    """gunicorn's ``%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"``, quotes in values escaped."""
    status = str(resp.status).split(None, 1)[0]
    sent = "-" if getattr(resp, "sent", None) is None else str(resp.sent)
    request = f"{environ['REQUEST_METHOD']} {environ['RAW_URI']} {environ['SERVER_PROTOCOL']}"
    agent = environ.get("HTTP_USER_AGENT", "-")
    milliseconds = request_time // timedelta(milliseconds=1)
    return (
        f'{_escaped(environ.get("REMOTE_ADDR", "-"))} "{_escaped(request)}" {status} {sent} '
        f'{milliseconds}ms "{_escaped(agent)}"'
    )


def _escaped(value: str) -> str:
    return value.replace('"', '\\"')


def serve(settings: Settings, port: int) -> None:
    """Run gunicorn in this process until it is stopped (SIGTERM: graceful)."""
    if settings.web_worker_class == "gevent":
        _quiet_ssl_patch_warning()
    raise_open_file_limit(settings.web_connections + FILES_BESIDES_CONNECTIONS)
    WebServer(settings, port).run()


FILES_BESIDES_CONNECTIONS = 256  # listeners, log files, database and broker connections


def raise_open_file_limit(wanted: int) -> int:
    """Each connection is an open file: the soft limit raised towards ``wanted`` (as far as
    the hard limit allows; the workers inherit it). The limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return soft
    new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
    if new < wanted:
        structlog.get_logger().warning(
            "web.open_file_limit",
            limit=new,
            wanted=wanted,
            hint="raise the hard limit (LimitNOFILE=, ulimits: nofile) or lower WEB_CONNECTIONS",
        )
    return new


def _quiet_ssl_patch_warning() -> None:
    """The arbiter has imported ``ssl`` (gunicorn and the broker client do) before a gevent
    worker patches it, and gevent warns. Nothing here made an SSL context before the fork;
    connections are made in the worker, after patching, so the warning says nothing to us."""
    from gevent.monkey import MonkeyPatchWarning

    warnings.filterwarnings(
        "ignore", message="Monkey-patching ssl after ssl", category=MonkeyPatchWarning
    )
