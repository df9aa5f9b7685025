"""Status webhooks at the rate a broadcast causes (issue 11, item 5), side by side with the
path before (``--baseline``, a commit extracted with ``git archive``), in one run.

Cluster mode, everything real and on loopback: PostgreSQL 15 and Redis (started by the test
fixtures' helpers), ``lokpanchang web`` (gunicorn, gevent, ENVIRONMENT=production) and
``lokpanchang worker``, each from the side's own source tree; the fake Cloud API answers the
conversation's replies.

1. statuses (both sides): ROWS ledger rows in ``sent``. Accepting: with no worker running, a
   poster process (aiohttp, CLIENTS requests in flight) posts three signed status webhooks
   for each row (sent, delivered, read; in flight together, so they arrive in any order):
   accepted/s and latency are the poster's (one gunicorn worker, WEB_WORKERS=1). Applying:
   one ``worker --concurrency 2`` starts with all of them queued; applied/s is 3 x ROWS over
   the time from the first row that moved until every row is ``read`` and nothing is
   queued (or nothing moved for SETTLED_S: rows left behind are counted). Meanwhile a
   subscriber writes "start" every PROBE_EVERY seconds (a new number each time): seconds
   until the fake received the reply.
2. ``--broadcast N`` (this tree): N subscribers due in one zone, two ``worker --queues
   default,statuses -c 2`` and one ``worker --queues priority -c 1`` (the conversation's); the
   fake (100 ms latency) posts the three status webhooks of every message it accepts to the
   web, WEBHOOK_CONCURRENCY at a time, as Meta does during a broadcast; "start" every
   PROBE_EVERY seconds from before the due instant until the run is done and its statuses
   applied: seconds until each was answered (the acceptance: within 5 s).

    PYTHONPATH=src:. python bench/inbound/run.py --rows 20000 --baseline main --broadcast 100000
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import hmac
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from datetime import time as day_time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.baseline import baseline_source  # noqa: E402
from bench.broadcast.run import (  # noqa: E402
    LEAD_SECONDS,
    PHONE_NUMBER_ID,
    TOKEN,
    environment,
    insert_subscribers,
    plan,
    send_time_after,
)
from tests import servers  # noqa: E402

APP_SECRET = "bench-app-secret"
PROBE_PREFIX = 917_000_000_000  # the probes' numbers; the subscribers' start at 919000000000
DEADLINE_S = 3600
SETTLED_S = 10.0


# The poster: a separate process, so its CPU is not the measuring process's ---------------


def status_body(ledger_id: int, state: str) -> dict:
    status = {
        "id": f"wamid.S{ledger_id}",
        "status": state,
        "timestamp": str(int(time.time())),
        "recipient_id": f"9190{ledger_id:08d}",
        "biz_opaque_callback_data": f"message_log:{ledger_id}",
        "conversation": {"id": f"CONV{ledger_id}", "origin": {"type": "marketing"}},
        "pricing": {"billable": True, "pricing_model": "PMP", "category": "marketing"},
    }
    value = {
        "messaging_product": "whatsapp",
        "metadata": {"display_phone_number": "15550000000", "phone_number_id": PHONE_NUMBER_ID},
        "statuses": [status],
    }
    return {
        "object": "whatsapp_business_account",
        "entry": [{"id": "WABA", "changes": [{"value": value, "field": "messages"}]}],
    }


def signed(body: dict) -> tuple[bytes, dict]:
    raw = json.dumps(body).encode()
    digest = hmac.new(APP_SECRET.encode(), raw, hashlib.sha256).hexdigest()
    return raw, {"Content-Type": "application/json", "X-Hub-Signature-256": f"sha256={digest}"}


async def post_all(port: int, ids: list[int], clients: int) -> dict:
    import aiohttp

    bodies = (status_body(i, state) for i in ids for state in ("sent", "delivered", "read"))
    latencies: list[float] = []
    answers: dict[str, int] = {}
    url = f"http://127.0.0.1:{port}/webhook"
    timeout = aiohttp.ClientTimeout(total=30)
    connector = aiohttp.TCPConnector(limit=clients)
    async with aiohttp.ClientSession(timeout=timeout, connector=connector) as session:

        async def client() -> None:
            for body in bodies:
                raw, headers = signed(body)
                started = time.perf_counter()
                try:
                    async with session.post(url, data=raw, headers=headers) as response:
                        answer = str(response.status)
                except (aiohttp.ClientError, TimeoutError) as exc:
                    answer = type(exc).__name__
                latencies.append(time.perf_counter() - started)
                answers[answer] = answers.get(answer, 0) + 1

        started_at = time.time()
        await asyncio.gather(*(client() for _ in range(clients)))
        finished_at = time.time()
    return {
        "started_at": started_at,
        "finished_at": finished_at,
        "answers": answers,
        "latencies": sorted(latencies),
    }


def poster_main(args) -> None:
    ids = list(range(args.first_id, args.first_id + args.rows))
    result = asyncio.run(post_all(args.port, ids, args.clients))
    Path(args.out).write_text(json.dumps(result))


# Processes -------------------------------------------------------------------------------


def side_env(src: Path, database_url: str, redis_url: str, fake_port: int, data_dir: str) -> dict:
    return {
        **os.environ,
        **environment(database_url, redis_url, fake_port, 1e6, data_dir),
        "PYTHONPATH": str(src),
        "ENVIRONMENT": "production",
        "SECRET_KEY": "Bx5Nk9-Qt3Wm7Rv1Hd6Lz0Jc4Ps8Yf2Ga",
        "WHATSAPP_APP_SECRET": APP_SECRET,
        "WHATSAPP_VERIFY_TOKEN": "bench-verify",
        "METRICS_TOKEN": "Mt6Wq1-Zr8Kv3Lh7Nd2Bx9Fp4Jc0Ys5Te",
    }


def start(command: list[str], env: dict, log: Path) -> subprocess.Popen:
    out = open(log, "w")  # noqa: SIM115 -- lives as long as the process
    return subprocess.Popen(
        [sys.executable, "-m", "lokpanchang", *command], env=env, stdout=out, stderr=out
    )


def start_web(env: dict, port: int, log: Path, workers: int) -> subprocess.Popen:
    process = start(["web", "--port", str(port)], {**env, "WEB_WORKERS": str(workers)}, log)
    servers.wait_for_port(port, 60)
    return process


def start_fake(port: int, webhook_url: str = "", concurrency: int = 1) -> subprocess.Popen:
    command = [
        sys.executable,
        "-m",
        "lokpanchang",
        "fake-whatsapp",
        "--port",
        str(port),
        "--token",
        TOKEN,
        "--phone-number-id",
        PHONE_NUMBER_ID,
        "--latency-ms",
        "100",
        "--pair-seconds",
        "0",
        "--keep",
        "20000",
    ]
    if webhook_url:
        command += ["--webhook-url", webhook_url, "--app-secret", APP_SECRET]
        command += ["--webhook-concurrency", str(concurrency)]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert process.stdout is not None
    process.stdout.readline()
    return process


def stop(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            process.kill()


def fake_get(port: int, path: str, method: str = "GET") -> dict:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method)
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


# The database ----------------------------------------------------------------------------


def sent_rows(database_url: str, rows: int) -> list[int]:
    """``rows`` subscribers, each with today's ledger row in ``sent``; the row ids."""
    from sqlalchemy import text

    from lokpanchang import clock
    from lokpanchang.storage.db import transaction

    insert_subscribers(database_url, rows, day_time(6, 30), clock.now(), 0)
    with transaction(database_url) as session:
        session.execute(
            text(
                "INSERT INTO message_log (id, user_id, local_date, timezone, kind, status,"
                " whatsapp_message_id, attempts, late, sent_at)"
                " SELECT id, id, CURRENT_DATE, timezone, 'daily', 'sent', 'wamid.S' || id, 1,"
                " false, now() FROM user_detail"
            )
        )
        session.execute(
            text("SELECT setval('message_log_id_seq', (SELECT max(id) FROM message_log))")
        )
        return list(session.execute(text("SELECT id FROM message_log ORDER BY id")).scalars())


