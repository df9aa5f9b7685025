"""What a card costs: milliseconds per card and the renderer's memory (issue 27).

    PYTHONPATH=src .venv/bin/python bench/card/run.py [--places 10] [--days 30]

Cards for --places Indian towns x --days consecutive days, each day in one of the ten
languages in turn (so every language gets places x days / 10 cards, and each card is a
new day: names, times and observances change from card to card as they do at night).
The panchangams are computed first and not timed: they are the message's, shared. Timed
per card, side by side in one process: ``render_daily`` (the message text, the baseline)
and ``render_card`` (the PNG). The first card of each language is reported apart (cold:
its fonts opened, no word rasterised yet). RSS is the process's resident memory after
the run (psutil) and its peak (getrusage), against the target of 150 MB.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
from datetime import date, timedelta

import psutil

from lokpanchang import languages
from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.card import render_card
from lokpanchang.messages import render_daily

FIRST_DAY = date(2026, 3, 1)
TOWNS = (
    ("Hyderabad", 17.385, 78.4867),
    ("Chennai", 13.0827, 80.2707),
    ("Mumbai", 19.076, 72.8777),
    ("Kolkata", 22.5726, 88.3639),
    ("Bengaluru", 12.9716, 77.5946),
    ("Kochi", 9.9312, 76.2673),
    ("Ahmedabad", 23.0225, 72.5714),
    ("Varanasi", 25.3176, 82.9739),
    ("Pune", 18.5204, 73.8567),
    ("Guwahati", 26.1445, 91.7362),
)
TARGET_MS, TARGET_MB = 50.0, 150.0


def cases(places: int, days: int) -> list[tuple[object, str, str]]:
    """(panchangam, language, place) for each card, languages in turn."""
    found: list[tuple[object, str, str]] = []
    for i, (town, latitude, longitude) in enumerate(TOWNS[:places]):
        for d in range(days):
            day = generate_panchangam_with_timezone(
                latitude, longitude, "Asia/Kolkata", FIRST_DAY + timedelta(days=d),
                city=town, include_muhurtas=False,
            )  # fmt: skip
            found.append((day, languages.CODES[(i + d) % len(languages.CODES)], town))
    return found


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--places", type=int, default=len(TOWNS))
    parser.add_argument("--days", type=int, default=30)
    args = parser.parse_args()
    work = cases(args.places, args.days)
    before = psutil.Process().memory_info().rss
    text_ms, card_ms, cold_ms, sizes = [], [], {}, []
    for day, language, town in work:
        started = time.perf_counter()
        render_daily(day, language, town, version=2)
        text_ms.append(_ms(started))
        started = time.perf_counter()
        png = render_card(day, language, town)
        elapsed = _ms(started)
        sizes.append(len(png))
        if language in cold_ms:
            card_ms.append(elapsed)
        else:
            cold_ms[language] = elapsed
    rss = psutil.Process().memory_info().rss
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    _report(len(work), text_ms, card_ms, cold_ms, sizes, before, rss, peak)


def _report(count, text_ms, card_ms, cold_ms, sizes, before, rss, peak) -> None:
    card = statistics.median(card_ms)
    p90 = statistics.quantiles(card_ms, n=10)[-1]
    mb = 1024 * 1024
    print(f"cards: {count} ({len(card_ms)} warm, {len(cold_ms)} first of their language)")
    print(f"message text (render_daily): median {statistics.median(text_ms):.2f} ms")
    print(f"card (render_card): median {card:.1f} ms, p90 {p90:.1f} ms, max {max(card_ms):.1f} ms")
    print(f"first card of a language: median {statistics.median(cold_ms.values()):.1f} ms, "
          f"max {max(cold_ms.values()):.1f} ms")  # fmt: skip
    print(
        f"PNG size: median {statistics.median(sizes) / 1024:.0f} KiB, max {max(sizes) / 1024:.0f} KiB"
    )
    print(
        f"RSS: {before / mb:.0f} MB before the cards, {rss / mb:.0f} MB after, peak {peak / mb:.0f} MB"
    )
    ok = card <= TARGET_MS and peak / mb <= TARGET_MB
    print(
        f"target <= {TARGET_MS:.0f} ms a card and <= {TARGET_MB:.0f} MB: {'met' if ok else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
