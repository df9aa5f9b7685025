"""The garbage collector in a worker: what start-up made is never scanned again, and young
objects are collected less often.

A quarter of a worker's CPU in a daily run was the collector (``gc.callbacks`` in each of
four worker processes, 150,000 subscribers: 2.4 s of 10 s each, 1.9 s of it in 19 full
collections). A full collection walks every object the process holds, and most of those
were made at start-up and live as long as it does: modules, mappers, compiled statements,
the almanac's tables. ``gc.freeze()`` moves them out of the collector's sight once the
process is ready; a larger first threshold lets a batch's short-lived objects die before a
collection finds them. Measured side by side (``bench/BENCHMARKS.md``, "The collector in a
worker"): workers' CPU per message 0.282 -> 0.242 ms frozen, 0.215 ms with the thresholds.
"""

from __future__ import annotations

import gc

from celery.signals import worker_init, worker_process_init

YOUNG_THRESHOLD = 20_000  # allocations between young collections (CPython's default: 700)
OLDER_THRESHOLDS = (20, 20)  # young (then middle) collections before an older one (10, 10)


def settle(**_kwargs) -> None:
    """Freeze every object this process holds now and collect the young ones less often;
    in a prefork parent before its children fork (they share those pages unwritten), then
    in each child once it is set up."""
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *OLDER_THRESHOLDS)


def connect_celery_signals() -> None:
    """Settle the collector in a worker once it is set up (every pool, each prefork child)."""
    worker_init.connect(settle, weak=False, dispatch_uid="lokpanchang.collector")
    worker_process_init.connect(settle, weak=False, dispatch_uid="lokpanchang.collector_child")