def status_counts(database_url: str) -> dict[str, int]:
    from sqlalchemy import text

    from lokpanchang.storage.db import transaction

    with transaction(database_url) as session:
        query = text("SELECT status, count(*) FROM message_log GROUP BY status")
        return {status: int(count) for status, count in session.execute(query)}


def status_work_queued(redis_url: str) -> int:
    import redis

    client = redis.Redis.from_url(redis_url)
    queued = client.llen("priority") + client.llen("statuses")
    return queued + (
        client.xlen("lokpanchang:statuses") if client.exists("lokpanchang:statuses") else 0
    )


# "start" probes ----------------------------------------------------------------------------


class Prober(threading.Thread):
    """Writes "start" from a new number every ``every`` s until stopped (each in its own
    thread, so a slow answer from the web delays no other probe); records how long each took
    to be answered: from just before its POST to when the fake received the reply."""

    def __init__(self, web_port: int, fake_port: int, every: float) -> None:
        super().__init__(daemon=True)
        self.web_port, self.fake_port, self.every = web_port, fake_port, every
        self.sent: dict[str, float] = {}
        self.answered: dict[str, float] = {}
        self.stopping = threading.Event()

    def run(self) -> None:
        number, next_probe, next_look = PROBE_PREFIX, time.monotonic(), 0.0
        while not self.stopping.is_set():
            if time.monotonic() >= next_probe:
                number += 1
                threading.Thread(target=self._probe, args=(str(number),), daemon=True).start()
                next_probe += self.every
            if time.monotonic() >= next_look:
                self._collect()
                next_look = time.monotonic() + 0.5
            time.sleep(0.02)

    def _probe(self, wa_id: str) -> None:
        from lokpanchang import clock
        from lokpanchang.fakes.inbound import text_body

        raw, headers = signed(text_body(wa_id, "start", "Probe", clock.now()))
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.web_port}/webhook", data=raw, headers=headers, method="POST"
        )
        self.sent[wa_id] = time.time()
        try:
            with urllib.request.urlopen(request, timeout=30):
                pass
        except OSError as exc:  # refused or timed out: counted as never answered
            print(json.dumps({"probe_failed": wa_id, "error": str(exc)}), flush=True)

    def _collect(self) -> None:
        waiting = [w for w in list(self.sent) if w not in self.answered]
        if not waiting:
            return
        query = f"/_fake/messages?accepted=1&to={','.join(waiting)}"
        for message in fake_get(self.fake_port, query)["messages"]:
            wa_id = str(message["to"]).lstrip("+")
            if wa_id in self.sent and wa_id not in self.answered:
                self.answered[wa_id] = message["at"] - self.sent[wa_id]

    def finish(self, grace_s: float) -> dict:
        self.stopping.set()
        self.join(10)
        deadline = time.monotonic() + grace_s
        while len(self.answered) < len(self.sent) and time.monotonic() < deadline:
            self._collect()
            time.sleep(0.2)
        waits = sorted(self.answered.values())
        return {
            "probes": len(self.sent),
            "answered": len(waits),
            "answer_s_p50": round(statistics.median(waits), 2) if waits else None,
            "answer_s_p99": round(percentile(waits, 0.99), 2) if waits else None,
            "answer_s_max": round(waits[-1], 2) if waits else None,
        }


