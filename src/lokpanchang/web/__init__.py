"""Flask app factory. Nothing happens at import time; each subject is a blueprint module."""

from __future__ import annotations

import importlib

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from lokpanchang.config import ConfigError, Settings, get_settings

# Modules under lokpanchang.web, each with a Blueprint named ``bp``.
BLUEPRINT_MODULES = ("health", "requestlog", "metrics", "admin", "public", "testroutes", "webhook")


def create_app(settings: Settings | None = None) -> Flask:
    settings = settings or get_settings()
    app = Flask(__name__)
    app.config["SETTINGS"] = settings
    app.config["SECRET_KEY"] = settings.secret_key or _development_secret(settings)
    for name in BLUEPRINT_MODULES:
        app.register_blueprint(importlib.import_module(f"lokpanchang.web.{name}").bp)
    if settings.trusted_proxy_hops:
        # The client's address as the proxies saw it: login throttling and request logs use it.
        hops = settings.trusted_proxy_hops
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]  # Flask's documented way
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops
        )
    return app


def _development_secret(settings: Settings) -> str:
    if settings.environment == "production":
        raise ConfigError(
            "SECRET_KEY must be set in production (e.g. SECRET_KEY_FILE=/run/secrets/key)"
        )
    return "development-only-secret-key"


def app_settings() -> Settings:
    """The settings of the app handling the current request."""
    from flask import current_app

    return current_app.config["SETTINGS"]
