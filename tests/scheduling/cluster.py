"""Real worker and beat processes on one shifted clock, for the integration tests.

A test picks the send instant it wants (e.g. the next 06:30 in Asia/Kolkata) and a lead of a
few seconds; every process then runs with ``LOKPANCHANG_CLOCK_OFFSET`` so that the instant is
that lead away, on their clocks and on the test's.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from lokpanchang import planning
from lokpanchang.delivery.outbox import read_outbox

FAST = {
    "PLANNER_PERIOD": "2",
    "PLANNER_LOOKAHEAD": "20",
    "VISIBILITY_TIMEOUT": "30",
    "RUN_STALL_AFTER": "6",
    "CLAIM_STALE_AFTER": "6",
    # A killed worker's rows in 'sending' turn ambiguous after CLAIM_STALE_AFTER + OUTCOME_HOLD.
    "OUTCOME_HOLD": "10",
    "LATE_GRACE": "7200",
    "DELIVERY_BACKEND": "outbox",
    "LOG_JSON": "false",
    "PYTHONUNBUFFERED": "1",
}


def next_kolkata_morning(after: datetime) -> datetime:
    """The next 06:30 in Asia/Kolkata at least an hour after ``after``."""
    local = planning.local_date_at("Asia/Kolkata", after)
    for day in (local, local + timedelta(days=1)):
        due = planning.occurrence("Asia/Kolkata", day, planning.DEFAULT_SEND_TIME)
        if due is not None and due > after + timedelta(hours=1):
            return due
    raise AssertionError(f"no 06:30 in Kolkata within two days of {after}")


def wait_until(predicate, timeout: float, what: str, interval: float = 0.2):
    """Poll ``predicate`` until it is truthy; fail naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


@dataclass
class Cluster:
    """Workers and beats sharing a database, a broker, a data directory and a clock."""

    directory: Path
    database_url: str
    broker_url: str
    offset: timedelta
    extra_env: dict = field(default_factory=dict)
    result_url: str | None = None
    processes: list[subprocess.Popen] = field(default_factory=list)
    workers: list[subprocess.Popen] = field(default_factory=list)
    _count: int = 0

    @property
    def outbox(self) -> list[dict]:
        return read_outbox(self.directory / "var" / "outbox.jsonl")

    def now(self) -> datetime:
        return datetime.now(UTC) + self.offset

    def env(self) -> dict:
        inherited = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        env = {
            **inherited,
            **FAST,
            **self.extra_env,
            "DATA_DIR": str(self.directory / "var"),
            "DATABASE_URL": self.database_url,
            "CELERY_BROKER_URL": self.broker_url,
            "CELERY_RESULT_BACKEND": self.result_url or self.broker_url,
            "LOKPANCHANG_CLOCK_OFFSET": str(self.offset.total_seconds()),
        }
        return env

    def settings_env(self) -> dict:
        """The same variables for in-process settings (``load_settings(cluster.settings_env())``)."""
        return {k: v for k, v in self.env().items() if k.isupper()}

    def _spawn(self, kind: str, args: list[str], env: dict | None = None) -> subprocess.Popen:
        self._count += 1
        with open(self.directory / f"{kind}-{self._count}.log", "w") as log:
            process = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "lokpanchang.tasks", *args],
                env={**self.env(), **(env or {})},
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=self.directory,
            )
        self.processes.append(process)
        return process

    def start_worker(
        self,
        concurrency: int = 2,
        queues: str = "default,priority,statuses",
        pool: str = "prefork",
        hostname: str = "",
        env: dict | None = None,
    ) -> subprocess.Popen:
        """A worker named ``hostname`` (Celery's ``-n``; default ``w<n>@<this host>``): a
        group of its own, as a worker on another host would be (``env``: its own variables,
        e.g. ``WORKER_GROUP``)."""
        worker = self._spawn(
            "worker",
            [
                "worker",
                "-Q",
                queues,
                "-P",
                pool,
                "-c",
                str(concurrency),
                "-n",
                hostname or f"w{self._count + 1}@%h",
                "--without-mingle",
                "--without-gossip",
                "--loglevel",
                "INFO",
            ],
            env,
        )
        self.workers.append(worker)
        return worker

    def start_beat(self) -> subprocess.Popen:
        schedule = self.directory / f"beat-{self._count + 1}.schedule"
        return self._spawn("beat", ["beat", "-s", str(schedule), "--loglevel", "INFO"])

    def supervise(self, grace: float = 3.0) -> None:
        """Play the process supervisor: start a worker again if every worker has exited.

        Celery 5.7's worker exits ("Unrecoverable error") when Redis restarts while it holds
        unacknowledged messages; in production systemd, Docker or ``lokpanchang up`` restarts it.
        """
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and any(p.poll() is None for p in self.workers):
            time.sleep(0.1)
        if all(p.poll() is not None for p in self.workers):
            self.start_worker()

    def stop(
        self, process: subprocess.Popen, sig: int = signal.SIGTERM, timeout: float = 30
    ) -> None:
        if process.poll() is None:
            process.send_signal(sig)
            try:
                process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def stop_all(self) -> None:
        for process in self.processes:
            self.stop(process, signal.SIGKILL if process.poll() is None else signal.SIGTERM, 10)

    def planner_passes(self) -> int:
        return self.logs(tail=None).count("planner.pass")

    def wait_for_passes(self, more: int, timeout: float = 20) -> None:
        """Let ``more`` planner passes go by (recovery and catch-up run in each)."""
        target = self.planner_passes() + more
        wait_until(lambda: self.planner_passes() >= target, timeout, f"{more} planner passes")

    def logs(self, tail: int | None = 3000) -> str:
        return "\n".join(
            f"== {p.name}\n{p.read_text()[-(tail or 0) :]}"
            for p in sorted(self.directory.glob("*.log"))
        )
