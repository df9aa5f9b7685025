"""Operations tasks: thin wrappers over ``lokpanchang.ops``; JSON in and out, ids only.

Transient failures (database, Redis, SMTP, S3 unreachable) are retried with exponential
back-off: ``default_retry_delay * 2**retries`` seconds, up to ``max_retries``.
"""

from __future__ import annotations

import smtplib
import socket
from datetime import datetime

import structlog
from celery.signals import setup_logging, worker_init, worker_process_init

from lokpanchang import clock, logs
from lokpanchang.ops.beat import monitor as beatmonitor
from lokpanchang.ops.daily_metrics import counts as metrics
from lokpanchang.ops.health import samples
from lokpanchang.ops.jobs import lifecycle as jobs
from lokpanchang.ops.jobs import runner as jobrunner
from lokpanchang.ops.log_archives import backup as logbackup
from lokpanchang.ops.log_archives import s3 as s3upload
from lokpanchang.ops.reports import weekly as reports
from lokpanchang.storage.db import UNREACHABLE
from lokpanchang.tasks import app, collector
from lokpanchang.tasks.app import services_of

TRANSIENT: tuple[type[BaseException], ...] = (
    *UNREACHABLE,
    ConnectionError,
    TimeoutError,
    socket.timeout,
    smtplib.SMTPException,
)
try:  # S3 errors are transient too; botocore is only needed where uploads run
    from botocore.exceptions import BotoCoreError, ClientError

    TRANSIENT += (BotoCoreError, ClientError, s3upload.UploadVerificationError)
except ImportError:  # pragma: no cover - boto3 is a dependency
    pass

logs.connect_celery_signals()
beatmonitor.connect_celery_signals()
collector.connect_celery_signals()


def _configure_worker_logging(**_kwargs) -> None:
    logs.configure_logging(app.services.settings)


def _configure_child_logging(**_kwargs) -> None:
    # A prefork child inherits the parent's handlers; configuring both again makes sure its
    # structlog and stdlib records reach the day's file whatever the start method.
    settings = app.services.settings
    logs.configure_logging(settings)
    logs.route_stdlib_logging(settings)


def _configure_celery_logging(loglevel=None, **_kwargs) -> None:
    # Connected, this replaces Celery's own logging set-up: its records become our JSON lines.
    settings = app.services.settings
    logs.configure_logging(settings)
    logs.route_stdlib_logging(settings, level=loglevel)


setup_logging.connect(_configure_celery_logging, weak=False, dispatch_uid="lokpanchang.ops.setup")
# worker_init covers the solo and thread pools; worker_process_init each prefork child.
worker_init.connect(_configure_worker_logging, weak=False, dispatch_uid="lokpanchang.ops.log")
worker_process_init.connect(
    _configure_child_logging, weak=False, dispatch_uid="lokpanchang.ops.log_child"
)


def _retry(task, exc: BaseException):
    """Raise Celery's retry with exponential back-off for transient errors."""
    countdown = task.default_retry_delay * (2**task.request.retries)
    return task.retry(exc=exc, countdown=countdown)


def _now() -> datetime:
    return clock.now()


@app.task(
    name="tasks.collect_system_health_metrics", bind=True, max_retries=2, default_retry_delay=15
)
def collect_system_health_metrics(self) -> dict:
    try:
        stored = samples.record_health(services_of(self).settings, _now(), app=self.app)
    except TRANSIENT as exc:
        raise _retry(self, exc) from exc
    return {
        "id": stored["id"],
        "database_ok": stored["database_ok"],
        "workers_alive": stored["workers_alive"],
    }


@app.task(name="tasks.update_daily_metrics_task", bind=True, max_retries=3, default_retry_delay=60)
def update_daily_metrics_task(self, days: list[str] | None = None) -> dict:
    from datetime import date

    wanted = [date.fromisoformat(day) for day in days] if days else None
    try:
        written = metrics.update_daily_metrics(services_of(self).database_url, _now(), wanted)
    except TRANSIENT as exc:
        raise _retry(self, exc) from exc
    return {"rows": written}


@app.task(name="tasks.cleanup_old_metrics", bind=True, max_retries=3, default_retry_delay=300)
def cleanup_old_metrics(self) -> dict:
    settings = services_of(self).settings
    try:
        return metrics.cleanup_old_metrics(
            settings.effective_database_url, _now(), settings.metrics_retention_days
        )
    except TRANSIENT as exc:
        raise _retry(self, exc) from exc


@app.task(name="tasks.generate_weekly_report", bind=True, max_retries=3, default_retry_delay=300)
def generate_weekly_report(self) -> dict:
    settings = services_of(self).settings
    try:
        path = reports.generate_weekly_report(settings, _now())
    except TRANSIENT as exc:
        raise _retry(self, exc) from exc
    if reports.email_configured(settings):
        # A separate task: an SMTP outage retries the mail, not the report.
        email_weekly_report.delay(str(path))
    return {"report": str(path), "email": reports.email_configured(settings)}


@app.task(name="tasks.email_weekly_report", bind=True, max_retries=5, default_retry_delay=120)
def email_weekly_report(self, path: str) -> dict:
    from pathlib import Path

    try:
        reports.email_report(services_of(self).settings, Path(path))
    except reports.ReportMailRefused as exc:  # a setting to fix, not an outage to wait out
        structlog.get_logger(__name__).error("report.mail_refused", path=path, reason=str(exc))
        return {"mailed": None, "refused": str(exc)}
    except TRANSIENT + (OSError,) as exc:
        raise _retry(self, exc) from exc
    return {"mailed": path}


@app.task(name="tasks.backup_logs_task", bind=True, max_retries=3, default_retry_delay=120)
def backup_logs_task(self) -> dict:
    try:
        return logbackup.backup_previous_day(services_of(self).settings, _now())
    except OSError as exc:
        raise _retry(self, exc) from exc


@app.task(name="tasks.upload_logs_to_s3_task", bind=True, max_retries=4, default_retry_delay=300)
def upload_logs_to_s3_task(self) -> dict:
    try:
        return s3upload.upload_archives(services_of(self).settings, _now())
    except TRANSIENT as exc:
        raise _retry(self, exc) from exc


@app.task(name="tasks.dispatch_scheduled_jobs", bind=True, max_retries=2, default_retry_delay=10)
def dispatch_scheduled_jobs(self) -> dict:
    url, worker = services_of(self).database_url, f"dispatcher:{self.request.id}"

    def start(job_id: int, due_at: datetime) -> None:
        run_scheduled_job.apply_async(args=(job_id, due_at.isoformat(), worker))

    try:
        return {"dispatched": jobs.dispatch_due_jobs(url, _now(), worker, start)}
    except TRANSIENT as exc:
        raise _retry(self, exc) from exc


@app.task(name="tasks.run_scheduled_job", bind=True, max_retries=3, default_retry_delay=30)
def run_scheduled_job(self, job_id: int, due_at: str, claimed_by: str) -> dict:
    settings = services_of(self).settings
    try:
        due = datetime.fromisoformat(due_at)
        outcome, detail = jobrunner.execute_job(settings, job_id, _now(), due)
        jobs.finish(
            settings.effective_database_url, job_id, due, claimed_by, _now(), outcome, detail
        )
    except TRANSIENT as exc:
        raise _retry(self, exc) from exc
    return {"job_id": job_id, "outcome": outcome}
