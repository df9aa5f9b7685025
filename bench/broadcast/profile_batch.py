"""Where one 500-message broadcast batch spends its time (in-memory channel, cached content).

1,500 subscribers in one zone on a fresh database, planned and started; the first batch
warms the panchangam cache, the second is timed without a profiler, the third is profiled
with cProfile (the 25 most expensive calls by cumulative time are printed).

    PYTHONPATH=src:. python bench/broadcast/profile_batch.py [pg|sqlite]

With ``fake``: 10,500 subscribers sent batch after batch in this process through the real
WhatsApp channel (pool kept open, as a worker's) to ``lokpanchang fake-whatsapp`` at 100 ms,
on PostgreSQL; after a warm-up batch, the CPU per message of this process (the worker's
part, without Celery), the fake and PostgreSQL (``py-spy record -- python ...`` on it shows
where the worker's part goes).

    PYTHONPATH=src:. python bench/broadcast/profile_batch.py fake
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from datetime import time as clock_time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests import servers  # noqa: E402

DUE = datetime(2026, 3, 10, 1, 0, tzinfo=UTC)  # 06:30 in Kolkata
SUBSCRIBERS, BATCH = 1500, 500


def insert_subscribers(url: str) -> None:
    from lokpanchang.storage.addresses import insert_subscribers as insert_rows
    from lokpanchang.storage.db import transaction
    from lokpanchang.storage.models import FOREVER

    rng = random.Random(7)
    places = [(round(rng.uniform(9, 30), 3), round(rng.uniform(72, 88), 3)) for _ in range(100)]
    rows = [
        {
            "address": f"+9190{n:08d}",
            "latitude": places[n % 100][0],
            "longitude": places[n % 100][1],
            "timezone": "Asia/Kolkata",
            "language": ("en", "hi")[n % 2],
            "send_time": clock_time(6, 30),
            "created_on": DUE - timedelta(days=1),
            "obsoleted_on": FOREVER,
            "undeliverable_days": 0,
            "display_name": "",
        }
        for n in range(SUBSCRIBERS)
    ]
    with transaction(url) as session:
        insert_rows(session, "whatsapp", rows, DUE - timedelta(days=1))


def started_run(url: str):
    """Settings, run id and batch bounds of the zone's run, started at its due instant."""
    from tests.broadcast.helpers import RecordingQueue

    from lokpanchang.broadcast import planner_pass, start_run
    from lokpanchang.broadcast.locks import DatabaseLock
    from lokpanchang.config import load_settings

    settings = load_settings(
        {"ENVIRONMENT": "test", "DATA_DIR": tempfile.mkdtemp()},
        database_url=url,
        batch_size=BATCH,
        late_grace=7200,
    )
    queue = RecordingQueue()
    planner_pass(settings, DUE - timedelta(minutes=10), queue, DatabaseLock(url))
    run_id = queue.run_ids[0]
    return settings, run_id, start_run(settings, run_id, DUE)


def profile(url: str) -> None:
    from lokpanchang.broadcast import SendContext, send_batch
    from lokpanchang.broadcast.content import almanac_content
    from lokpanchang.delivery.memory import MemorySender
    from lokpanchang.storage import migrate

    migrate.upgrade(url)
    insert_subscribers(url)
    settings, run_id, bounds = started_run(url)
    ctx = SendContext(settings, MemorySender(), almanac_content())
    send_batch(ctx, run_id, bounds[0], DUE)
    start = time.perf_counter()
    send_batch(ctx, run_id, bounds[1], DUE)
    print(f"one batch of {BATCH}: {time.perf_counter() - start:.3f} s (no profiler)")
    profiler = cProfile.Profile()
    profiler.runcall(send_batch, ctx, run_id, bounds[2], DUE)
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def through_fake(url: str, postgres) -> None:
    import resource

    from bench.broadcast.run import PHONE_NUMBER_ID, TOKEN, CpuMeter, start_fake

    from lokpanchang.broadcast import SendContext, send_batch
    from lokpanchang.broadcast.content import default_content
    from lokpanchang.delivery.whatsapp import WhatsAppSender
    from lokpanchang.storage import migrate

    port = servers.free_port()
    fake = start_fake(port)
    try:
        migrate.upgrade(url)
        insert_subscribers(url)
        settings, run_id, bounds = started_run(url)
        sender = WhatsAppSender(
            base_url=f"http://127.0.0.1:{port}",
            api_version="v25.0",
            phone_number_ids=(PHONE_NUMBER_ID,),
            access_token=TOKEN,
            keep_open=True,
        )
        ctx = SendContext(settings, sender, default_content(settings))
        send_batch(ctx, run_id, bounds[0], DUE)
        postmaster = int((postgres.datadir / "postmaster.pid").read_text().split()[0])
        meter = CpuMeter({"fake": [fake.pid], "postgres": [postmaster]})
        meter.start()
        own = resource.getrusage(resource.RUSAGE_SELF)
        for batch in bounds[1:]:
            send_batch(ctx, run_id, batch, DUE)
        used = resource.getrusage(resource.RUSAGE_SELF)
        messages = SUBSCRIBERS - BATCH
        cpu = meter.stop(messages)["cpu_ms_per_message_by_part"]
        worker = used.ru_utime + used.ru_stime - own.ru_utime - own.ru_stime
        print(
            f"{messages} messages, CPU ms per message: this process (the worker's part) "
            f"{1000 * worker / messages:.3f}, fake {cpu['fake']:.3f}, PostgreSQL {cpu['postgres']:.3f}"
        )
    finally:
        fake.terminate()
        fake.wait()


def main() -> None:
    global SUBSCRIBERS
    if (sys.argv[1:] or ["pg"])[0] == "fake":
        SUBSCRIBERS = 10_500
        postgres = servers.start_postgres()
        try:
            through_fake(postgres.create_database(), postgres)
        finally:
            postgres.discard()
        return
    if (sys.argv[1:] or ["pg"])[0] == "sqlite":
        profile(f"sqlite:///{tempfile.mkdtemp()}/profile.sqlite3")
        return
    postgres = servers.start_postgres()
    try:
        profile(postgres.create_database())
    finally:
        postgres.discard()


if __name__ == "__main__":
    main()
