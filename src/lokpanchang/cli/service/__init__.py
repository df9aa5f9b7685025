"""`lokpanchang worker | beat | web | up`: the processes of the service.

``processes``: worker, beat and web, one process each. ``up`` runs web, worker and beat as
child processes on the embedded defaults (SQLite, Celery over kombu's SQL transport, database
locks, the outbox channel) after migrating the database; its ``supervisor`` restarts a child
that dies, and stops them all on Ctrl-C or SIGTERM. ``up --fake-whatsapp`` also runs the fake
Cloud API as a child and points the others at it (a demo of the real channel, webhooks
included, with nothing leaving the machine); ``up --fake-telegram`` does the same with the
fake Telegram Bot API.

Every one of these processes logs masked JSON lines to stderr and to the day's file under
the log directory (``lokpanchang.logs``); ``backup_logs_task`` archives those files.
"""

from __future__ import annotations

from lokpanchang.cli.service import processes, up
from lokpanchang.cli.service.processes import start_logging
from lokpanchang.cli.service.up import loopback_host, read_run

__all__ = ["loopback_host", "read_run", "register", "start_logging"]


def register(subparsers) -> None:
    processes.register(subparsers)  # worker, beat, web
    up.register(subparsers)
