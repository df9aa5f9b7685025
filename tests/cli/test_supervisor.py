"""``up``'s supervisor: a stop that arrives while a child is being started still stops it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from lokpanchang.cli.service import supervisor


def test_a_ctrl_c_while_a_child_is_being_started_still_stops_that_child(monkeypatch):
    """Seen after a CI run: a worker of `up` stopped by Ctrl-C "while its children start" lived
    on, orphaned, because the Stop was raised inside Popen, after the fork and before the
    child was known to the supervisor, so nobody stopped it."""
    started: list[subprocess.Popen] = []
    real_popen = subprocess.Popen

    def popen_then_ctrl_c(*args, **kwargs):
        process = real_popen(*args, **kwargs)
        started.append(process)
        os.kill(os.getpid(), signal.SIGINT)  # lands before Popen returns, as in the race
        return process

    monkeypatch.setattr(supervisor.subprocess, "Popen", popen_then_ctrl_c)
    sleeper = supervisor.Child("sleeper", [sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        with supervisor.stopping_on_signals():
            assert supervisor.supervise([sleeper]) == 0
        assert started and all(process.poll() is not None for process in started), (
            "a child started during the stop was left running"
        )
    finally:
        for process in started:
            if process.poll() is None:
                process.kill()
                process.wait()
