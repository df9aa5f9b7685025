"""Flask app factory. Nothing happens at import time; each subject is a blueprint module."""

from __future__ import annotations

import importlib

from flask import Flask

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
    return app


def _development_secret(settings: Settings) -> str:
    if settings.environment == "production":
        raise ConfigError("SECRET_KEY must be set in production (e.g. SECRET_KEY_FILE=/run/secrets/key)")
    return "development-only-secret-key"


def app_settings() -> Settings:
    """The settings of the app handling the current request."""
    from flask import current_app

    return current_app.config["SETTINGS"]
