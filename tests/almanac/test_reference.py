"""Our panchangam against published almanac values (reference/cases.json, see PROVENANCE.md).

Tolerances are the issue's: names exact; element end times +-2 min; sunrise and sunset +-1 min;
rahu kalam, yamaganda, gulika and abhijit +-2 min.

Known disagreements are listed by case in KNOWN_DISAGREEMENTS (strict xfails, so a case that
starts to agree is noticed) rather than hidden by wider tolerances:
- kathmandu-2022-03-26 (nam.com.np, a Nepali almanac): its tithi, nakshatra, yoga and karana
  ends are 28-39 min later than ours and its sunrise 3 min later, a different reckoning from
  drikpanchang.com's, which every other case follows.
- Moonrise/moonset: drikpanchang.com uses two conventions. Its Bengali Panjika pages match our
  default, the topocentric upper limb with refraction (DESIGN.md), within a minute; its
  day-panchang pages (as captured in the VedaCal fixtures) use the geometric centre of the
  disc without refraction (4-11 min narrower; with ``MoonRisingMode.GEOMETRIC_CENTRE`` they
  agree within 0.6 min). Each case is checked with its page's convention. Moon events are compared
  (+-2 min) only where the published value is on the civil date after sunrise: drikpanchang
  lists the first moon event between two sunrises, we list the first on the civil date
  (issue 3), and the two coincide exactly there.
"""

from __future__ import annotations

import json
from datetime import date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from lokpanchang.almanac import (
    ASTRONOMICAL,
    DRIK,
    Convention,
    MoonRisingMode,
    generate_panchangam_with_timezone,
)
from lokpanchang.messages.minutes import nearest_minute

CASES_FILE = Path(__file__).parent / "reference" / "cases.json"
ELEMENT_END = timedelta(minutes=2)
SUN = timedelta(minutes=1)
KALAM = timedelta(minutes=2)
MOON = timedelta(minutes=2)


def _load_cases() -> list[dict]:
    if not CASES_FILE.exists():
        return []
    return json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]


CASES = _load_cases()
pytestmark = pytest.mark.skipif(not CASES, reason=f"no reference data at {CASES_FILE}")


def _local(text: str, case: dict) -> datetime:
    """A published local time: "HH:MM" on the case's date, or a "YYYY-MM-DDTHH:MM" stamp."""
    zone = ZoneInfo(case["timezone"])
    if "T" in text:
        return datetime.fromisoformat(text).replace(tzinfo=zone)
    clock = time.fromisoformat(text)
    return datetime.combine(date.fromisoformat(case["date"]), clock, tzinfo=zone)


class Comparison:
    """Collects every disagreement of one case, so a failure lists them all."""

    def __init__(self, case: dict, panchangam) -> None:
        self.case, self.ours = case, panchangam
        self.problems: list[str] = []

    def time(self, field: str, published: str, ours: datetime | None, tolerance: timedelta):
        expected = _local(published, self.case)
        if ours is None or abs(ours - expected) > tolerance:
            self.problems.append(
                f"{field}: published {published}, ours "
                f"{ours.isoformat() if ours else None} (tolerance {tolerance})"
            )

    def equal(self, field: str, published, ours) -> None:
        if published != ours:
            self.problems.append(f"{field}: published {published!r}, ours {ours!r}")


def _check_sun(check: Comparison) -> None:
    for field in ("sunrise", "sunset"):
        if check.case.get(field):
            check.time(field, check.case[field], getattr(check.ours, field), SUN)


def _check_moon(check: Comparison) -> None:
    case, ours = check.case, check.ours
    for field in ("moonrise", "moonset"):
        published = case.get(field)
        if (
            published
            and "T" not in published
            and ours.sunrise is not None
            and _local(published, case) >= ours.sunrise
        ):
            check.time(field, published, getattr(ours, field), MOON)


def _check_elements(check: Comparison) -> None:
    for kind in ("tithi", "nakshatra", "yoga", "karana"):
        published = check.case.get(kind) or []
        entries = getattr(check.ours, kind)
        for index, expected in enumerate(published):
            if index >= len(entries):
                check.problems.append(f"{kind}[{index}] {expected['name']}: we list no entry")
                continue
            check.equal(f"{kind}[{index}].name", expected["name"], entries[index].name)
            if expected["end"] is not None:
                check.time(f"{kind}[{index}].end", expected["end"], entries[index].end, ELEMENT_END)
            elif index != len(entries) - 1:
                check.problems.append(
                    f"{kind}[{index}] lasts past next sunrise in the "
                    f"source, ours ends {entries[index].end.isoformat()}"
                )


def _check_kalams(check: Comparison) -> None:
    for field in ("rahu_kalam", "yamaganda", "gulika", "abhijit"):
        published = check.case.get(field)
        if not published:
            continue
        interval = getattr(check.ours, field)
        check.time(f"{field}.start", published["start"], interval and interval.start, KALAM)
        check.time(f"{field}.end", published["end"], interval and interval.end, KALAM)


