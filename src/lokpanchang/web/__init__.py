"""Flask app factory. Nothing happens at import time; each subject is a blueprint module."""

from __future__ import annotations

import importlib

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter

from lokpanchang.config import ConfigError, Settings, secret_weakness, signing_key

# Modules under lokpanchang.web, each with a Blueprint named ``bp``.
BLUEPRINT_MODULES = (
    "requestlog",
    "metrics",
    "admin",
    "public",
    "public_month",
    "public_ics",
    "public_card",
    "testroutes",
    "webhook",
    "telegram_webhook",
)
# Request bodies of forms and pages; /webhook allows its own (larger) limit. Checked against
# Content-Length before reading, and while reading a chunked body, so nothing bigger is buffered.
MAX_BODY_BYTES = 1024 * 1024
MAX_ROW_ID = 2**63 - 1  # the largest id PostgreSQL and SQLite store


class RowIdConverter(IntegerConverter):
    """``<int:...>`` in every route: a number a database id can be, or the route does not
    match (404) -- never an overflow in the query (500)."""

    def __init__(self, url_map, *args, **kwargs) -> None:
        super().__init__(url_map, min=0, max=MAX_ROW_ID)


def create_app(settings: Settings) -> Flask:
    """The web app for ``settings``, which its process read at its start (``lokpanchang web``
    hands them to gunicorn's workers, ``up`` to its threaded server)."""
    check_secrets(settings)
    app = Flask(__name__)
    app.config["SETTINGS"] = settings
    app.config["SECRET_KEY"] = signing_key(settings)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
    app.url_map.converters["int"] = RowIdConverter
    for name in BLUEPRINT_MODULES:
        app.register_blueprint(importlib.import_module(f"lokpanchang.web.{name}").bp)
    from lokpanchang.web.channels import channel_blueprints

    for blueprint in channel_blueprints():
        app.register_blueprint(blueprint)
    from lokpanchang.web import public_work
    from lokpanchang.web.bodies import UploadFront
    from lokpanchang.web.health import Probes
    from lokpanchang.web.security import CookieFirstSessions, add_security_headers

    app.session_interface = CookieFirstSessions()
    app.register_error_handler(public_work.Busy, public_work.busy_page)
    app.after_request(add_security_headers)
    # Outermost first: the proxies' client address, the probes (which read no body), every
    # body read whole within its deadline, then Flask.
    app.wsgi_app = UploadFront(app.wsgi_app, settings)  # type: ignore[method-assign]
    app.wsgi_app = Probes(app.wsgi_app, settings)  # type: ignore[method-assign]  # as ProxyFix
    if settings.trusted_proxy_hops:
        # The client's address as the proxies saw it: login throttling and request logs use it.
        hops = settings.trusted_proxy_hops
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]  # Flask's documented way
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops
        )
    return app


def check_secrets(settings: Settings) -> None:
    """Production signs sessions with a strong SECRET_KEY and guards /metrics with a strong
    METRICS_TOKEN (when one is set); a ConfigError says which and why, never the value."""
    if settings.environment != "production":
        return
    if not settings.secret_key:
        raise ConfigError(
            "SECRET_KEY must be set in production (e.g. SECRET_KEY_FILE=/run/secrets/key)"
        )
    for name, value in (
        ("SECRET_KEY", settings.secret_key),
        ("METRICS_TOKEN", settings.metrics_token),
    ):
        problem = secret_weakness(value) if value else ""
        if problem:
            raise ConfigError(
                f"{name} is too weak for production: {problem} "
                '(make one with: python -c "import secrets; print(secrets.token_urlsafe(48))")'
            )


def app_settings() -> Settings:
    """The settings of the app handling the current request."""
    from flask import current_app

    return current_app.config["SETTINGS"]
