"""Start `lokpanchang up --fake-whatsapp` N times in a row and count clean starts.

A start is clean when /healthz answers 200 with web, database, worker, beat and the fake all
"ok" within the deadline, `up` never printed that a child exited, and SIGTERM stops it with
status 0 and its "stopped" line. Each start gets a fresh DATA_DIR and free loopback ports.

    .venv/bin/python scripts/up_starts.py --runs 30
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

HEALTHY = {"web": "ok", "database": "ok", "worker": "ok", "beat": "ok", "fake_whatsapp": "ok"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def health(port: int) -> dict:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        return json.loads(error.read())
    except OSError:
        return {}


def one_start(deadline_s: float) -> tuple[bool, str]:
    with tempfile.TemporaryDirectory(prefix="lokpanchang-up-") as folder:
        port = free_port()
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("WHATSAPP_", "DATABASE_", "CELERY_"))
        }
        env.update(DATA_DIR=str(Path(folder) / "var"), REDIS_URL="")
        log = Path(folder) / "up.log"
        with open(log, "w") as out:
            up = subprocess.Popen(
                [sys.executable, "-m", "lokpanchang", "up", "--port", str(port), "--fake-whatsapp"],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        started = time.monotonic()
        try:
            while health(port) != HEALTHY:
                if up.poll() is not None or time.monotonic() - started > deadline_s:
                    return False, f"not healthy: {health(port)}\n{log.read_text()[-2000:]}"
                time.sleep(0.5)
            took = time.monotonic() - started
        finally:
            up.terminate()
            code = up.wait(timeout=60)
        text = log.read_text()
        if "exited with status" in text or "exited" in text.split("stopped (")[0].split("\n")[-1]:
            return False, "a child exited:\n" + text[-2000:]
        if code != 0 or not text.rstrip().endswith("stopped (fake-whatsapp, web, worker, beat)"):
            return False, f"status {code}, last line {text.splitlines()[-1]!r}"
        return True, f"healthy in {took:.1f} s"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--deadline", type=float, default=120.0)
    args = parser.parse_args()
    clean = 0
    for n in range(1, args.runs + 1):
        ok, detail = one_start(args.deadline)
        clean += ok
        print(f"start {n}: {'clean' if ok else 'FAILED'} ({detail})", flush=True)
    print(f"{clean} of {args.runs} starts clean", flush=True)
    return 0 if clean == args.runs else 1


if __name__ == "__main__":
    sys.exit(main())
