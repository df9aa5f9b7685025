"""Candidate changes to the ``drik`` positions, measured on the odd-year month pages.

A probe, not a test (issue 22, the tithi ends' bias): each candidate replaces
``ephemeris._drik_position`` for the run (a physical variant: a Swiss Ephemeris flag on one
body, another Delta T; or a fitted correction: arc seconds on the Sun or Moon, seconds of
Delta T, arc seconds of ayanamsa) and compares every odd-year day as
``drikpanchang_accuracy`` does. It prints, per element, the share within 30 s and 60 s of the
published minute, the signed mean of ours - published (our seconds truncated: -0.5 s is built
in), and the same for 1901-1975 and 1977-2049 apart (fit on one half, read the other).

    PYTHONPATH=src .venv/bin/python -m tests.almanac.drikpanchang_candidates CANDIDATE

CANDIDATE: ``today``, a name in ``PHYSICAL``, ``files:DIR`` (Swiss Ephemeris files), or
``fit:DT:AYANAMSA:SUN:MOON`` (seconds added to Delta T, arc seconds to the ayanamsa and to
the Sun's and the Moon's longitudes).
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

import swisseph as swe

from lokpanchang.almanac import DRIK, ephemeris
from lokpanchang.almanac.convention import Convention, drik_delta_t_excess
from lokpanchang.messages.minutes import nearest_minute
from tests.almanac import drikpanchang_accuracy as accuracy
from tests.almanac.reference import drikpanchang

_JD_2000 = 2451545.0


def espenak_meeus_delta_t(jd_ut: float) -> float:
    """Delta T (s) by Espenak and Meeus' polynomials (NASA's eclipse pages), 1900-2005."""
    year = 2000.0 + (jd_ut - _JD_2000) / 365.25
    pieces: tuple[tuple[float, float, tuple[float, ...]], ...] = (
        (1920, 1900, (-2.79, 1.494119, -0.0598939, 0.0061966, -0.000197)),
        (1941, 1920, (21.20, 0.84493, -0.076100, 0.0020936)),
        (1961, 1950, (29.07, 0.407, -1 / 233, 1 / 2547)),
        (1986, 1975, (45.45, 1.067, -1 / 260, -1 / 718)),
        (9999, 2000, (63.86, 0.3345, -0.060374, 0.0017275, 0.000651814, 0.00002373599)),
    )
    origin, coefficients = next((o, c) for end, o, c in pieces if year < end)
    t = year - origin
    return sum(c * t**power for power, c in enumerate(coefficients))


@dataclass
class Candidate:
    """What a candidate changes in the ``drik`` positions."""

    flags: dict[int, int] = field(default_factory=dict)  # extra calc flags by body
    arcsec: dict[int, float] = field(default_factory=dict)  # added to a body's longitude
    delta_t_seconds: float = 0.0  # added to drikpanchang.com's Delta T
    ayanamsa_arcsec: float = 0.0
    sun_without_excess: bool = False  # the Sun at Swiss Ephemeris' Delta T, the Moon not
    meeus_aberration: bool = False  # the Sun's aberration as -20.4898"/R
    delta_t: Callable[[float], float] | None = None  # seconds, before 2000 only


PHYSICAL = {
    "moon_truepos": Candidate(flags={swe.MOON: swe.FLG_TRUEPOS}),
    "sun_truepos": Candidate(flags={swe.SUN: swe.FLG_TRUEPOS}),
    "moon_noaberr": Candidate(flags={swe.MOON: swe.FLG_NOABERR}),
    "sun_meeus_aberration": Candidate(flags={swe.SUN: swe.FLG_NOABERR}, meeus_aberration=True),
    "icrs": Candidate(flags={swe.SUN: swe.FLG_ICRS, swe.MOON: swe.FLG_ICRS}),
    "nogdefl": Candidate(flags={swe.SUN: swe.FLG_NOGDEFL, swe.MOON: swe.FLG_NOGDEFL}),
    "sun_without_excess": Candidate(sun_without_excess=True),
    "espenak_meeus_before_2000": Candidate(delta_t=espenak_meeus_delta_t),
}


def parse(name: str) -> Candidate:
    """The candidate called ``name`` (see the module's text); ValueError naming it otherwise."""
    if name == "today":
        return Candidate()
    if name in PHYSICAL:
        return PHYSICAL[name]
    if name.startswith("files:"):
        ephemeris.use_ephemeris_files(name.removeprefix("files:"))
        return Candidate()
    if name.startswith("fit:") and name.count(":") == 4:
        dt, ayanamsa, sun, moon = (float(part) for part in name.split(":")[1:])
        return Candidate(arcsec={swe.SUN: sun, swe.MOON: moon}, delta_t_seconds=dt,
                         ayanamsa_arcsec=ayanamsa)  # fmt: skip
    raise ValueError(f"unknown candidate {name!r}")


def _jd_tt(jd_ut: float, body: int, piece: int | None, candidate: Candidate) -> float:
    if candidate.delta_t is not None and jd_ut < _JD_2000:
        return jd_ut + candidate.delta_t(jd_ut) / 86400.0
    jd_tt = jd_ut + swe.deltat_ex(jd_ut, ephemeris._EPHEMERIS_FLAG)
    if not (candidate.sun_without_excess and body == swe.SUN):
        excess = drik_delta_t_excess(jd_ut, piece) + candidate.delta_t_seconds
        jd_tt += excess / 86400.0
    return jd_tt


def install(candidate: Candidate) -> None:
    """Replace the ``drik`` positions by the candidate's for this process."""

    def position(
        jd_ut: float, body: int, convention: Convention, piece: int | None
    ) -> tuple[float, ...]:
        jd_tt = _jd_tt(jd_ut, body, piece, candidate)
        flags = ephemeris._EPHEMERIS_FLAG | swe.FLG_SPEED | candidate.flags.get(body, 0)
        values = ephemeris._checked(swe.calc(jd_tt, body, flags), body)
        longitude = values[0] + candidate.arcsec.get(body, 0.0) / 3600.0
        if candidate.meeus_aberration and body == swe.SUN:
            longitude -= 20.4898 / values[2] / 3600.0
        ayanamsa = ephemeris._mean_ayanamsa(jd_tt, convention)
        longitude -= ayanamsa + candidate.ayanamsa_arcsec / 3600.0
        speed = values[3] - ephemeris._PRECESSION_PER_DAY
        return (longitude % 360.0, values[1], values[2], speed, *values[4:])

    ephemeris._drik_position = position


Offsets = dict[str, list[tuple[int, float | None]]]  # element -> (year, ours - published)


def _first_day_offsets(offsets: Offsets, first: drikpanchang.FirstDay, ours: object) -> None:
    found = accuracy.Accuracy("probe")
    accuracy._first(found, first, ours)  # type: ignore[arg-type]
    for kind in accuracy.ENDS:
        year = first.date.year
        offsets[kind] += [(year, x) for x in found.ends[kind].offsets]
        offsets[kind] += [(year, None)] * len(found.ends[kind].unmatched)


def collect() -> tuple[Offsets, float, float]:
    """Every odd-year end offset, and the share of sunrise and sunset minutes right."""
    offsets: Offsets = {kind: [] for kind in accuracy.ENDS}
    firsts = {record.date: record for record in drikpanchang.first_days()}
    rises = sets = 0
    published_days = drikpanchang.days()
    for published in published_days:
        ours = accuracy.delhi_day(published.date, DRIK)
        rises += nearest_minute(ours.sunrise) == published.sunrise  # type: ignore[arg-type]
        sets += nearest_minute(ours.sunset) == published.sunset  # type: ignore[arg-type]
        if published.nakshatra_end is not None:
            ended = accuracy._ended(ours.nakshatra, ours)
            gap = (ended[0].end - published.nakshatra_end).total_seconds() if ended else None
            offsets["nakshatra"].append((published.date.year, gap))
        if published.date in firsts:
            _first_day_offsets(offsets, firsts[published.date], ours)
    return offsets, rises / len(published_days), sets / len(published_days)


def summary(pairs: list[tuple[int, float | None]]) -> str:
    """Within 30 s, within 60 s and the signed mean (unmatched ends count as misses)."""
    found = [x for _, x in pairs if x is not None]
    within = [sum(abs(x) <= limit for x in found) / len(pairs) for limit in (30, 60)]
    return f"{within[0]:.2%} {within[1]:.2%} {statistics.fmean(found):+.2f}s"


def report(offsets: Offsets, sunrise: float, sunset: float) -> str:
    """One line per element and the four together: all years, 1901-1975, 1977-2049."""
    lines = [f"sunrise {sunrise:.2%} sunset {sunset:.2%}", "element: all | 1901-75 | 1977-2049"]
    together = [pair for pairs in offsets.values() for pair in pairs]
    for name, pairs in (*offsets.items(), ("four", together)):
        halves = [[p for p in pairs if test(p[0])] for test in (_early, _late)]
        lines.append(f"{name} n={len(pairs)}: " + " | ".join(map(summary, [pairs, *halves])))
    return "\n".join(lines)


def _early(year: int) -> bool:
    return year <= 1975


def _late(year: int) -> bool:
    return year >= 1977


if __name__ == "__main__":
    install(parse(sys.argv[1] if len(sys.argv) > 1 else "today"))
    print(report(*collect()))
