"""Operations: health, metrics, reports, log archives, operator-defined jobs, beat monitoring.

Plain functions taking settings, a database URL and ``now``; the Celery tasks in
``lokpanchang.tasks.ops`` are thin wrappers over them.
"""
