"""Today's panchangam to a zone or to everyone: counted in the request, sent by the worker.

The confirmation counts with COUNT queries (a zone may hold millions: no subscriber row is
loaded into the web process). The confirmed send creates, per zone, a one-off scheduled job
of the ``backfill`` kind for the zone's local today (``ops.jobs.runner.run_backfill``), due
now; claims it as the dispatcher does (``ops.jobs.claim``, a conditional update) and
enqueues ``tasks.run_scheduled_job`` at once, so nobody waits for the dispatcher's minute.
Whichever of the two claims first runs the job; the other's claim changes no row.

The backfill sends only to the zone's active subscribers with no ledger row for that date,
so a double-submitted form, a second job, a re-run or the daily run never sends anyone a
second message that day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

import structlog

from lokpanchang.ops.jobs import lifecycle as jobs
from lokpanchang.planning import local_date_at
from lokpanchang.storage import send_plans
from lokpanchang.web import taskqueue
from lokpanchang.web.admin.dispatch import PlanCounts

log = structlog.get_logger(__name__)
JOB_KIND = "backfill"
RUN_TASK = "tasks.run_scheduled_job"


@dataclass(frozen=True)
class ZonePlan:
    """One zone's part of a send: its local today, who can get it and who already has it."""

    zone: str
    local_date: date
    sendable: int  # active subscribers with a place
    already_today: int  # of whom have a ledger row for ``local_date``

    @property
    def to_send(self) -> int:
        return self.sendable - self.already_today


@dataclass(frozen=True)
class BulkPlan:
    zones: list[ZonePlan]
    not_sendable: int  # active subscribers with no place or no valid zone

    @property
    def counts(self) -> PlanCounts:
        return PlanCounts(
            sum(z.to_send for z in self.zones),
            sum(z.already_today for z in self.zones),
            self.not_sendable,
        )


def plan_zones(url: str, now: datetime, zone: str | None = None) -> BulkPlan:
    """Counts for one ``zone``, or for every zone when ``zone`` is None."""
    counts = send_plans.zone_counts(url, now, zone, lambda zones: _local_todays(zones, now))
    plans = [
        ZonePlan(name, day, counts.sendable[name], counts.already_today.get(name, 0))
        for name, day in counts.todays.items()
    ]
    return BulkPlan(plans, counts.active - sum(plan.sendable for plan in plans))


def _local_todays(zones, now: datetime) -> dict[str, date]:
    """Each zone's local date at ``now``; a zone that is not a valid name is left out (its
    subscribers count as not sendable, as the planner skips them until it is fixed)."""
    todays = {}
    for zone in zones:
        try:
            todays[zone] = local_date_at(zone, now)
        except ValueError:
            log.warning("admin.send_today_invalid_zone", timezone=zone)
    return todays


@dataclass(frozen=True)
class Queued:
    """A zone's send handed to the worker."""

    zone: str
    job_id: int
    subscribers: int
    started: bool  # its task is on the queue (else the dispatcher starts it when it can)


def queue_sends(url: str, plan: BulkPlan, now: datetime) -> list[Queued]:
    """A job per zone that has someone to send to; zones with nobody left get none."""
    return [queue_zone(url, zone, now) for zone in plan.zones if zone.to_send]


def job_name(zone: ZonePlan) -> str:
    return f"Today's panchangam to {zone.zone} for {zone.local_date.isoformat()}"


def queue_zone(url: str, zone: ZonePlan, now: datetime) -> Queued:
    """The zone's send job: an unfinished one for the same date, or a new one, started now."""
    existing = jobs.open_job(url, JOB_KIND, job_name(zone))
    if existing is not None:  # e.g. the form posted twice: that job covers this send
        return Queued(zone.zone, existing, zone.to_send, started=True)
    due = now.replace(microsecond=0)
    job_id = jobs.create_job(
        url,
        now,
        kind=JOB_KIND,
        name=job_name(zone),
        run_at=due,
        payload={"zone": zone.zone, "date": zone.local_date.isoformat()},
    )
    return Queued(zone.zone, job_id, zone.to_send, started=_start(url, job_id, due, now))


def _start(url: str, job_id: int, due: datetime, now: datetime) -> bool:
    """Claim the job and enqueue its run. False when the broker was unreachable: the claim
    is given back and the dispatcher's next pass starts the job."""
    worker = f"portal:job-{job_id}"
    if not jobs.claim(url, job_id, due, worker, now):
        return True  # the dispatcher claimed it first and enqueued it itself
    try:
        taskqueue.send_task(RUN_TASK, [job_id, due.isoformat(), worker])
    except taskqueue.QUEUE_ERRORS as exc:
        log.error("admin.send_today_enqueue_failed", job_id=job_id, error=str(exc))
        jobs.unclaim(url, job_id, worker)
        return False
    return True
