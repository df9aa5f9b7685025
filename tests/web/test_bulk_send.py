"""Today's panchangam to a zone or to everyone: the request only queues jobs; the worker sends,
once per subscriber and local day, on SQLite and PostgreSQL."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import func, select

from lokpanchang import clock
from lokpanchang.delivery.outbox import read_outbox
from lokpanchang.operators import create_operator
from lokpanchang.ops.jobs import lifecycle as jobs
from lokpanchang.storage.db import transaction
from lokpanchang.storage.jobs import JobRecord
from lokpanchang.storage.models import MessageLog
from lokpanchang.web import create_app
from tests.web import seed as seed_data
from tests.web.conftest import csrf_from, log_in
from tests.web.seed import KOLKATA_PHONES, NEW_YORK_PHONE

KOLKATA, NEW_YORK = "Asia/Kolkata", "America/New_York"


class RecordingQueue:
    """Stands in for the web process's Celery app: records what would be published."""

    def __init__(self, error: Exception | None = None) -> None:
        self.sent: list[tuple[str, list]] = []
        self.error = error

    def send_task(self, name: str, args=None, **_options) -> None:
        if self.error is not None:
            raise self.error
        self.sent.append((name, list(args)))


@dataclass
class Portal:
    client: object
    url: str
    outbox_path: Path
    queue: RecordingQueue

    def post(self, **form):
        return self.client.post(
            "/admin/send/today", data={"csrf_token": self.client.csrf, "confirm": "yes", **form}
        )

    def outbox_phones(self) -> list[str]:
        return sorted(m["phone"] for m in read_outbox(self.outbox_path))

    def jobs(self) -> list[JobRecord]:
        return jobs.list_jobs(self.url)


@pytest.fixture
def portal(database_url, make_settings, settings_env):
    with transaction(database_url) as session:
        create_operator(session, "ops", seed_data.PASSWORD, clock.now())
    seed_data.seed(database_url, clock.now())
    # The worker's task reads the process settings: the same database and outbox as the app.
    settings_env(database_url=database_url, delivery_backend="outbox")
    settings = make_settings(database_url=database_url, secret_key="k", delivery_backend="outbox")
    app = create_app(settings)
    queue = app.extensions["celery"] = RecordingQueue()
    client = app.test_client()
    assert log_in(client).status_code == 302
    client.csrf = csrf_from(client, "/admin/")
    return Portal(client, database_url, settings.data_dir / "outbox.jsonl", queue)


def run_queued_tasks(queue: RecordingQueue) -> list[dict]:
    """What a worker does with the published tasks: run each through the task itself."""
    from lokpanchang.tasks.ops import run_scheduled_job

    results = []
    while queue.sent:
        name, args = queue.sent.pop(0)
        assert name == "tasks.run_scheduled_job"
        results.append(run_scheduled_job(*args))
    return results


def dispatcher_pass(portal: Portal) -> list[int]:
    """The dispatcher's minute: claims due jobs and publishes their runs."""

    def start(job_id: int, due_at: datetime) -> None:
        portal.queue.sent.append(
            ("tasks.run_scheduled_job", [job_id, due_at.isoformat(), "dispatcher"])
        )

    return jobs.dispatch_due_jobs(portal.url, clock.now(), "dispatcher", start)


def ledger_rows(url: str) -> int:
    with transaction(url) as session:
        return session.scalar(select(func.count(MessageLog.id))) or 0


def flash_of(response) -> str:
    found = re.findall(r'class="flash[^"]*"[^>]*>([^<]*)<', response.get_data(as_text=True))
    return html.unescape(" ".join(found))


def test_a_zone_send_returns_at_once_with_a_job_and_sends_nothing_in_the_request(portal):
    before = ledger_rows(portal.url)
    response = portal.post(target="zone", zone=KOLKATA)

    assert response.status_code == 302 and response.location.endswith("/admin/jobs")
    assert portal.outbox_phones() == [] and ledger_rows(portal.url) == before
    [job] = portal.jobs()
    today = seed_data.local_today(KOLKATA, clock.now()).isoformat()
    assert (job.kind, job.payload, job.status) == (
        "backfill",
        {"zone": KOLKATA, "date": today},
        "running",
    )
    assert portal.queue.sent == [
        ("tasks.run_scheduled_job", [job.id, job.next_run_at.isoformat(), job.claimed_by])
    ]
    page = portal.client.get(response.location)
    assert (
        f"Zone {KOLKATA}: sending to 1 subscriber in the background (job #{job.id})."
        in flash_of(page)
    )
    assert f'id="job-{job.id}"' in page.get_data(as_text=True)
    assert '<meta http-equiv="refresh" content="10">' in page.get_data(
        as_text=True
    )  # follows the job


