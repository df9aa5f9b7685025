"""A worker of a group (``WORKER_GROUP``) also takes its group's own queue, ``group.<name>``,
where other groups hand it the batches owed on its numbers (``broadcast.groups``)."""

from __future__ import annotations

import structlog
from celery.signals import celeryd_after_setup

from lokpanchang.broadcast import groups

log = structlog.get_logger(__name__)


def take_group_queue(sender=None, instance=None, **_kwargs) -> None:
    if instance is None:
        return
    settings = instance.app.services.settings  # the worker's app (``tasks.app.create_celery``)
    if groups.applies(settings):
        queue = groups.queue_of(settings.worker_group)
        instance.app.amqp.queues.select_add(queue)
        log.info("worker.group", group=settings.worker_group, queue=queue, worker=sender)


def install() -> None:
    celeryd_after_setup.connect(take_group_queue, weak=False, dispatch_uid="lokpanchang.groups")
