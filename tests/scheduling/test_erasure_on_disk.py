"""Issue 24, item 3: after "delete" then "yes", the person's number, name and exact place are
in no file the service wrote.

A real ``lokpanchang up`` on its embedded defaults (SQLite database, kombu's SQLite broker,
the results file, the outbox, the daily log files, all under ``DATA_DIR``; its console in
``up.log``) takes signed webhooks from ``lokpanchang simulate``; after the erasure and the
service's exit, every file is read byte for byte for every form of the number, the name and
the coordinates (``tests.erasure_scan``). What this proves: no file holds those bytes, free
pages and the WAL included. What it cannot prove: that the file system or the disk keep no
copy of blocks a file no longer uses (a rewritten page on SSD, a journal); that is below
what a process can reach (docs/operations.md, "What erasure reaches").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lokpanchang.delivery.outbox import read_outbox
from tests.erasure_scan import files_under, needles, traces
from tests.scheduling.test_up_fake_whatsapp import wait_for
from tests.scheduling.test_up_subscriber import lokpanchang
from tests.upprocess import embedded_env, start_up

pytestmark = [pytest.mark.integration, pytest.mark.slow]

PHONE = "+919812300457"
NAME = "Kaveri Ramaswamy"
LATITUDE, LONGITUDE = 28.61391, 77.20904  # as the webhook writes them; no town is exactly here
WANTED = needles(PHONE, NAME, LATITUDE, LONGITUDE)


def to_them(outbox: Path) -> list[dict]:
    return [m for m in read_outbox(outbox) if m["phone"].lstrip("+") == PHONE.lstrip("+")]


def subscribed(env: dict) -> bool:
    listed = json.loads(lokpanchang(env, "subscribers", "list", "--json"))
    return any(row["phone"] == PHONE for row in listed)


def test_delete_then_yes_leaves_no_number_name_or_place_in_any_file(tmp_path):
    env = embedded_env(tmp_path)
    data, outbox = tmp_path / "var", tmp_path / "var" / "outbox.jsonl"
    up = start_up(tmp_path, env)
    try:
        wait_for(up.healthy, 90, "a healthy up", up.log_path)

        def say(*words: str, replies: int) -> None:
            lokpanchang(env, "simulate", *words, "--phone", PHONE, "--name", NAME)
            wait_for(lambda: len(to_them(outbox)) >= replies, 90, f"{words}", up.log_path)

        say("start", "--lat", str(LATITUDE), "--lon", str(LONGITUDE), replies=2)
        say("status", replies=3)
        assert subscribed(env)
        before = " ".join(traces(files_under([tmp_path]), WANTED))
        for form in ("number +cc", "name", "latitude text", "latitude double BE"):
            assert form in before, before  # the scan finds them while they are there

        lokpanchang(env, "simulate", "delete", "--phone", PHONE, "--name", NAME)
        wait_for(lambda: len(to_them(outbox)) >= 4, 90, "the question", up.log_path)
        lokpanchang(env, "simulate", "yes", "--phone", PHONE, "--name", NAME)
        wait_for(lambda: not subscribed(env), 90, "the erasure", up.log_path)
        wait_for(lambda: not to_them(outbox), 90, "the outbox forgetting them", up.log_path)
        running = traces(files_under([tmp_path]), WANTED)
    finally:
        up.stop()
    assert running == [], "\n".join(running)
    assert traces(files_under([tmp_path]), WANTED) == []
    assert any(data.glob("logs/*.jsonl")) and any(data.glob("broker.sqlite3*"))
