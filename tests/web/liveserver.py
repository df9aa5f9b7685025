"""``lokpanchang web`` as a real server process, and plain HTTP to it from outside.

The review's findings were found from outside (body limits, stalled clients, headers, log
lines), so their tests talk to the real process over loopback sockets, not the test client.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path

from lokpanchang import clock
from lokpanchang.operators import create_operator
from lokpanchang.storage import migrate
from lokpanchang.storage.db import engine_for, transaction
from tests import servers

PASSWORD = "correct-horse-battery"
STRONG_SECRET_KEY = "k3Jd9-fQ2x_Lm8vR0tYw4ZpA7sNc1eHb6uGi5oKa"
APP_SECRET = "live-app-secret"
METRICS_TOKEN = "Rm7Tq2-Lx9Vd4Nh8Kb1Zw6Pc3Fs0Yg5Je"
ENV_DROPPED = (
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "REDIS_URL",
    "SECRET_KEY",
    "METRICS_TOKEN",
)


@dataclass
class Reply:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def cookie(self, name: str) -> str | None:
        jar = SimpleCookie()
        for value in self.headers.get_all("Set-Cookie") or []:
            jar.load(value)
        return jar[name].value if name in jar else None


@dataclass
class LiveServer:
    port: int
    directory: Path
    process: subprocess.Popen
    database_url: str
    env: dict = field(default_factory=dict)

    @property
    def log_path(self) -> Path:
        return self.directory / "web.log"

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def log_files_text(self) -> str:
        """Everything the server wrote: its stderr and the day's log files."""
        logs = self.directory / "var" / "logs"
        files = sorted(logs.glob("*.jsonl")) if logs.is_dir() else []
        return self.output() + "".join(p.read_text(errors="replace") for p in files)

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict | None = None,
        timeout: float = 10,
    ) -> Reply:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return Reply(response.status, response.headers, response.read())
        finally:
            connection.close()

    def connect(self, timeout: float = 10) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=timeout)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        engine_for(self.database_url).dispose()


def migrated_database(directory: Path, operator: str | None = "ops") -> str:
    (directory / "var").mkdir(parents=True, exist_ok=True)
    url = f"sqlite:///{directory / 'var' / 'lokpanchang.sqlite3'}"
    migrate.upgrade(url)
    if operator:
        with transaction(url) as session:
            create_operator(session, operator, PASSWORD, clock.now())
    engine_for(url).dispose()
    return url


def production_env(directory: Path, database_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ENV_DROPPED}
    env.update(
        ENVIRONMENT="production",
        DATA_DIR=str(directory / "var"),
        DATABASE_URL=database_url,
        SECRET_KEY=STRONG_SECRET_KEY,
        WHATSAPP_APP_SECRET=APP_SECRET,
        WHATSAPP_VERIFY_TOKEN="live-verify-token",
        METRICS_TOKEN=METRICS_TOKEN,
        LOG_JSON="true",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


def start(directory: Path, env: dict[str, str], database_url: str) -> LiveServer:
    """Start ``lokpanchang web`` and wait until it answers ``/livez``."""
    port = servers.free_port()
    with open(directory / "web.log", "w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "lokpanchang", "web", "--port", str(port)],
            env=env,
            cwd=directory,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    server = LiveServer(port, directory, process, database_url, env)
    try:
        _wait_until_live(server)
    except BaseException:
        server.stop()
        raise
    return server


def _wait_until_live(server: LiveServer, deadline_s: float = 60) -> None:
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise AssertionError(f"lokpanchang web exited:\n{server.output()[-3000:]}")
        try:
            if server.request("GET", "/livez", timeout=2).status == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"lokpanchang web did not answer /livez:\n{server.output()[-3000:]}")


def run_to_exit(directory: Path, env: dict[str, str], timeout: float = 60):
    """``lokpanchang web`` expected to refuse to start: its completed process."""
    return subprocess.run(
        [sys.executable, "-m", "lokpanchang", "web", "--port", str(servers.free_port())],
        env=env,
        cwd=directory,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
