"""The Celery app: JSON only, UTC, and broker settings chosen for long ETA tasks.

``celery -A lokpanchang.tasks worker`` finds ``app`` in the package. Task modules are
listed in ``TASK_MODULES`` and imported when the app is finalised.
"""

from __future__ import annotations

from celery import Celery
from kombu import Queue

from lokpanchang.config import Settings, get_settings
from lokpanchang.tasks.beat import BEAT_SCHEDULE

TASK_MODULES: tuple[str, ...] = ("lokpanchang.tasks.ops",)


def create_celery(settings: Settings | None = None) -> Celery:
    settings = settings or get_settings()
    app = Celery("lokpanchang", broker=settings.effective_broker_url,
                 backend=settings.effective_result_backend, include=list(TASK_MODULES))
    app.conf.update(celery_config(settings))
    return app


def celery_config(settings: Settings) -> dict:
    return {
        "task_serializer": "json",
        "result_serializer": "json",
        "accept_content": ["json"],
        "timezone": "UTC",
        "enable_utc": True,
        "result_expires": 86400,
        "task_default_queue": "default",
        "task_queues": (Queue("default"), Queue("priority")),
        "beat_schedule": BEAT_SCHEDULE,
        # Redelivery after a worker dies waits for the visibility timeout; it must exceed the
        # longest ETA we set (the planner's look-ahead), and no more, so recovery stays quick.
        "broker_transport_options": {"visibility_timeout": settings.visibility_timeout},
        "broker_connection_retry_on_startup": True,
    }