def percentile(values: list[float], fraction: float) -> float:
    return values[min(len(values) - 1, int(fraction * len(values)))]


# Scenario 1: the statuses of ROWS messages, both sides -----------------------------------------


def statuses_scenario(name: str, src: Path, pg, redis_server, fake_port: int, options) -> dict:
    import redis

    from lokpanchang.storage import migrate

    redis.Redis.from_url(redis_server.url).flushall()
    fake_get(fake_port, "/_fake/messages", "DELETE")
    database_url = pg.create_database()
    migrate.upgrade(database_url)
    ids = sent_rows(database_url, options.rows)
    work = Path(tempfile.mkdtemp(prefix="bench-inbound-"))
    env = side_env(src, database_url, redis_server.url, fake_port, str(work / "var"))
    web_port = servers.free_port()
    processes = [start_web(env, web_port, work / "web.log", 1)]
    try:
        # Accepting: the web alone (no worker yet), so the poster measures the web and broker.
        post_in_process(web_port, ids, options.clients, work / "posted.json").wait(DEADLINE_S)
        posted = json.loads((work / "posted.json").read_text())
        # Applying: the worker starts with every status queued; "start" every PROBE_EVERY s
        # from the first status it applied (its own start-up is not what is measured).
        prober = Prober(web_port, fake_port, options.probe_every)
        processes.append(start(["worker", "--concurrency", "2"], env, work / "worker.log"))
        first_at, done_at, not_read = wait_applied(
            database_url, redis_server.url, options.rows, on_first=prober.start
        )
        probes = prober.finish(grace_s=60)
    finally:
        stop(processes)
    return {
        **summary(name, posted, first_at, done_at, options.rows, probes),
        "rows_not_read": not_read,
    }