def _month_name(named, adhika: bool) -> str:
    return f"{named.name} (Adhik)" if adhika else named.name


def _check_calendar(check: Comparison) -> None:
    case, ours = check.case, check.ours
    expected = {
        "vara": ours.vara.name,
        "masa_amanta": _month_name(ours.masa.amanta, ours.masa.adhika),
        "masa_purnimanta": _month_name(ours.masa.purnimanta, ours.masa.adhika),
        "paksha": f"{ours.tithi[0].paksha} Paksha",
        "samvatsara": ours.samvat.samvatsara.name,
        "shaka": ours.samvat.shaka,
        "vikram": ours.samvat.vikram,
        "ritu": ours.ritu.name,
        "ayana": ours.ayana.name,
    }
    for field, value in expected.items():
        if field in case:
            check.equal(field, case[field], value)


KNOWN_DISAGREEMENTS = {
    "kathmandu-2022-03-26": "nam.com.np uses another reckoning: element ends 28-39 min later",
}


def _params(cases: list[dict], marks_for) -> list:
    return [pytest.param(case, marks=marks_for(case), id=case["id"]) for case in cases]


def _verify(
    case: dict, parts, convention: Convention, moon_rising: str = MoonRisingMode.UPPER_LIMB
) -> None:
    panchangam = _ours(case, convention, moon_rising)
    check = Comparison(case, panchangam)
    for part in parts:
        part(check)
    assert not check.problems, f"{case['id']} ({case['source']}):\n  " + "\n  ".join(check.problems)


def _known(case: dict) -> tuple:
    reason = KNOWN_DISAGREEMENTS.get(case["id"])
    return (pytest.mark.xfail(strict=True, reason=reason),) if reason else ()


def _ours(case: dict, convention: Convention, moon_rising: str = MoonRisingMode.UPPER_LIMB):
    return generate_panchangam_with_timezone(
        case["latitude"],
        case["longitude"],
        case["timezone"],
        date.fromisoformat(case["date"]),
        convention=convention,
        moon_rising=moon_rising,
        include_observances=False,
    )


CONVENTIONS = pytest.mark.parametrize("convention", [DRIK, ASTRONOMICAL], ids=lambda c: c.name)


@CONVENTIONS
@pytest.mark.parametrize("case", _params(CASES, _known))
def test_published_values_hold_within_tolerance(case, convention):
    _verify(case, (_check_sun, _check_elements, _check_kalams, _check_calendar), convention)


MOON_CASES = [case for case in CASES if case.get("moonrise") or case.get("moonset")]


@CONVENTIONS
@pytest.mark.parametrize("case", _params(MOON_CASES, lambda case: ()))
def test_published_moonrise_and_moonset_hold_within_two_minutes(case, convention):
    day_page = "VedaCal" in case["source"]  # drikpanchang's day-panchang page convention
    mode = MoonRisingMode.GEOMETRIC_CENTRE if day_page else MoonRisingMode.UPPER_LIMB
    _verify(case, (_check_moon,), convention, mode)


def _printed(case: dict, ours) -> list[tuple[datetime, datetime]]:
    """(published minute, our instant) of every sunrise, sunset and element end."""
    pairs = [
        (_local(case[field], case), getattr(ours, field))
        for field in ("sunrise", "sunset")
        if case.get(field)
    ]
    for kind in ("tithi", "nakshatra", "yoga", "karana"):
        entries = getattr(ours, kind)
        pairs += [
            (_local(item["end"], case), entries[index].end)
            for index, item in enumerate(case.get(kind) or [])
            if item["end"] and index < len(entries)
        ]
    return pairs


def _exact(cases: list[dict], convention: Convention) -> tuple[int, int]:
    pairs = [pair for case in cases for pair in _printed(case, _ours(case, convention))]
    return sum(nearest_minute(ours) == published for published, ours in pairs), len(pairs)


# Which rows follow which convention, to the printed minute (PROVENANCE.md, "Conventions").
FOLLOWS_DRIK = ("drikpanchang.com", "Drik Panchang", "drikpanchang", "The Quint", "excelsol")


def test_the_drikpanchang_rows_follow_drik_to_the_minute():
    drik_rows = [c for c in CASES if any(mark in c["source"] for mark in FOLLOWS_DRIK)]
    drik_exact, total = _exact(drik_rows, DRIK)
    astronomical_exact, _ = _exact(drik_rows, ASTRONOMICAL)
    # Measured: 246 of 259 printed minutes under drik, 107 under astronomical.
    assert total > 250 and drik_exact / total >= 0.93 and astronomical_exact / total < 0.5
    # Paul Schlyter's Swedish tables (the upper limb, his page says) are closer to drik's
    # sunrise too: 29 of 34 minutes, 23 under astronomical; both within the 1-min tolerance.
    schlyter = [c for c in CASES if "stjarnhimlen" in c["source"]]
    assert _exact(schlyter, DRIK) == (29, 34) and _exact(schlyter, ASTRONOMICAL) == (23, 34)
