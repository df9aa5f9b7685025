"""`up`'s supervisor: it starts the children, restarts one that dies (unless it keeps
dying), and stops them all on Ctrl-C or SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field

STOP_GRACE_SECONDS = 20.0
RESTART_LIMIT = 5  # restarts of one child within RESTART_WINDOW before `up` gives up
RESTART_WINDOW = 60.0


@dataclass
class Child:
    """One process `up` runs: its command line, environment and recent restarts."""

    name: str
    argv: list[str]
    env: dict[str, str] | None = None  # None: this process's environment
    process: subprocess.Popen | None = None
    restarts: list[float] = field(default_factory=list)

    def start(self) -> None:
        self.process = subprocess.Popen(self.argv, env=self.env)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None


class _Stop(Exception):
    pass


def _raise_stop(signum, _frame) -> None:
    raise _Stop(signum)


def supervise(children: list[Child]) -> int:
    """Run ``children`` until Ctrl-C or SIGTERM (0) or one keeps dying (1); stop them all."""
    previous = {sig: signal.signal(sig, _raise_stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        for child in children:
            child.start()
        while True:
            time.sleep(0.5)
            for child in children:
                if not child.alive() and not _restart(child):
                    return 1
    except _Stop:
        return 0
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        _stop_all(children)


def _restart(child: Child) -> bool:
    """Start a dead child again, unless it keeps dying (then `up` stops with an error)."""
    now = time.monotonic()
    child.restarts = [t for t in child.restarts if now - t < RESTART_WINDOW] + [now]
    code = child.process.returncode if child.process else None
    if len(child.restarts) > RESTART_LIMIT:
        print(
            f"lokpanchang: {child.name} exited {RESTART_LIMIT} times in a minute "
            f"(last status {code}); stopping",
            file=sys.stderr,
            flush=True,
        )
        return False
    print(
        f"lokpanchang: {child.name} exited with status {code}; restarting",
        file=sys.stderr,
        flush=True,
    )
    child.start()
    return True


def _stop_all(children: list[Child]) -> None:
    """SIGTERM every child (Celery's warm shutdown finishes running tasks), then SIGKILL."""
    for child in children:
        if child.process is not None and child.alive():
            child.process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    for child in children:
        if child.process is None:
            continue
        try:
            child.process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            os.kill(child.process.pid, signal.SIGKILL)
            child.process.wait()
