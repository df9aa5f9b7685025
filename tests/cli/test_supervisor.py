"""``up``'s supervisor: a stop that arrives while a child is being started still stops it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from lokpanchang.cli.service import supervisor


@pytest.fixture(autouse=True)
def handlers_as_found():
    """Each test leaves this process's stop handlers as it found them: a later test's child
    processes inherit an ignored signal."""
    earlier = {sig: signal.getsignal(sig) for sig in supervisor.STOP_SIGNALS}
    yield
    now = {sig: signal.getsignal(sig) for sig in supervisor.STOP_SIGNALS}
    for sig, handler in earlier.items():
        signal.signal(sig, handler)
    assert now == earlier


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


def test_after_a_stop_the_block_gives_back_the_handlers_it_found():
    """Seen in a CI run: after this file's test, its pytest worker ignored SIGTERM (the stop's
    "ignore further stops" outlived the block), so every process that worker started later
    inherited it, and a fake server's `terminate()` no longer ended it."""
    earlier = {sig: signal.getsignal(sig) for sig in supervisor.STOP_SIGNALS}
    with supervisor.stopping_on_signals():
        try:
            os.kill(os.getpid(), signal.SIGTERM)  # its handler runs as kill returns
            raise AssertionError("SIGTERM raised no Stop")
        except supervisor.Stop:
            pass
    assert {sig: signal.getsignal(sig) for sig in supervisor.STOP_SIGNALS} == earlier
