"""Celery tasks. ``celery -A lokpanchang.tasks`` uses ``app``.

Importing this package starts a Celery process's life: the settings are read here, once, and
the app's ``services`` are built from them (``tasks.app.create_celery``).
"""

from lokpanchang.config import get_settings
from lokpanchang.tasks.app import create_celery

app = create_celery(get_settings())

__all__ = ["app"]
