"""What each kind of scheduled job does when the dispatcher hands it over.

- announcement: selects the active recipients (all, one zone, or one subscriber).
- backfill: inserts a pending ``message_log`` row (kind ``backfill``) for every active
  subscriber of the zone with no ledger row for that date; existing rows are never touched,
  so a backfill reaches only those who got nothing that day.
- report: writes the weekly report (and mails it when SMTP is configured).

The send path for announcements and backfill rows belongs to the broadcast layer; until it
is wired here the run records the recipients and ``"send": "pending broadcast wiring"``.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import select

from lokpanchang.config import Settings
from lokpanchang.ops import reports
from lokpanchang.ops.upsert import insert_ignore
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import MessageLog, ScheduledJob, UserDetail

SEND_NOT_WIRED = "pending broadcast wiring"


def active_subscribers(session, now: datetime):
    return select(UserDetail.id).where(UserDetail.obsoleted_on > now)


def announcement_recipients(session, payload: dict, now: datetime) -> list[int]:
    query = active_subscribers(session, now)
    if payload["audience"] == "zone":
        query = query.where(UserDetail.timezone == payload["zone"])
    elif payload["audience"] == "subscriber":
        query = query.where(UserDetail.id == payload["subscriber_id"])
    return list(session.scalars(query.order_by(UserDetail.id)))


def run_announcement(settings: Settings, payload: dict, now: datetime) -> dict:
    with transaction(settings.effective_database_url) as session:
        recipients = announcement_recipients(session, payload, now)
    return {"recipients": len(recipients), "send": SEND_NOT_WIRED}


def run_backfill(settings: Settings, payload: dict, now: datetime) -> dict:
    day, zone = date.fromisoformat(payload["date"]), payload["zone"]
    with transaction(settings.effective_database_url) as session:
        ids = session.scalars(active_subscribers(session, now)
                              .where(UserDetail.timezone == zone).order_by(UserDetail.id)).all()
        rows = [{"user_id": user_id, "local_date": day, "timezone": zone, "kind": "backfill",
                 "status": "pending", "attempts": 0, "late": True, "scheduled_at": now}
                for user_id in ids]
        inserted = insert_ignore(session, MessageLog.__table__, rows, ("user_id", "local_date"))
    return {"zone": zone, "date": day.isoformat(), "candidates": len(ids),
            "queued": inserted, "send": SEND_NOT_WIRED}


def run_report(settings: Settings, _payload: dict, now: datetime) -> dict:
    path = reports.generate_weekly_report(settings, now)
    mailed = reports.email_configured(settings)
    if mailed:
        reports.email_report(settings, path)
    return {"report": str(path), "mailed": mailed}


RUNNERS = {"announcement": run_announcement, "backfill": run_backfill, "report": run_report}


def execute_job(settings: Settings, job_id: int, now: datetime) -> tuple[str, dict]:
    """Run one claimed job; returns (``ok`` or ``failed``, detail). Never raises for job errors."""
    with transaction(settings.effective_database_url) as session:
        job = session.get(ScheduledJob, job_id)
        kind, payload = job.kind, dict(job.payload)
    try:
        return "ok", RUNNERS[kind](settings, payload, now)
    except Exception as exc:  # recorded on the job; the dispatcher must go on with others
        return "failed", {"error": f"{type(exc).__name__}: {exc}"}
