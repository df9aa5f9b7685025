"""The web process's hand-off to the workers: tasks sent by name to the configured broker.

The web process needs no task code: a Celery app built from this Flask app's settings
publishes to the broker those settings name. Tests put their own object with a
``send_task`` method in ``app.extensions["celery"]``.
"""

from __future__ import annotations

from flask import current_app
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

from lokpanchang.web import app_settings

# What publishing raises when the broker cannot be reached: nothing was queued.
QUEUE_ERRORS = (KombuError, RedisError, OSError)


def celery_app():
    """The Celery app of the current Flask app, made on first use."""
    celery = current_app.extensions.get("celery")
    if celery is None:
        from lokpanchang.tasks.app import create_celery

        settings = app_settings()
        if settings.is_embedded:
            settings.data_dir.mkdir(parents=True, exist_ok=True)  # the broker's SQLite file
        celery = current_app.extensions["celery"] = create_celery(settings)
    return celery


def send_task(name: str, args: list, **options) -> None:
    """Publish task ``name`` with ``args``; raises one of QUEUE_ERRORS when the broker is down."""
    celery_app().send_task(name, args=args, **options)