def post_in_process(port: int, ids: list[int], clients: int, out: Path) -> subprocess.Popen:
    command = [sys.executable, __file__, "poster", "--port", str(port), "--out", str(out)]
    command += ["--first-id", str(ids[0]), "--rows", str(len(ids)), "--clients", str(clients)]
    return subprocess.Popen(command)


def wait_applied(
    database_url: str, redis_url: str, rows: int, on_first=lambda: None
) -> tuple[float, float, int]:
    """(when the first and the last status were applied, rows that did not end ``read``):
    done when every row is ``read`` and nothing is queued, or nothing is queued and nothing
    has moved for SETTLED_S (a row left behind, say by two workers racing on it)."""
    deadline, last, first_at, changed_at = time.monotonic() + DEADLINE_S, None, 0.0, time.time()
    while time.monotonic() < deadline:
        counts, queued = status_counts(database_url), status_work_queued(redis_url)
        if counts != last:
            if last is not None and not first_at:
                first_at = time.time()
                on_first()
            last, changed_at = counts, time.time()
        if queued == 0 and (counts.get("read") == rows or time.time() - changed_at > SETTLED_S):
            return first_at or changed_at, changed_at, rows - counts.get("read", 0)
        time.sleep(0.2)
    raise TimeoutError(f"the statuses of {rows} rows were not applied in {DEADLINE_S} s")


def summary(
    name: str, posted: dict, first_at: float, done_at: float, rows: int, probes: dict
) -> dict:
    latencies, seconds = posted["latencies"], posted["finished_at"] - posted["started_at"]
    webhooks = 3 * rows
    return {
        "side": name,
        "webhooks": webhooks,
        "answers": posted["answers"],
        "accepted_per_s": round(posted["answers"].get("200", 0) / seconds, 1),
        "latency_ms_p50": round(1000 * statistics.median(latencies), 1),
        "latency_ms_p99": round(1000 * percentile(latencies, 0.99), 1),
        "applied_per_s": round(webhooks / max(done_at - first_at, 0.2), 1),
        **probes,
    }


# Scenario 2: a broadcast whose statuses the fake posts, "start" answered meanwhile ---------------


