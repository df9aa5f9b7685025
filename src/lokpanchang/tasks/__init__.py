"""Celery tasks. ``celery -A lokpanchang.tasks`` uses ``app``."""

from lokpanchang.tasks.app import create_celery

app = create_celery()

__all__ = ["app"]
