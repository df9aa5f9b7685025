"""Cards rendered ahead (issue 27 item 3): cells per hour, alone and beside a daily run, and
what rendering them does to the run's send rate. Four scenarios in one run (five with ``--nice``):

1. send alone: SUBSCRIBERS in Asia/Kolkata due LEAD s after planning, sent unpaced (the
   machine's full rate) by WORKERS x ``celery worker -c CONCURRENCY`` through real
   PostgreSQL and Redis to ``lokpanchang fake-whatsapp`` (100 ms latency), as
   bench/broadcast/run.py sends them (its functions);
2. pre-render alone: the pass (``broadcast.card_prerender.prerender_chunk`` chunk after chunk,
   as the ``tasks.prerender_cards`` chain runs it) over CELLS cards of tomorrow's slot
   (PLACES places x the languages, their own subscribers, a slot 6 h ahead), one process;
3. both, guard off: the same daily run with the pass started 3 s before its instant and
   running beside it in its own process,
   its check for a near slot or an open run switched off, the worst case (a third busy
   process on two cores);
4. both, guard on (as deployed): the pass checks before every chunk and renders nothing
   while the run is open; here it asks again every second (beat asks every
   CARD_PRERENDER_PERIOD = 300 s).

In 3 and 4 the pass's process starts when the run is planned (LEAD s before its instant).
The three send scenarios run interleaved REPEATS times; the summary gives their median
rates and the ratios to the send alone. ``selection_ms`` is one chunk that finds every card
on disk: the cost of choosing the cells (the queries) and checking the disk.

Cells per hour count the cards the pass wrote while the run was sending (due instant to
last arrival) in 3 and 4, and over the whole pass in 2. Each scenario has its own database
and card directory (bound 4 GB: the bound is not what is measured here).

    PYTHONPATH=src:. .venv/bin/python bench/card/prerender.py [--subscribers 20000]
        [--places 200] [--workers 1] [--concurrency 2] [--repeats 2]

``--nice N`` adds a fifth scenario: both, guard off, the pass's process at CPU priority
lowered by N (``os.nice``), to see whether the pass can share the machine with a send
instead of stepping aside.

``--profile`` instead runs the pass alone in this process over PLACES x 5 cells and says
where a cell's time goes: the guard's and the selection's queries (re-run each chunk), the
disk checks, the panchangam (memo, shared store, computation), the render and the write
(``put_keeping``), as ms per cell; ``--old-cards N`` first puts N cards of another day in
the card directory, as a night finds it with yesterday's cards still there.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from bench.broadcast.run import (
    LEAD_SECONDS,
    ZONE,
    environment,
    fake_call,
    insert_subscribers,
    plan,
    send_servers,
    send_time_after,
    start_workers,
    summary,
    wait_for_run,
)

LANGUAGES = ("en", "hi", "ta", "te", "bn")
CARD_DIR_MB = 4096


def add_card_subscribers(database_url: str, places: int, now: datetime) -> None:
    """One subscriber per (place, language): ``places`` x 5 cells, due 6 h from ``now``."""
    from lokpanchang.storage.addresses import insert_subscribers as insert_rows
    from lokpanchang.storage.db import transaction
    from lokpanchang.storage.models import FOREVER

    local = (now + timedelta(hours=6)).astimezone(ZoneInfo(ZONE))
    send_time = local.replace(second=0, microsecond=0).time()
    rows = [
        {
            "address": f"+9180{n * 10 + k:08d}",
            "latitude": 9.0 + (n // 40) * 0.5,
            "longitude": 72.0 + (n % 40) * 0.4,
            "timezone": ZONE,
            "language": language,
            "send_time": send_time,
            "created_on": now,
            "obsoleted_on": FOREVER,
            "undeliverable_days": 0,
            "display_name": "",
        }
        for n in range(places)
        for k, language in enumerate(LANGUAGES)
    ]
    with transaction(database_url) as session:
        insert_rows(session, "whatsapp", rows, now)


def run_pass(env: dict, guard: bool, stop, stamps, nice: int = 0) -> None:
    """The pass, chunk after chunk, until ``stop`` is set or the cards are all made;
    appends (wall time, cards written, chunk seconds) after each chunk to ``stamps``, and
    once done, one more chunk that finds every card on disk (the selection's own cost).
    ``nice``: the process's CPU priority lowered by that much first (``celery worker
    --nice``'s ``os.nice``)."""
    os.nice(nice)
    os.environ.update(env)
    from lokpanchang import clock
    from lokpanchang.broadcast import card_prerender
    from lokpanchang.broadcast.content import default_content
    from lokpanchang.card_cache import CardCache
    from lokpanchang.config import load_settings

    settings = load_settings(env)
    if not guard:
        card_prerender.send_near = lambda *args: False  # the worst case, on purpose
    cache = CardCache(settings.effective_card_cache_dir, CARD_DIR_MB * 2**20)
    work = card_prerender.Prerenderer(settings, cache, default_content(settings).panchangams)
    far = clock.now() + timedelta(days=1)
    done = False
    while not stop.is_set():
        started = time.perf_counter()
        report = card_prerender.prerender_chunk(work, clock.now(), far)
        stamps.append((time.time(), report.rendered, time.perf_counter() - started))
        if done:
            return
        done = report.stop is card_prerender.Stop.DONE
        if report.stop is card_prerender.Stop.SEND_NEAR:
            time.sleep(1.0)


def scenario(
    name: str, pg, redis_url: str, port: int, args, send: bool, guard: bool | None, nice: int = 0
):
    import redis

    from lokpanchang import clock
    from lokpanchang.config import load_settings
    from lokpanchang.storage import migrate

    redis.Redis.from_url(redis_url).flushall()
    fake_call(port, "/_fake/messages", "DELETE")
    database_url = pg.create_database()
    migrate.upgrade(database_url)
    data_dir = tempfile.mkdtemp(prefix="bench-cards-")
    env = {**environment(database_url, redis_url, port, 1e6, data_dir),
           "CARD_CACHE_MB": str(CARD_DIR_MB)}  # fmt: skip
    now = clock.now()
    if guard is not None or not send:
        add_card_subscribers(database_url, args.places, now)
    if not send:
        return pass_alone(name, env, args)
    insert_subscribers(database_url, args.subscribers, send_time_after(now, LEAD_SECONDS), now, 0)
    workers = start_workers(env, args.workers, args.concurrency)
    spawn = multiprocessing.get_context("spawn")
    stop, stamps = spawn.Event(), spawn.Manager().list()
    beside = None
    try:
        [run_id] = plan(load_settings(env))
        if guard is not None:  # started LEAD s before the instant, its start-up not in the run
            beside = spawn.Process(target=run_pass, args=(env, guard, stop, stamps, nice))
            beside.start()
        status, due_at, peak, total = wait_for_run(database_url, run_id, workers, 3600)
    finally:
        stop.set()
        if beside is not None:
            beside.join(120)
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.wait(60)
    arrivals = sorted(fake_call(port, "/_fake/accepted-at")["accepted_at"])
    result = summary(name, status, due_at, arrivals, args.subscribers, 1e6, peak, total,
                     args.workers, args.concurrency)  # fmt: skip
    if guard is not None:
        start, end = due_at.timestamp(), arrivals[-1]
        during = sum(n for t, n, _ in stamps if start <= t <= end)
        result |= {"cards_during_run": during,
                   "cells_per_hour_during_run": round(during * 3600 / (end - start))}  # fmt: skip
    return result


def pass_alone(name: str, env: dict, args) -> dict:
    spawn = multiprocessing.get_context("spawn")
    stop, stamps = spawn.Event(), spawn.Manager().list()
    started = time.time()
    process = spawn.Process(target=run_pass, args=(env, True, stop, stamps))
    process.start()
    process.join(3600)
    elapsed = time.time() - started
    cards = len(list(Path(env["DATA_DIR"], "cards").glob("*.png")))
    return {"scenario": name, "cards": cards, "seconds": round(elapsed, 1),
            "cells_per_hour": round(cards * 3600 / elapsed), "chunks": len(stamps),
            "selection_ms": round(1000 * stamps[-1][2], 1)}  # fmt: skip


def profile(args) -> dict:
    """The pass alone, in this process, each stage of a chunk timed (see the docstring)."""
    from tests import servers

    pg = servers.start_postgres()
    try:
        return _profiled_pass(pg, args)
    finally:
        pg.discard()


def _profiled_pass(pg, args) -> dict:
    from lokpanchang import card_cache, clock
    from lokpanchang.broadcast import card_prerender
    from lokpanchang.broadcast.content import default_content
    from lokpanchang.card_cache import CardCache
    from lokpanchang.config import load_settings
    from lokpanchang.storage import migrate

    database_url = pg.create_database()
    migrate.upgrade(database_url)
    data_dir = Path(tempfile.mkdtemp(prefix="bench-cards-"))
    env = {"ENVIRONMENT": "test", "DATA_DIR": str(data_dir), "DATABASE_URL": database_url,
           "LOG_LEVEL": "WARNING", "CARD_CACHE_MB": str(CARD_DIR_MB)}  # fmt: skip
    os.environ.update(env)
    now = clock.now()
    add_card_subscribers(database_url, args.places, now)
    settings = load_settings(env)
    cache = CardCache(settings.effective_card_cache_dir, CARD_DIR_MB * 2**20)
    _old_cards(settings.effective_card_cache_dir, args.old_cards)
    work = card_prerender.Prerenderer(settings, cache, default_content(settings).panchangams)
    spent: dict[str, float] = {}
    _time(card_prerender, "send_near", "guard queries", spent)
    _time(card_prerender, "wanted_cells", "selection queries", spent)
    _time(cache, "contains", "disk checks", spent)
    _time(cache, "room", "listing (CardCache.room, once a chunk)", spent)
    _time(card_cache.Room, "put", "write (Room.put)", spent)
    _time(work.panchangams, "get", "panchangam", spent)
    _time(work, "render", "render", spent)
    far, cards, started = clock.now() + timedelta(days=1), 0, time.perf_counter()
    cpu = time.process_time()
    while True:
        report = card_prerender.prerender_chunk(work, clock.now(), far)
        cards += report.rendered
        if report.stop is not card_prerender.Stop.MORE:
            break
    total, cpu = time.perf_counter() - started, time.process_time() - cpu
    per_cell = {name: round(1000 * spent_s / max(cards, 1), 2) for name, spent_s in spent.items()}
    per_cell["other"] = round(
        1000 * total / max(cards, 1)
        - sum(value for name, value in per_cell.items() if not name.endswith("CPU")),
        2,
    )
    per_cell["other, CPU"] = round(
        1000 * cpu / max(cards, 1)
        - sum(value for name, value in per_cell.items() if name.endswith("CPU")),
        2,
    )
    return {"profile": "pass alone, in process", "cells": cards, "stop": str(report.stop),
            "old_cards": args.old_cards, "chunk": settings.card_prerender_chunk,
            "seconds": round(total, 1), "ms_per_cell": round(1000 * total / max(cards, 1), 1),
            "cpu_ms_per_cell_this_process": round(1000 * cpu / max(cards, 1), 1),
            "ms_per_cell_by_stage": per_cell,
            "panchangams_computed": work.panchangams.computed}  # fmt: skip


def _time(owner, name: str, stage: str, spent: dict[str, float]) -> None:
    """Wrap ``owner.name`` so that its time adds up in ``spent[stage]``."""
    inner = getattr(owner, name)
    spent[stage] = spent[f"{stage}, CPU"] = 0.0

    def timed(*args, **kwargs):
        started, cpu = time.perf_counter(), time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            spent[stage] += time.perf_counter() - started
            spent[f"{stage}, CPU"] += time.process_time() - cpu

    setattr(owner, name, timed)


def _old_cards(directory: Path, count: int) -> None:
    """``count`` 48 KB cards of an earlier day (as yesterday's pass left them)."""
    directory.mkdir(parents=True, exist_ok=True)
    body = os.urandom(48 * 1024)
    for n in range(count):
        (directory / f"1.{n:05d}_2.00_2020-01-01_en_default_drik_v1.png").write_bytes(body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--subscribers", type=int, default=20_000)
    parser.add_argument("--places", type=int, default=200)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--nice", type=int, default=0,
                        help="also a send beside the pass at this lower priority, guard off")  # fmt: skip
    parser.add_argument("--profile", action="store_true", help="the pass alone, by stage")
    parser.add_argument("--old-cards", type=int, default=0, help="--profile: cards already there")
    args = parser.parse_args()
    if args.profile:
        print(json.dumps(profile(args)), flush=True)
        return
    with send_servers() as (redis_server, pg, port, _):
        alone = scenario("pre-render alone", pg, redis_server.url, port, args, False, True)
        print(json.dumps(alone), flush=True)
        sends = [*SENDS, *([(f"both, guard off, nice {args.nice}", False)] if args.nice else [])]
        rates: dict[str, list[float]] = {name: [] for name, _ in sends}
        for _ in range(args.repeats):  # interleaved: the machine's load falls on every side
            for name, guard in sends:
                nice = args.nice if "nice" in name else 0
                result = scenario(name, pg, redis_server.url, port, args, True, guard, nice)
                rates[name].append(result["messages_per_s"])
                print(json.dumps(result), flush=True)
        medians = {name: statistics.median(found) for name, found in rates.items()}
        base = medians["send alone"]
        print(json.dumps({"median_messages_per_s": medians,
                          "ratio_to_send_alone": {n: round(m / base, 3) for n, m in medians.items()}}))  # fmt: skip


SENDS = (("send alone", None), ("both, guard off", False), ("both, guard on", True))


if __name__ == "__main__":
    main()
