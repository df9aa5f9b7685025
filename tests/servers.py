"""Real Redis and PostgreSQL servers for tests, started from the server binaries.

Locally a missing binary skips the tests that need it; under ``CI=true`` it fails them.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shlex
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

import pytest

IN_CI = os.environ.get("CI", "").lower() == "true"


def missing(what: str) -> NoReturn:
    """Skip locally, fail in CI: a server the test needs is not installed."""
    message = f"{what} is not installed (apt-get install redis-server postgresql)"
    if IN_CI:
        pytest.fail(message + " -- required under CI=true", pytrace=False)
    pytest.skip(message)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, deadline_s: float = 30.0) -> None:
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listened on 127.0.0.1:{port} within {deadline_s} s")


@dataclass
class RedisServer:
    port: int
    process: subprocess.Popen
    directory: Path
    persist: bool = False  # an append-only file (fsync always) and dumps on BGSAVE

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)

    def discard(self) -> None:
        """Stop for good and remove its directory (each server's files are its own)."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.stop()
        shutil.rmtree(self.directory, ignore_errors=True)

    def restart(self) -> None:
        """Stop and start again on the same port, without persistence: all data is lost."""
        self.stop()
        self.start()

    def start(self) -> None:
        """Start again after ``stop`` on the same port (empty: nothing was persisted)."""
        self.process = _spawn_redis(self.port, self.directory, self.persist)
        wait_for_port(self.port)


def _spawn_redis(port: int, directory: Path, persist: bool = False) -> subprocess.Popen:
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    args = [
        binary,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "yes" if persist else "no",
        "--appendfsync",
        "always",
        "--dir",
        str(directory),
        "--protected-mode",
        "no",
    ]
    return subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def start_redis(persist: bool = False) -> RedisServer:
    """A Redis of its own on a free port; with ``persist``, as production runs it (AOF on)."""
    if not (shutil.which("redis-server") or os.path.exists("/usr/bin/redis-server")):
        missing("redis-server")
    directory = Path(tempfile.mkdtemp(prefix="lokpanchang-redis-"))
    port = free_port()
    server = RedisServer(port, _spawn_redis(port, directory, persist), directory, persist)
    wait_for_port(port)
    return server


def postgres_bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


@dataclass
class PostgresServer:
    port: int
    datadir: Path
    bindir: Path
    settings: dict[str, str] = field(default_factory=dict)  # besides the tests' own

    @property
    def admin_url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def url_for(self, database: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A new empty database; returns its SQLAlchemy URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url_for(name)

    def stop(self, mode: str = "immediate") -> None:
        """Stop the server; ``mode="fast"`` is a clean shutdown (an outage that keeps every
        commit: with ``synchronous_commit=off`` an immediate stop may lose the last ones)."""
        _as_postgres(
            [str(self.bindir / "pg_ctl"), "-D", str(self.datadir), "-m", mode, "-w", "stop"]
        )

    def discard(self, background: bool = False) -> None:
        """Stop for good (if it is running) and remove its data: a test's or benchmark's server
        leaves nothing behind (a million-message benchmark left 2.7 GB per run in /tmp).
        ``background``: the removal runs on after we return (the test session's server holds
        a database per test, gigabytes that took 16 s to remove at the end of the suite)."""
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        if background:
            # sh returns at once; the rm it started goes on, a child of nobody we wait for
            command = f"rm -rf {shlex.quote(str(self.datadir.parent))} >/dev/null 2>&1 &"
            subprocess.run(["sh", "-c", command], check=True)
        else:
            shutil.rmtree(self.datadir.parent, ignore_errors=True)

    def start(self) -> None:
        """Start it again after ``stop``, on the same port with the same data (an outage ends)."""
        _pg_ctl_start(self.bindir, self.datadir, self.port, self.settings)


def _as_postgres(args: list[str]) -> None:
    """Run a PostgreSQL tool; as root it must run as the postgres user."""
    if os.geteuid() == 0:
        args = ["runuser", "-u", "postgres", "--", *args]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def start_postgres(settings: dict[str, str] | None = None) -> PostgresServer:
    """A new cluster on a free port, with the tests' settings and ``settings`` besides
    (``name: value``, as ``postgres -c`` takes them)."""
    bindir = postgres_bindir()
    if bindir is None:
        missing("PostgreSQL server (initdb)")
    root = Path(tempfile.mkdtemp(prefix="lokpanchang-pg-"))
    datadir, sockets = root / "data", root / "sockets"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(sockets, "postgres")
    _as_postgres(
        [
            str(bindir / "initdb"),
            "-D",
            str(datadir),
            "-U",
            "postgres",
            "--auth=trust",
            "--encoding=UTF8",
            "--no-sync",
        ]
    )
    port = free_port()
    server = PostgresServer(port, datadir, bindir, settings or {})
    _pg_ctl_start(bindir, datadir, port, server.settings)
    return server


def _pg_ctl_start(bindir: Path, datadir: Path, port: int, settings: dict[str, str]) -> None:
    root = datadir.parent
    options = (
        f"-p {port} -k {root / 'sockets'} -c listen_addresses=127.0.0.1 -c fsync=off "
        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    ) + "".join(f" -c {name}={value}" for name, value in settings.items())
    _as_postgres(
        [
            str(bindir / "pg_ctl"),
            "-D",
            str(datadir),
            "-o",
            options,
            "-l",
            str(root / "log"),
            "-w",
            "start",
        ]
    )
