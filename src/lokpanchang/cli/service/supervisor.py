"""`up`'s supervisor: it starts the children, restarts one that dies (unless it keeps
dying), and stops them all on Ctrl-C or SIGTERM.

Each child runs in a process group of its own, so a terminal's Ctrl-C reaches only `up`,
which stops the children in order (SIGTERM: Celery's warm shutdown). From ``stopping_on_signals``
on, Ctrl-C or SIGTERM at any moment raises ``Stop`` where the process is, except within
``holding_stop`` (a migration: stopped half-way it could leave the database half-changed),
which raises it when the block ends. From the first stop on, further signals are ignored
(a person presses Ctrl-C again and again): the stop under way ends every child anyway,
in SIGKILL after the grace.
"""

from __future__ import annotations

import contextlib
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
    essential: bool = True  # False: when it keeps dying, `up` runs on without it (Flower)
    process: subprocess.Popen | None = None
    restarts: list[float] = field(default_factory=list)

    def start(self) -> None:
        # A stop arriving inside Popen (after the fork, before ``process`` is set) would leave
        # a child nobody knows to stop: it is held until the child is known, then raised.
        with holding_stop(f"{self.name} has started"):
            self.process = subprocess.Popen(self.argv, env=self.env, process_group=0)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Stop(Exception):
    """Ctrl-C or SIGTERM arrived: `up` stops."""


def _ignore_stops() -> None:
    for sig in STOP_SIGNALS:
        signal.signal(sig, signal.SIG_IGN)


def _raise_stop(signum, _frame) -> None:
    _ignore_stops()  # the stop is under way: a second Ctrl-C must not cut it short
    raise Stop(signum)


@contextlib.contextmanager
def _handling(handler, ending_the_process: bool = False):
    """Within the block, ``handler`` takes the stop signals; after it, the earlier handlers
    again, unless the block ends the process and a stop came (they stay ignored: a late
    Ctrl-C must not interrupt the exit with a traceback)."""
    previous = {sig: signal.signal(sig, handler) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, earlier in previous.items():
            if not (ending_the_process and signal.getsignal(sig) == signal.SIG_IGN):
                signal.signal(sig, earlier)


def stopping_on_signals(ending_the_process: bool = False):
    """Within the block, Ctrl-C and SIGTERM raise ``Stop`` (never KeyboardInterrupt), and
    after the first are ignored. The earlier handlers come back when the block ends, but
    after a stop in a block ``ending_the_process`` (``up``'s own), whose process exits next."""
    return _handling(_raise_stop, ending_the_process)


@contextlib.contextmanager
def holding_stop(until: str):
    """Within the block, Ctrl-C or SIGTERM is held, said at once, and raised as ``Stop`` when
    the block ends (``until`` says what it waits for)."""
    asked: list[int] = []

    def hold(signum, _frame) -> None:
        if not asked:
            print(f"lokpanchang: stopping once {until}", flush=True)
        asked.append(signum)

    with _handling(hold):
        yield
    if asked:
        _ignore_stops()
        raise Stop(asked[0])


def supervise(children: list[Child]) -> int:
    """Run ``children`` until ``Stop`` (0) or one keeps dying (1); stop them all. Call it
    within ``stopping_on_signals``."""
    watched = list(children)
    try:
        for child in children:
            child.start()
        while True:
            time.sleep(0.5)
            for child in list(watched):
                if child.alive() or _restart(child):
                    continue
                if child.essential:
                    return 1
                watched.remove(child)  # its end was said; the others run on
    except Stop:
        return 0
    finally:
        _stop_all(children)


def _restart(child: Child) -> bool:
    """Start a dead child again, unless it keeps dying (then `up` stops with an error)."""
    now = time.monotonic()
    child.restarts = [t for t in child.restarts if now - t < RESTART_WINDOW] + [now]
    code = child.process.returncode if child.process else None
    if len(child.restarts) > RESTART_LIMIT:
        then = "stopping" if child.essential else "running on without it"
        print(
            f"lokpanchang: {child.name} exited {RESTART_LIMIT} times in a minute "
            f"(last status {code}); {then}",
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
    """SIGTERM every child (Celery's warm shutdown finishes running tasks), then SIGKILL;
    a second Ctrl-C meanwhile is ignored (the grace ends in SIGKILL anyway)."""
    _ignore_stops()
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
