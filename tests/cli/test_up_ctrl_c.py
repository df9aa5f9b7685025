"""Ctrl-C at any moment of `up` ends cleanly with "stopped" and no traceback (issue 25 item 10).

A real `up` gets SIGINT on its whole process group, as a terminal sends it: as soon as it
speaks, while it migrates, while its children start, and once it is healthy. A migration is
finished first (stopped half-way it could leave the database half-changed), so the next `up`
starts on it as usual.
"""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from lokpanchang.storage import migrate
from tests.scheduling.cluster import wait_until
from tests.upprocess import Up, embedded_env, start_up

pytestmark = [pytest.mark.integration, pytest.mark.slow]

MOMENTS = {
    "as it speaks": "lokpanchang: web on",
    "while it migrates": "[alembic.runtime.migration]",
    "while its children start": "sample_subscribers.csv: imported",
}


def children_of(up: Up) -> list[int]:
    listed = subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(up.process.pid)], capture_output=True, text=True
    )
    return [int(pid) for pid in listed.stdout.split()]


def alive(pid: int) -> bool:
    state = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True)
    return bool(state.stdout.strip()) and not state.stdout.strip().startswith("Z")


def ended_cleanly(up: Up) -> str:
    code = up.ended(timeout=60)  # already signalled: this only waits
    log = up.log(tail=100_000)
    assert code == 0, log[-3000:]
    assert "Traceback" not in log and "KeyboardInterrupt" not in log, log[-3000:]
    assert log.rstrip().splitlines()[-1].startswith("lokpanchang: stopped"), log[-3000:]
    return log


@pytest.mark.parametrize("moment", MOMENTS)
def test_ctrl_c_during_start_up_ends_cleanly_and_leaves_nothing_half_done(tmp_path, moment):
    env = embedded_env(tmp_path)
    up = start_up(tmp_path, env, "--sample-subscribers", "--no-flower")
    wait_until(lambda: MOMENTS[moment] in up.log(100_000), 120, moment + "\n" + up.log(), 0.01)
    up.ctrl_c()
    log = ended_cleanly(up)
    if moment == "while it migrates":
        assert "lokpanchang: stopping once the database migration is done" in log
    url = f"sqlite:///{tmp_path / 'var' / 'lokpanchang.sqlite3'}"
    if (tmp_path / "var" / "lokpanchang.sqlite3").exists():  # never half-migrated
        assert migrate.current_revision(url) in (None, migrate.head_revision(url))
    if moment == "while it migrates":
        again = start_up(tmp_path, env, "--sample-subscribers", "--no-flower")
        try:
            wait_until(again.healthy, 120, "the next up\n" + again.log(), 0.5)
        finally:
            again.stop()


def flower_answers(port: str) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0


def probe_flower(env: dict[str, str]) -> int:
    probe = [sys.executable, "-m", "lokpanchang", "probe", "flower"]
    return subprocess.run(probe, env=env, capture_output=True, timeout=30).returncode


def test_up_runs_flower_behind_its_auth_and_ctrl_c_stops_every_child(tmp_path):
    env = embedded_env(tmp_path, FLOWER_BASIC_AUTH="ops:a-long-flower-pass")
    up = start_up(tmp_path, env)
    wait_until(up.healthy, 120, "/healthz 200\n" + up.log(), 0.5)
    assert "Flower on http://127.0.0.1:" in up.log(100_000) and "basic auth" in up.log(100_000)
    wait_until(lambda: probe_flower(env) == 0, 60, "probe flower\n" + up.log(), 0.5)
    assert flower_answers(env["FLOWER_PORT"]) == 401  # no credentials, no Flower
    children = children_of(up)
    assert len(children) == 4, up.log()  # web, worker, beat, flower
    up.ctrl_c()
    log = ended_cleanly(up)
    assert "lokpanchang: stopped (web, worker, beat, flower)" in log
    assert [pid for pid in children if alive(pid)] == []


def held_ctrl_c(up: Up, presses: int = 40, apart: float = 0.01) -> None:
    """A person pressing Ctrl-C again and again while ``up`` stops: SIGINT to its process
    group ``presses`` times, ``apart`` s apart, until it has exited."""
    for _ in range(presses):
        if up.process.poll() is not None:
            return
        up.ctrl_c()
        time.sleep(apart)  # the pace of a key pressed again, not a wait for work


def test_ctrl_c_pressed_again_and_again_while_up_stops_still_stops_every_child(tmp_path):
    env = embedded_env(tmp_path)
    up = start_up(tmp_path, env, "--no-flower")
    wait_until(up.healthy, 120, "/healthz 200\n" + up.log(), 0.5)
    children = children_of(up)
    assert len(children) == 3, up.log()  # web, worker, beat
    held_ctrl_c(up)
    log = ended_cleanly(up)
    assert "lokpanchang: stopped (web, worker, beat)" in log
    assert [pid for pid in children if alive(pid)] == []


@pytest.mark.parametrize("moment", ["as it speaks", "while its children start"])
def test_ctrl_c_pressed_again_and_again_during_start_up_ends_cleanly(tmp_path, moment):
    env = embedded_env(tmp_path)
    up = start_up(tmp_path, env, "--sample-subscribers", "--no-flower")
    wait_until(lambda: MOMENTS[moment] in up.log(100_000), 120, moment + "\n" + up.log(), 0.01)
    children = children_of(up)
    held_ctrl_c(up)
    ended_cleanly(up)
    assert [pid for pid in children if alive(pid)] == []
