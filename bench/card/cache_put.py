"""Cards rendered ahead kept on disk in a directory that already holds OLD cards
(yesterday's, as a pre-render night finds it), this tree against another tree's
``card_cache.py`` (``--baseline DIR``, e.g. an older commit's ``src``), side by side in one
run, interleaved: ms per card, wall and CPU (median of REPEATS rounds of CARDS cards each).
A tree with ``CardCache.room`` keeps them a chunk (CHUNK cards, the pass's
CARD_PRERENDER_CHUNK) per room, as the pass does; an older one, ``put_keeping`` per card.

    PYTHONPATH=src .venv/bin/python bench/card/cache_put.py --baseline DIR
        [--old 10000] [--cards 200] [--chunk 20] [--repeats 3]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

PNG = b"\x89PNG\r\n\x1a\n" + os.urandom(48 * 1024)  # a card's median size


def load(source: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, source / "lokpanchang/card_cache.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def keep_all(cache, keys, png: bytes, keep: frozenset[str], chunk: int) -> None:
    """Keep every card as the tree's pre-render pass does."""
    if not hasattr(cache, "room"):  # a tree before rooms: one listing per card
        for key in keys:
            assert cache.put_keeping(key, png, keep)
        return
    for start in range(0, len(keys), chunk):
        room = cache.room(keep)
        for key in keys[start : start + chunk]:
            assert room.put(key, png)


def one_round(module, old: int, cards: int, chunk: int) -> tuple[float, float]:
    """ms per card (wall, CPU) of keeping ``cards`` cards over ``old`` cards on disk."""
    directory = Path(tempfile.mkdtemp(prefix="bench-cache-put-"))
    try:
        for n in range(old):
            (directory / f"1.{n:05d}_2.00_2020-01-01_en_default_drik_v1.png").write_bytes(PNG)
        cache = module.CardCache(directory, 2**40)
        keys = [module.CardKey(17.0, 78.0 + n / 100, date(2026, 3, 10), "hi", "amanta", "drik")
                for n in range(cards)]  # fmt: skip
        keep = frozenset(key.file_name() for key in keys)
        wall, cpu = time.perf_counter(), time.process_time()
        keep_all(cache, keys, PNG, keep, chunk)
        return (1000 * (time.perf_counter() - wall) / cards,
                1000 * (time.process_time() - cpu) / cards)  # fmt: skip
    finally:
        shutil.rmtree(directory)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True)
    parser.add_argument("--old", type=int, default=10_000)
    parser.add_argument("--cards", type=int, default=200)
    parser.add_argument("--chunk", type=int, default=20, help="cards per room")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    trees = {"baseline": load(args.baseline, "baseline_cache"),
             "this tree": load(Path(__file__).resolve().parents[2] / "src", "this_cache")}  # fmt: skip
    found: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
    for _ in range(args.repeats):
        for name, module in trees.items():
            found[name].append(one_round(module, args.old, args.cards, args.chunk))
    result = {name: {"wall_ms_per_card": round(statistics.median(w for w, _ in runs), 2),
                     "cpu_ms_per_card": round(statistics.median(c for _, c in runs), 2)}
              for name, runs in found.items()}  # fmt: skip
    base, ours = result["baseline"]["cpu_ms_per_card"], result["this tree"]["cpu_ms_per_card"]
    print(json.dumps({"old_cards": args.old, "cards": args.cards, "chunk": args.chunk,
                      "load": os.getloadavg(),
                      **result, "cpu_ratio": round(ours / base, 3)}))  # fmt: skip


if __name__ == "__main__":
    main()