def test_the_queued_job_sends_once_to_each_subscriber_without_todays_message(portal):
    portal.post(target="zone", zone=KOLKATA)
    assert dispatcher_pass(portal) == []  # the portal claimed it: the dispatcher cannot

    [result] = run_queued_tasks(portal.queue)

    assert result["outcome"] == "ok"
    assert portal.outbox_phones() == [KOLKATA_PHONES[11]]  # the other 11 had today's already
    [job] = portal.jobs()
    assert (job.status, job.run_count) == ("done", 1)
    assert dispatcher_pass(portal) == [] and portal.queue.sent == []
    page = portal.client.get("/admin/jobs").get_data(as_text=True)
    assert "ok: sent 1" in page
    assert 'http-equiv="refresh"' not in page  # nothing left running: no reloading


def test_a_double_submitted_zone_send_sends_nobody_twice(portal):
    first, second = (
        portal.post(target="zone", zone=KOLKATA),
        portal.post(target="zone", zone=KOLKATA),
    )
    [job] = portal.jobs()  # the second post finds the first one's job still unfinished
    assert first.location == second.location
    assert f"(job #{job.id})" in flash_of(portal.client.get("/admin/jobs"))
    # Two posts racing may each create a job: the ledger still sends each subscriber once.
    racing = jobs.create_job(
        portal.url, clock.now(), kind="backfill", payload=dict(job.payload), run_at=clock.now()
    )
    assert dispatcher_pass(portal) == [racing]

    assert [r["outcome"] for r in run_queued_tasks(portal.queue)] == ["ok", "ok"]
    assert portal.outbox_phones() == [KOLKATA_PHONES[11]]


def test_everyone_gets_a_job_per_zone_and_each_subscriber_one_message(portal):
    response = portal.post(target="everyone")
    portal.post(target="everyone")

    queued = portal.jobs()
    assert sorted(job.payload["zone"] for job in queued) == [NEW_YORK, KOLKATA]  # London: stopped
    assert portal.outbox_phones() == []
    ids = ", ".join(f"#{job.id}" for job in queued)
    assert (
        f"Everyone: sending to 2 subscribers in 2 zones in the background (jobs {ids})."
        in flash_of(portal.client.get(response.location))
    )
    run_queued_tasks(portal.queue)
    assert portal.outbox_phones() == sorted([KOLKATA_PHONES[11], NEW_YORK_PHONE])
    assert {job.status for job in portal.jobs()} == {"done"}


def test_a_zone_where_everyone_has_todays_message_gets_no_job(portal):
    portal.post(target="zone", zone=KOLKATA)
    run_queued_tasks(portal.queue)
    again = portal.post(target="zone", zone=KOLKATA)
    assert "nothing to send; everyone there already has today" in flash_of(
        portal.client.get(again.location)
    )
    assert len(portal.jobs()) == 1 and portal.queue.sent == []
    assert portal.outbox_phones() == [KOLKATA_PHONES[11]]


def test_when_the_queue_is_down_the_dispatcher_starts_the_job(portal):
    portal.queue.error = OSError("connection refused")
    response = portal.post(target="zone", zone=NEW_YORK)

    [job] = portal.jobs()
    assert (job.status, job.claimed_by) == ("active", None)  # the claim was given back
    assert "will be started by the scheduler's dispatcher" in flash_of(
        portal.client.get(response.location)
    )
    portal.queue.error = None
    assert dispatcher_pass(portal) == [job.id]
    run_queued_tasks(portal.queue)
    assert portal.outbox_phones() == [NEW_YORK_PHONE]


def test_the_confirmation_counts_with_queries_for_everyone(portal):
    page = portal.client.post(
        "/admin/send/today", data={"csrf_token": portal.client.csrf, "target": "everyone"}
    ).get_data(as_text=True)
    assert "<strong>2</strong> will get today" in page and "11 already have today" in page
    assert "0 cannot be sent to" in page and "a job per zone" in page
    assert portal.jobs() == []
