"""A card rendered ahead kept on disk (``CardCache.put_keeping``) in a directory that already
holds OLD cards (yesterday's, as a pre-render night finds it), this tree against another
tree's ``card_cache.py`` (``--baseline DIR``, e.g. main's ``src``), side by side in one run,
interleaved: ms per card, wall and CPU (median of REPEATS rounds of CARDS cards each).

    PYTHONPATH=src .venv/bin/python bench/card/cache_put.py --baseline /work/main/src
        [--old 10000] [--cards 200] [--repeats 3]
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


def one_round(module, old: int, cards: int) -> tuple[float, float]:
    """ms per card (wall, CPU) of ``cards`` put_keeping calls over ``old`` cards on disk."""
    directory = Path(tempfile.mkdtemp(prefix="bench-cache-put-"))
    try:
        for n in range(old):
            (directory / f"1.{n:05d}_2.00_2020-01-01_en_default_drik_v1.png").write_bytes(PNG)
        cache = module.CardCache(directory, 2**40)
        keys = [module.CardKey(17.0, 78.0 + n / 100, date(2026, 3, 10), "hi", "amanta", "drik")
                for n in range(cards)]  # fmt: skip
        keep = frozenset(key.file_name() for key in keys)
        wall, cpu = time.perf_counter(), time.process_time()
        for key in keys:
            assert cache.put_keeping(key, PNG, keep)
        return (1000 * (time.perf_counter() - wall) / cards,
                1000 * (time.process_time() - cpu) / cards)  # fmt: skip
    finally:
        shutil.rmtree(directory)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True)
    parser.add_argument("--old", type=int, default=10_000)
    parser.add_argument("--cards", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    trees = {"baseline": load(args.baseline, "baseline_cache"),
             "this tree": load(Path(__file__).resolve().parents[2] / "src", "this_cache")}  # fmt: skip
    found: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
    for _ in range(args.repeats):
        for name, module in trees.items():
            found[name].append(one_round(module, args.old, args.cards))
    result = {name: {"wall_ms_per_card": round(statistics.median(w for w, _ in runs), 2),
                     "cpu_ms_per_card": round(statistics.median(c for _, c in runs), 2)}
              for name, runs in found.items()}  # fmt: skip
    base, ours = result["baseline"]["cpu_ms_per_card"], result["this tree"]["cpu_ms_per_card"]
    print(json.dumps({"old_cards": args.old, "cards": args.cards, "load": os.getloadavg(),
                      **result, "cpu_ratio": round(ours / base, 3)}))  # fmt: skip


if __name__ == "__main__":
    main()