def broadcast_scenario(pg, redis_server, options) -> dict:
    import redis

    from lokpanchang.config import load_settings
    from lokpanchang.storage import migrate

    redis.Redis.from_url(redis_server.url).flushall()
    database_url = pg.create_database()
    migrate.upgrade(database_url)
    work = Path(tempfile.mkdtemp(prefix="bench-inbound-"))
    fake_port, web_port = servers.free_port(), servers.free_port()
    env = side_env(ROOT / "src", database_url, redis_server.url, fake_port, str(work / "var"))
    # The planner's enqueue uses the package's Celery app, configured from the environment.
    os.environ.update(environment(database_url, redis_server.url, fake_port, 1e6, str(work)))
    from lokpanchang import clock

    now = clock.now()
    send_time = send_time_after(now, LEAD_SECONDS)
    insert_subscribers(database_url, options.broadcast, send_time, now, 0)
    web_url = f"http://127.0.0.1:{web_port}/webhook"
    processes = [
        start_fake(fake_port, web_url, options.webhook_concurrency),
        start_web(env, web_port, work / "web.log", 2),
        *[
            start(
                ["worker", "--queues", "default,statuses", "--concurrency", "2"],
                env,
                work / f"worker{i}.log",
            )
            for i in range(2)
        ],
        # The conversation's own small worker: a person never waits behind a batch.
        start(
            ["worker", "--queues", "priority", "--concurrency", "1"],
            {**env, "LOG_LEVEL": "INFO"},  # its log shows how long each task took
            work / "talk.log",
        ),
    ]
    try:
        prober = Prober(web_port, fake_port, options.probe_every)
        [run_id] = plan(load_settings(env))
        prober.start()
        run_done_at = wait_run(database_url, run_id)
        _, statuses_done_at, not_read = wait_applied(
            database_url, redis_server.url, options.broadcast
        )
        probes = prober.finish(grace_s=60)
        arrivals = sorted(fake_get(fake_port, "/_fake/accepted-at")["accepted_at"])
        responses = fake_get(fake_port, "/_fake/webhooks")["responses"]
    finally:
        stop(processes)
    # The broadcast's sends: from the first to the run's end (a few probes' replies among them).
    sends = [at for at in arrivals if at <= run_done_at]
    due = sends[0]
    return {
        "side": "broadcast",
        "messages": options.broadcast,
        "messages_per_s": round(len(sends) / (sends[-1] - due), 1),
        "run_done_s": round(run_done_at - due, 1),
        "statuses_applied_s": round(statuses_done_at - due, 1),
        "webhook_answers": responses,
        "webhooks_per_s": round(sum(responses.values()) / (statuses_done_at - due), 1),
        "rows_not_read": not_read,
        **probes,
    }


def wait_run(database_url: str, run_id: int) -> float:
    from bench.broadcast.run import run_status

    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        if run_status(database_url, run_id)[0] in ("done", "halted", "missed"):
            return time.time()
        time.sleep(0.5)
    raise TimeoutError(f"run {run_id} not finished within {DEADLINE_S} s")


# -----------------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="mode")
    poster = sub.add_parser("poster")
    for flag in ("--port", "--first-id", "--rows", "--clients"):
        poster.add_argument(flag, type=int, required=True)
    poster.add_argument("--out", required=True)
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--probe-every", type=float, default=1.0)
    parser.add_argument("--baseline", default="main", help="commit of the path before")
    parser.add_argument("--broadcast", type=int, default=0)
    parser.add_argument("--webhook-concurrency", type=int, default=64)
    args = parser.parse_args()
    if args.mode == "poster":
        poster_main(args)
        return
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stop the servers on the way out
    redis_server, pg = servers.start_redis(), servers.start_postgres()
    fake_port = servers.free_port()
    fake = start_fake(fake_port)
    print(json.dumps({"load_average": os.getloadavg()}), flush=True)
    try:
        sides = [
            (
                f"before ({args.baseline})",
                baseline_source(
                    args.baseline, Path(tempfile.mkdtemp(prefix="bench-inbound-baseline-"))
                ),
            ),
            ("this tree", ROOT / "src"),
        ]
        for name, src in sides if args.rows else []:
            print(
                json.dumps(statuses_scenario(name, src, pg, redis_server, fake_port, args)),
                flush=True,
            )
        stop([fake])
        if args.broadcast:
            print(json.dumps(broadcast_scenario(pg, redis_server, args)), flush=True)
        print(json.dumps({"load_average": os.getloadavg()}), flush=True)
    finally:
        stop([fake])
        redis_server.stop()
        pg.stop()


if __name__ == "__main__":
    main()
