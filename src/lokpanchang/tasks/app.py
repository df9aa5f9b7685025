"""The Celery app: JSON only, UTC, and broker settings chosen for ETA tasks.

``celery -A lokpanchang.tasks worker`` finds ``app`` in the package. Task modules are
listed in ``TASK_MODULES`` and imported when the app is finalised.

Why these settings (measured failure modes of the seed's design, issue 4):
- ``task_acks_late`` + ``task_reject_on_worker_lost``: a task is acknowledged after it ran,
  so a worker killed mid-batch gives its batch back instead of losing it (the ledger keeps the
  redelivery from doubling anyone).
- ``worker_prefetch_multiplier=1``: a busy worker does not hoard ready batches.
- ``worker_eta_task_limit``: ETA tasks ignore the prefetch limit and are held in memory;
  this bounds how many one worker holds.
- ``visibility_timeout`` (Redis): a task held unacknowledged longer than this is delivered
  again. It must exceed the longest ETA we set (the planner's look-ahead), and no more, so
  the ETA tasks of a killed worker come back quickly. The planner's recovery re-enqueues a
  stalled run long before that anyway.
"""

from __future__ import annotations

from celery import Celery
from kombu import Queue

from lokpanchang.config import Settings
from lokpanchang.ops.beat.schedule import beat_schedule
from lokpanchang.services import Services
from lokpanchang.tasks import embedded_transport
from lokpanchang.tasks.broker import prepare_sql_broker, sql_transport_options

TASK_MODULES: tuple[str, ...] = (
    "lokpanchang.tasks.ops",
    "lokpanchang.tasks.scheduling",
    "lokpanchang.tasks.heartbeat",
    "lokpanchang.tasks.webhooks",
    "lokpanchang.tasks.statuses",
    "lokpanchang.tasks.cards",
    "lokpanchang.tasks.erasure",
)

# ``priority``: the conversation (a person waits); ``statuses``: status webhooks, applied in
# bulk (tasks.statuses), so a broadcast's statuses never hold up a conversation; ``cards``:
# cards rendered ahead in small chunks (tasks.cards), so a send's batches never wait behind one.
TASK_QUEUES = (Queue("default"), Queue("priority"), Queue("statuses"), Queue("cards"))
ETA_TASKS_PER_WORKER = 1000
BEAT_TICK_SECONDS = 5  # beat wakes at least this often (its heartbeat for /healthz)


def prepare_broker(settings: Settings) -> None:
    """Create the embedded broker's tables and our queues before a process uses them; every
    process that sends or consumes tasks (worker, beat, web) calls it first. Idempotent."""
    prepare_sql_broker(settings, TASK_QUEUES)


class ServicedCelery(Celery):
    """A Celery app that carries the process's ``Services``: its tasks take them from the
    app they are bound to (``services_of``)."""

    services: Services


def services_of(task) -> Services:
    """The services of the Celery app ``task`` is bound to."""
    return task.app.services


def create_celery(settings: Settings) -> ServicedCelery:
    """The Celery app for ``settings``, with the services built from them once."""
    embedded_transport.install()
    app = ServicedCelery(
        "lokpanchang",
        broker=settings.effective_broker_url,
        backend=settings.effective_result_backend,
        include=list(TASK_MODULES),
    )
    app.conf.update(celery_config(settings))
    app.services = Services(settings)
    from lokpanchang.tasks import groups
    from lokpanchang.tasks.heartbeat import install

    install(app)
    groups.install()
    return app


def broker_transport_options(settings: Settings) -> dict:
    """Redis: sweep for expired unacknowledged messages often enough to matter.

    kombu sweeps every ``unacked_restore_interval`` x ``unacked_restore_throttle`` seconds
    (10 x 10 by default), which would add up to 100 s to every visibility timeout.
    kombu's SQL transport hands its options to ``create_engine``: only engine arguments there.
    """
    if not settings.effective_broker_url.startswith(("redis://", "rediss://")):
        return sql_transport_options(settings)
    return {
        "visibility_timeout": settings.effective_visibility_timeout,
        "unacked_restore_interval": min(10, max(1, settings.effective_visibility_timeout // 4)),
        "unacked_restore_throttle": 1,
    }


def celery_config(settings: Settings) -> dict:
    return {
        "task_serializer": "json",
        "result_serializer": "json",
        "accept_content": ["json"],
        "timezone": "UTC",
        "enable_utc": True,
        "result_expires": 6 * 3600,
        "task_default_queue": "default",
        "task_queues": TASK_QUEUES,
        "beat_schedule": beat_schedule(settings),
        "beat_max_loop_interval": BEAT_TICK_SECONDS,
        "beat_scheduler": "lokpanchang.tasks.heartbeat:HeartbeatScheduler",
        "beat_schedule_filename": str(settings.data_dir / "celerybeat-schedule"),
        "task_acks_late": True,
        "task_reject_on_worker_lost": True,
        "worker_prefetch_multiplier": 1,
        "worker_eta_task_limit": ETA_TASKS_PER_WORKER,
        "worker_hijack_root_logger": False,
        # Events, so Flower shows workers and their tasks (on the embedded broker too: its
        # transport keeps exchange bindings where every process sees them).
        "worker_send_task_events": True,
        "task_send_sent_event": True,
        "broker_transport_options": broker_transport_options(settings),
        "broker_connection_retry_on_startup": True,
        "broker_connection_max_retries": None,  # keep trying while the broker restarts
    }
