"""A real ``lokpanchang up`` process for tests: on embedded defaults in a folder of its own,
its output in ``up.log`` there, stopped by a signal as a person would (Ctrl-C is SIGINT)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

from tests import servers
from tests.scheduling.cluster import wait_until

T = TypeVar("T")

EXTERNAL = ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "REDIS_URL")
CHANNELS = ("WHATSAPP_", "DELIVERY_", "TELEGRAM_", "EMAIL_")  # the outbox is the embedded one


def embedded_env(folder: Path, drop: tuple[str, ...] = (), **values: str) -> dict[str, str]:
    """This process's environment without the external services' and channels' settings (and
    ``drop``), with ``DATA_DIR`` under ``folder``, plain log lines, Flower on a free port (of
    this test's own) and ``values``."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in (*EXTERNAL, *drop) and not k.startswith(CHANNELS)
    }
    own = {"DATA_DIR": str(folder / "var"), "LOG_JSON": "false"}
    return env | own | {"FLOWER_PORT": str(servers.free_port()), **values}


def morning_env(folder: Path, due: datetime, **values: str) -> dict[str, str]:
    """``embedded_env`` with the service's clock 25 s before ``due`` (the next 06:30 in
    Kolkata: ``cluster.next_kolkata_morning``) and a planner that looks 40 s ahead every 2 s:
    a morning's send within a test's minute."""
    offset = due - timedelta(seconds=25) - datetime.now(UTC)
    return embedded_env(
        folder,
        (),
        PLANNER_PERIOD="2",
        PLANNER_LOOKAHEAD="40",
        LOKPANCHANG_CLOCK_OFFSET=str(offset.total_seconds()),
        **values,
    )


@dataclass
class Up:
    process: subprocess.Popen
    port: int
    log_path: Path

    def log(self, tail: int = 2000) -> str:
        return self.log_path.read_text(errors="replace")[-tail:]

    @property
    def web(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def wait_for(self, predicate: Callable[[], T], timeout: float, what: str) -> T:
        """``predicate``'s first true value within ``timeout`` s, polled every 0.5 s; failing,
        the end of ``up``'s output as it is then."""
        return wait_for(predicate, timeout, what, self.log_path)

    def announced(self, pattern: str) -> str | None:
        """The first group of ``pattern`` in ``up``'s output (e.g. a fake's address), or None."""
        found = re.search(pattern, self.log_path.read_text(errors="replace"))
        return found.group(1) if found else None

    def answers(self, path: str = "livez") -> bool:
        """True when the web answers 200 at ``path``."""
        try:
            with urllib.request.urlopen(self.web + path, timeout=5) as answer:
                return answer.status == 200
        except OSError:
            return False

    def healthy(self) -> bool:
        """True when ``/healthz`` answers 200 (web, worker and beat alive)."""
        try:
            url = f"http://127.0.0.1:{self.port}/healthz"
            with urllib.request.urlopen(url, timeout=2) as answer:
                return answer.status == 200
        except OSError:
            return False

    def ctrl_c(self) -> None:
        """What a terminal's Ctrl-C does: SIGINT to ``up``'s whole process group."""
        os.killpg(self.process.pid, signal.SIGINT)

    def ended(self, timeout: float = 60) -> int:
        """Wait, sending nothing, for ``up`` to exit (killed after ``timeout`` s); its status."""
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise

    def stop(self, sent: int = signal.SIGINT, timeout: float = 40) -> int:
        """Send ``sent`` and wait for the exit (killed after ``timeout`` s); its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(sent)
        return self.ended(timeout)


def start_up(folder: Path, env: dict[str, str], *arguments: str) -> Up:
    """``lokpanchang up --port <free port> ARGUMENTS`` running in ``folder``."""
    port = servers.free_port()
    log_path = folder / "up.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "lokpanchang", "up", "--port", str(port), *arguments],
            env=env,
            cwd=folder,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, as a terminal's foreground job
        )
    return Up(process, port, log_path)


@contextmanager
def running(
    folder: Path, env: dict[str, str], *arguments: str, stop: int = signal.SIGTERM
) -> Iterator[Up]:
    """``start_up``, stopped by ``stop`` however the block ends (killed if it hangs)."""
    up = start_up(folder, env, *arguments)
    try:
        yield up
    finally:
        with suppress(subprocess.TimeoutExpired):  # killed; the block's outcome is what counts
            up.stop(stop)


def wait_for(predicate: Callable[[], T], timeout: float, what: str, log: Path) -> T:
    """``wait_until``, failing with the end of ``log`` (an ``up``'s output) as it is then."""
    try:
        return wait_until(predicate, timeout, what, interval=0.5)
    except AssertionError as error:
        raise AssertionError(f"{error}\n{log.read_text(errors='replace')[-4000:]}") from None


def get_json(url: str) -> dict:
    """A JSON answer (a fake's record), or {} while nothing listens there yet."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return json.loads(response.read())
    except OSError:
        return {}


def status(env: dict[str, str], folder: Path) -> tuple[int, dict | None]:
    """``lokpanchang status --json`` as another process: its exit status and report (None
    when it printed no JSON)."""
    done = subprocess.run(
        [sys.executable, "-m", "lokpanchang", "status", "--json"],
        env=env,
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    try:
        return done.returncode, json.loads(done.stdout)
    except json.JSONDecodeError:
        return done.returncode, None
