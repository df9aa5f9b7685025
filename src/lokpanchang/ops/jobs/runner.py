"""What each kind of scheduled job does when the dispatcher hands it over.

- announcement: sends its text to the active recipients (all, one zone, or one subscriber)
  through the configured channel, recorded per job run in ``announcement_log``.
- backfill: sends the day's panchangam for (zone, date) to every active subscriber of the zone
  with no ledger row for that date (``message_log`` kind ``backfill``); subscribers who have a
  row (sent, failed, skipped...) are never touched, so a backfill reaches only those who got
  nothing that day.
- report: writes the weekly report (and mails it when SMTP is configured).

The sends are ``lokpanchang.broadcast.adhoc``'s; a re-executed job run sends nobody twice.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import cast

from lokpanchang.broadcast import SendContext, adhoc, make_context, run_async
from lokpanchang.config import Settings
from lokpanchang.ops.reports import weekly as reports
from lokpanchang.storage import directory, jobs
from lokpanchang.storage.states import JobRunOutcome


class JobCall:
    """One execution: settings, payload, the instant, the job run row, and a lazy channel."""

    def __init__(
        self,
        settings: Settings,
        payload: dict,
        now: datetime,
        run_id: int | None,
        ctx: SendContext | None,
    ) -> None:
        self.settings, self.payload, self.now, self.run_id = settings, payload, now, run_id
        self._ctx, self._owned = ctx, cast(SendContext | None, None)

    def ctx(self) -> SendContext:
        if self._ctx is None:
            self._ctx = self._owned = make_context(self.settings)
        return self._ctx

    def close(self) -> None:
        if self._owned is not None:  # a channel we opened (an aiohttp session for WhatsApp)
            run_async(self._owned.sender.close())


def run_announcement(job: JobCall) -> dict:
    payload = job.payload
    if job.run_id is None:
        raise ValueError("the announcement has no scheduled_job_run row: it runs only when claimed")
    recipients = directory.active_subscriber_ids(
        job.settings.effective_database_url,
        job.now,
        zone=payload["zone"] if payload["audience"] == "zone" else None,
        user_id=payload["subscriber_id"] if payload["audience"] == "subscriber" else None,
    )
    template = payload.get("template") or adhoc.DEFAULT_ANNOUNCEMENT_TEMPLATE
    counts = adhoc.announce(job.ctx(), job.run_id, recipients, payload["text"], template, job.now)
    return {"recipients": len(recipients), "job_run_id": job.run_id, "counts": counts}


def run_backfill(job: JobCall) -> dict:
    day, zone = date.fromisoformat(job.payload["date"]), job.payload["zone"]
    sent = adhoc.backfill(job.ctx(), zone, day, job.now)
    return {"zone": zone, "date": day.isoformat(), **sent}


def run_report(job: JobCall) -> dict:
    path = reports.generate_weekly_report(job.settings, job.now)
    mailed = reports.email_configured(job.settings)
    if mailed:
        reports.email_report(job.settings, path)
    return {"report": str(path), "mailed": mailed}


RUNNERS = {"announcement": run_announcement, "backfill": run_backfill, "report": run_report}


def execute_job(
    settings: Settings,
    job_id: int,
    now: datetime,
    due_at: datetime | None = None,
    ctx: SendContext | None = None,
) -> tuple[str, dict]:
    """Run one claimed job (its run for ``due_at``, by default its latest run); returns
    (``ok`` or ``failed``, detail). Never raises for job errors.

    ``ctx`` is the channel and content to send with; by default the configured ones, closed
    afterwards.
    """
    job, run_id = jobs.job_and_run(settings.effective_database_url, job_id, due_at)
    if job is None:
        raise ValueError(f"no scheduled job with id {job_id}")
    call = JobCall(settings, dict(job.payload), now, run_id, ctx)
    try:
        return JobRunOutcome.OK, RUNNERS[job.kind](call)
    except Exception as exc:  # noqa: BLE001 -- recorded on the job; the dispatcher must go on with others
        return JobRunOutcome.FAILED, {"error": f"{type(exc).__name__}: {exc}"}
    finally:
        call.close()
