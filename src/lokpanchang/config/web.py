"""The web process: where it listens, how gunicorn serves, what it trusts, and how operators'
logins are throttled."""

from __future__ import annotations

from typing import Literal

from pydantic import Field


class Web:
    """Gunicorn's workers and their limits, and the headers and tokens the site keeps."""

    # Web.
    web_host: str = "127.0.0.1"
    web_port: int = Field(5050, gt=0, lt=65536)
    # `lokpanchang web` serves through gunicorn: WEB_WORKERS processes of the WEB_WORKER_CLASS
    # (gevent: up to WEB_CONNECTIONS connections each; gthread: WEB_THREADS threads each).
    web_worker_class: Literal["gevent", "gthread"] = "gevent"
    web_workers: int = Field(2, gt=0, le=64)
    web_threads: int = Field(8, gt=0, le=1000)
    web_connections: int = Field(10000, gt=0, le=100000)
    # Seconds: a worker that stops answering the arbiter this long is restarted, and each
    # write of an answer waits at most this long. A request's headers (gevent) must arrive
    # within WEB_KEEPALIVE (also how long an idle kept-alive connection stays open), its
    # whole body within WEB_BODY_SECONDS after them (else 408); one client address has at
    # most WEB_UPLOADS_PER_CLIENT bodies arriving at once in a worker (else 429).
    web_timeout: int = Field(30, gt=0, le=3600)
    web_keepalive: int = Field(5, gt=0, le=300)
    web_body_seconds: int = Field(10, gt=0, le=3600)
    web_uploads_per_client: int = Field(16, gt=0, le=100000)
    # Strict-Transport-Security max-age in production (0 leaves the header out).
    hsts_seconds: int = Field(31536000, ge=0)
    # Bearer token Prometheus sends for /metrics; open without one only in development.
    metrics_token: str = ""
    enable_test_routes: bool = False
    # Reverse proxies in front of the web process whose X-Forwarded-* headers are believed;
    # 0 (the default) believes none, so a client cannot choose its own address.
    trusted_proxy_hops: int = Field(0, ge=0, le=5)
    session_lifetime: int = Field(8 * 3600, gt=0)


class AdminLogin:
    """How failed operator logins lock an account or a client out."""

    # Login throttling: this many failures within the window lock an account out for the
    # lockout from the client that failed (a client address, any account: the larger number;
    # an account from everywhere: the largest); the password is then not even checked.
    admin_login_max_failures: int = Field(5, gt=0)
    admin_login_max_address_failures: int = Field(20, gt=0)
    admin_login_max_account_failures: int = Field(50, gt=0)
    admin_login_window_seconds: int = Field(900, gt=0)
    admin_login_lockout_seconds: int = Field(900, gt=0)
