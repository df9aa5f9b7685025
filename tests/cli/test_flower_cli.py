"""`lokpanchang flower`: refuses without credentials; serves 401/200 on loopback."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
import redis

from lokpanchang.cli import main
from tests import servers


@pytest.mark.parametrize("environment", ["production", "test"])
def test_it_refuses_to_start_without_credentials_outside_development(
    settings_env, capsys, environment
):
    settings_env(ENVIRONMENT=environment)
    assert main(["flower"]) == 2
    assert "set FLOWER_BASIC_AUTH=user:password" in capsys.readouterr().err


def test_up_runs_flower_on_the_same_rule_and_refuses_before_starting_anything(
    settings_env, capsys, tmp_path
):
    settings_env(ENVIRONMENT="production", DATA_DIR=str(tmp_path / "var"))
    assert main(["up"]) == 2
    err = capsys.readouterr().err
    assert "set FLOWER_BASIC_AUTH=user:password" in err and "`up --no-flower`" in err
    assert not (tmp_path / "var" / "up.json").exists()


def test_it_refuses_a_malformed_credential(settings_env, capsys):
    settings_env(ENVIRONMENT="production", FLOWER_BASIC_AUTH="admin")
    assert main(["flower"]) == 2
    err = capsys.readouterr().err
    assert "FLOWER_BASIC_AUTH must be user:password" in err and "admin" not in err


def status_of(url: str, auth: str | None = None, body: bytes | None = None) -> int:
    request = urllib.request.Request(url, data=body)
    if auth:
        request.add_header("Authorization", "Basic " + base64.b64encode(auth.encode()).decode())
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def wait_until_serving(url: str, process: subprocess.Popen, deadline_s: float = 60) -> None:
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        assert process.poll() is None, "flower exited early"
        try:
            status_of(url)
            return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.1)
    raise TimeoutError(f"Flower did not answer at {url} within {deadline_s} s")


def queued_messages(redis_url: str) -> int:
    client = redis.Redis.from_url(redis_url)
    try:
        return sum(client.llen(queue) for queue in ("priority", "default", "celery"))
    finally:
        client.close()


@pytest.mark.integration
def test_it_serves_401_without_and_200_with_credentials_and_runs_no_task(redis_url, tmp_path):
    port = servers.free_port()
    env = {
        **os.environ,
        "ENVIRONMENT": "production",
        "FLOWER_BASIC_AUTH": "ops:s3cret-pass",
        "FLOWER_PORT": str(port),
        "CELERY_BROKER_URL": redis_url,
        "CELERY_RESULT_BACKEND": redis_url,
        "DATA_DIR": str(tmp_path / "var"),
        "SECRET_KEY": "test",
    }
    log = (tmp_path / "flower.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "lokpanchang", "flower"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_serving(url, process)
        assert status_of(url) == 401
        assert status_of(url, "ops:wrong") == 401
        assert status_of(url, "ops:s3cret-pass") == 200
        # Issue 24, item 11: these two answered anyone before.
        for path in ("metrics", "healthcheck"):
            assert status_of(url + path) == 401, path
            assert status_of(url + path, "ops:wrong") == 401, path
            assert status_of(url + path, "ops:s3cret-pass") == 200, path
        assert "s3cret-pass" not in " ".join(_cmdline(process.pid))
        # Read-only: with the credentials, no route runs a task or controls a worker.
        forged = json.dumps({"args": [1]}).encode()
        for path in (
            "api/task/async-apply/tasks.handle_inbound",
            "api/task/send-task/tasks.handle_inbound",
            "api/task/apply/tasks.handle_inbound",
            "api/worker/shutdown/celery@x",
            "api/task/revoke/some-id",
        ):
            assert status_of(url + path, "ops:s3cret-pass", forged) == 404, path
        assert queued_messages(redis_url) == 0
        assert status_of(url + "api/queues/length", "ops:s3cret-pass") == 200
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()
    assert (tmp_path / "var" / "flower.db").exists() or any(
        p.name.startswith("flower.db") for p in (tmp_path / "var").iterdir()
    )


def _cmdline(pid: int) -> list[str]:
    with open(f"/proc/{pid}/cmdline", "rb") as handle:
        return handle.read().decode().split("\0")
