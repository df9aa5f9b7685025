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
import signal
from pathlib import Path

import pytest
import redis

from lokpanchang.delivery.outbox import read_outbox
from lokpanchang.storage.db import engine_for
from tests import servers
from tests.erasure_scan import files_under, needles, traces
from tests.scheduling.cluster import wait_until
from tests.scheduling.test_up_subscriber import lokpanchang
from tests.upprocess import embedded_env, running

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


def checkpoint(url: str):
    """Have PostgreSQL write the pages it holds to its files (what a scan then reads)."""

    def run() -> None:
        with engine_for(url).connect() as connection:
            connection.exec_driver_sql("CHECKPOINT")

    return run


@pytest.fixture
def persisted_redis():
    server = servers.start_redis(persist=True)
    yield server
    server.discard()


def sign_up_and_erase(
    env: dict, folder: Path, *more: Path, settle=lambda: None, done=lambda: True
) -> list[str]:
    """Sign up, ask, erase, through a real ``up`` in ``folder``, which stops once ``done()``;
    what the files under it (and ``more``) held of them while they were subscribed, after
    ``settle()`` (so the scan is known to find them)."""
    outbox = Path(env["DATA_DIR"]) / "outbox.jsonl"
    with running(folder, env, stop=signal.SIGINT) as up:
        up.wait_for(up.healthy, 90, "a healthy up")

        def say(*words: str, replies: int) -> None:
            lokpanchang(env, "simulate", *words, "--phone", PHONE, "--name", NAME)
            up.wait_for(lambda: len(to_them(outbox)) >= replies, 90, f"{words}")

        # "start" with a place: two replies and the welcome panchangam.
        say("start", "--lat", str(LATITUDE), "--lon", str(LONGITUDE), replies=3)
        say("status", replies=4)
        assert subscribed(env)
        settle()
        before = traces(files_under([folder, *more]), WANTED)
        say("delete", replies=5)  # its reply sent before "yes" (tests/conversation's
        # test_erasure_races has the two at once)
        lokpanchang(env, "simulate", "yes", "--phone", PHONE, "--name", NAME)
        up.wait_for(lambda: not subscribed(env), 90, "the erasure")
        up.wait_for(lambda: not to_them(outbox), 90, "the outbox forgetting them")
        up.wait_for(done, 90, "the erasure's last step")
    return before


def test_delete_then_yes_leaves_no_number_name_or_place_in_any_file(tmp_path):
    env = embedded_env(tmp_path)
    before = " ".join(sign_up_and_erase(env, tmp_path))
    for form in ("number +cc", "name", "latitude text", "latitude double BE"):
        assert form in before, before  # the scan finds them while they are there
    found = traces(files_under([tmp_path]), WANTED)
    assert found == [], "\n".join(found)
    data = tmp_path / "var"
    assert any(data.glob("logs/*.jsonl")) and any(data.glob("broker.sqlite3*"))


def production_env(tmp_path: Path, postgres, redis_url: str) -> dict[str, str]:
    return embedded_env(
        tmp_path,
        DATABASE_URL=postgres.create_database(),
        CELERY_BROKER_URL=redis_url,
        CELERY_RESULT_BACKEND=redis_url,
        REDIS_URL=redis_url,
        DELIVERY_BACKEND="outbox",
        ERASURE_COMPACT_AFTER="1",  # the rewrite at once (queued by the recovery pass,
        INBOUND_RECOVER_AFTER="4",  # every 2 s), whatever sends are due: the waits are
        ERASURE_COMPACT_CLEAR="0",  # tests/storage/test_compaction.py's and tests/tasks'
    )


def compacted(env: dict):
    """Whether the service logged that it rewrote the erased person's tables (tasks.erasure)."""

    def logged() -> bool:
        logs = Path(env["DATA_DIR"]).glob("logs/*.jsonl")
        return any(b'"erasure.compacted"' in path.read_bytes() for path in logs)

    return logged


def dump(redis_server) -> None:
    """Have Redis write its dump (an RDB file) beside its append-only file."""
    client = redis.Redis.from_url(redis_server.url)
    saved = client.lastsave()
    client.bgsave()
    wait_until(lambda: client.lastsave() != saved, 30, "Redis's dump")
    client.close()


def test_on_postgresql_and_redis_nothing_of_them_reaches_redis_or_the_files_beside(
    tmp_path, own_postgres, persisted_redis
):
    # Tasks carry row ids (web.inbound): the webhook bodies stay in PostgreSQL.
    env = production_env(tmp_path, own_postgres, persisted_redis.url)
    before = sign_up_and_erase(env, tmp_path, own_postgres.datadir)
    assert any(trace.startswith("name in") for trace in before), before
    dump(persisted_redis)
    assert any(persisted_redis.directory.rglob("*.aof"))
    assert any(persisted_redis.directory.rglob("*.rdb"))
    found = traces(files_under([tmp_path, persisted_redis.directory]), WANTED)
    assert found == [], "\n".join(found)


def test_on_postgresql_the_tables_files_keep_nothing_of_them(tmp_path, own_postgres, redis_url):
    # VACUUM alone left them in the free space of pages still holding others' rows (issue 24
    # item 3): the tables that held them are rewritten, off the request path. pg_wal keeps
    # every write until its segments are recycled (docs/operations.md): not scanned here.
    env = production_env(tmp_path, own_postgres, redis_url)
    database = env["DATABASE_URL"]
    before = sign_up_and_erase(
        env, tmp_path, own_postgres.datadir, settle=checkpoint(database), done=compacted(env)
    )
    assert any(trace.startswith("name in") and "/base/" in trace for trace in before), before
    own_postgres.stop("fast")  # a checkpoint: every page PostgreSQL holds is in its files
    found = traces(files_under([own_postgres.datadir / "base"]), WANTED)
    assert found == [], "\n".join(found)
