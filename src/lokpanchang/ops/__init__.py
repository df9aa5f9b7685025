"""Operations, one subject per package: plain functions taking settings, a database URL and
``now``; the Celery tasks in ``lokpanchang.tasks.ops`` are thin wrappers over them.

- ``beat``: the beat table (``schedule``), its entries described (``entries``), their
  freshness (``freshness``) and the signals that record each run (``monitor``);
- ``health``: probes of the database, Redis, queues and workers (``probes``), the
  ``system_health_log`` samples (``samples``) and ``lokpanchang status`` (``status``);
- ``daily_metrics``: the ``daily_metrics`` table of delivery counts per local date and zone;
- ``prometheus``: what ``GET /metrics`` exposes (read from the database at each scrape);
- ``reports``: the weekly HTML report and its SVG charts;
- ``log_archives``: the daily log archives and their upload to S3;
- ``jobs``: operator-defined scheduled jobs (``lifecycle``: create, claim, finish;
  ``runner``: what each kind does).
"""
