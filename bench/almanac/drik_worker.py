"""Runs drik-panchanga 2.0.0 on the benchmark cases, in its own virtualenv and process.

Usage: <drik venv python> drik_worker.py CASES.json > RESULTS.json
Each case: {"latitude", "longitude", "offset_hours", "date"}. drik-panchanga is set to Lahiri
and to upper-limb rising with refraction (our default), so both sides compute the same thing.
Timed per day: sunrise, sunset, tithi, nakshatra, yoga, karana (each with end times), with
drik-panchanga's memo caches emptied before each case (its caches still serve within a day).
"""

import json
import sys
import time

import panchanga
import swisseph as swe

panchanga.set_chosen_ayanamsa("lahiri")
panchanga.set_coordinate_mode("sidereal")
panchanga._rise_flags = 0  # upper limb + refraction instead of its default Hindu rising


def one_day(case):
    year, month, day = (int(part) for part in case["date"].split("-"))
    jd = swe.julday(year, month, day, 0.0)
    place = panchanga.Place(case["latitude"], case["longitude"], case["offset_hours"])
    return {
        "sunrise": panchanga.sunrise(jd, place),
        "sunset": panchanga.sunset(jd, place),
        "tithi": panchanga.tithi(jd, place),
        "nakshatra": panchanga.nakshatra(jd, place),
        "yoga": panchanga.yoga(jd, place),
        "karana": panchanga.karana(jd, place),
    }


def clear_caches():
    """Empty drik-panchanga's memo caches, so each case is computed from scratch like ours."""
    for value in vars(panchanga).values():
        if hasattr(value, "cache_clear"):
            value.cache_clear()


def main():
    with open(sys.argv[1]) as handle:
        cases = json.load(handle)
    one_day(cases[0])  # warm up imports
    results, durations = [], []
    for case in cases:
        clear_caches()
        started = time.perf_counter()
        results.append(one_day(case))
        durations.append(time.perf_counter() - started)
    json.dump({"results": results, "durations": durations}, sys.stdout)


if __name__ == "__main__":
    main()
