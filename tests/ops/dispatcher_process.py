"""One dispatcher process for the race test: waits for a go file, then dispatches until idle.

Usage: python -m tests.ops.dispatcher_process DATABASE_URL GO_FILE OUT_FILE NAME NOW_ISO
Each job it runs is appended to OUT_FILE as "NAME JOB_ID".
"""

from __future__ import annotations

import os
import sys
import time
from datetime import datetime
from pathlib import Path

from lokpanchang.ops.jobs import lifecycle as jobs


def main(url: str, go_file: str, out_file: str, name: str, now_iso: str) -> int:
    now = datetime.fromisoformat(now_iso)
    deadline = time.monotonic() + 60
    while not Path(go_file).exists():
        if time.monotonic() > deadline:
            return 3
        time.sleep(0.01)

    def start(job_id: int, due_at: datetime) -> None:
        fd = os.open(out_file, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        os.write(fd, f"{name} {job_id}\n".encode())
        os.close(fd)
        jobs.finish(url, job_id, due_at, name, now, "ok", {"by": name})

    while jobs.dispatch_due_jobs(url, now, name, start):
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
