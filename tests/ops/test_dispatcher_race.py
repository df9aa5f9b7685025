"""Two dispatcher processes racing on the same due jobs in PostgreSQL: each job runs once."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select

from lokpanchang.ops.jobs import lifecycle as jobs
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import ScheduledJob, ScheduledJobRun

NOW = datetime(2026, 11, 29, 10, 0, tzinfo=UTC)
JOBS = 60
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.integration
def test_two_dispatcher_processes_never_run_one_job_twice(migrated_postgres, tmp_path):
    postgres_url = migrated_postgres
    ids = [
        jobs.create_job(
            postgres_url, NOW, kind="report", payload={}, run_at=NOW - timedelta(seconds=i)
        )
        for i in range(JOBS)
    ]
    go, out = tmp_path / "go", tmp_path / "ran.txt"
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.ops.dispatcher_process",
                postgres_url,
                str(go),
                str(out),
                name,
                NOW.isoformat(),
            ],
            cwd=ROOT,
        )
        for name in ("alpha", "beta")
    ]
    go.write_text("go")
    assert [p.wait(timeout=120) for p in processes] == [0, 0]

    ran = Counter(int(line.split()[1]) for line in out.read_text().splitlines())
    assert ran == Counter(dict.fromkeys(ids, 1))
    with transaction(postgres_url) as session:
        per_job = dict(
            session.execute(
                select(ScheduledJobRun.job_id, func.count()).group_by(ScheduledJobRun.job_id)
            ).all()
        )
        statuses = set(session.scalars(select(ScheduledJob.status)))
    assert per_job == dict.fromkeys(ids, 1) and statuses == {"done"}
