"""Schema check of the published-almanac reference file cases.json (see PROVENANCE.md).

The checks are plain functions returning a list of problems, so the tests can also show that
a broken case is reported (the check itself can fail).
"""

import copy
import json
import re
from datetime import date, datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

CASES_FILE = Path(__file__).with_name("cases.json")
MIN_CASES, MIN_PLACES = 40, 8

REQUIRED = {"id", "place", "latitude", "longitude", "timezone", "date", "source", "url", "accessed"}
OPTIONAL = {
    "vara",
    "sunrise",
    "sunset",
    "moonrise",
    "moonset",
    "tithi",
    "nakshatra",
    "yoga",
    "karana",
    "rahu_kalam",
    "yamaganda",
    "gulika",
    "abhijit",
    "masa_amanta",
    "masa_purnimanta",
    "paksha",
    "samvatsara",
    "shaka",
    "vikram",
    "ritu",
    "ayana",
}
WEEKDAYS = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
TITHI_STEMS = [
    "Pratipada",
    "Dwitiya",
    "Tritiya",
    "Chaturthi",
    "Panchami",
    "Shashthi",
    "Saptami",
    "Ashtami",
    "Navami",
    "Dashami",
    "Ekadashi",
    "Dwadashi",
    "Trayodashi",
    "Chaturdashi",
]
TITHIS = {f"{p} {t}" for p in ("Shukla", "Krishna") for t in TITHI_STEMS} | {"Purnima", "Amavasya"}
NAKSHATRAS = {
    "Ashwini",
    "Bharani",
    "Krittika",
    "Rohini",
    "Mrigashira",
    "Ardra",
    "Punarvasu",
    "Pushya",
    "Ashlesha",
    "Magha",
    "Purva Phalguni",
    "Uttara Phalguni",
    "Hasta",
    "Chitra",
    "Swati",
    "Vishakha",
    "Anuradha",
    "Jyeshtha",
    "Mula",
    "Purva Ashadha",
    "Uttara Ashadha",
    "Shravana",
    "Dhanishtha",
    "Shatabhisha",
    "Purva Bhadrapada",
    "Uttara Bhadrapada",
    "Revati",
}
YOGAS = {
    "Vishkambha",
    "Priti",
    "Ayushmana",
    "Saubhagya",
    "Shobhana",
    "Atiganda",
    "Sukarma",
    "Dhriti",
    "Shula",
    "Ganda",
    "Vriddhi",
    "Dhruva",
    "Vyaghata",
    "Harshana",
    "Vajra",
    "Siddhi",
    "Vyatipata",
    "Variyana",
    "Parigha",
    "Shiva",
    "Siddha",
    "Sadhya",
    "Shubha",
    "Shukla",
    "Brahma",
    "Indra",
    "Vaidhriti",
}
KARANAS = {
    "Bava",
    "Balava",
    "Kaulava",
    "Taitila",
    "Garaja",
    "Vanija",
    "Vishti",
    "Shakuni",
    "Chatushpada",
    "Naga",
    "Kimstughna",
    "Kinstughna",
}
NAMES = {"tithi": TITHIS, "nakshatra": NAKSHATRAS, "yoga": YOGAS, "karana": KARANAS}
MASAS = set(
    [
        "Chaitra",
        "Vaishakha",
        "Jyeshtha",
        "Ashadha",
        "Shravana",
        "Bhadrapada",
        "Ashwina",
        "Kartika",
        "Margashirsha",
        "Pausha",
        "Magha",
        "Phalguna",
    ]
)
US_ZONES = {
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Phoenix",
    "America/Los_Angeles",
    "America/Anchorage",
    "Pacific/Honolulu",
}
HH_MM = re.compile(r"([01]\d|2[0-3]):[0-5]\d")
LOCAL_STAMP = re.compile(r"\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d")


def load_cases():
    return json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]


def clock_problems(value, key, allow_null=False):
    if value is None:
        return [] if allow_null else [f"{key} is null"]
    if HH_MM.fullmatch(value) or _is_local_stamp(value):
        return []
    return [f"{key}={value!r} is neither HH:MM nor YYYY-MM-DDTHH:MM"]


def _is_local_stamp(value):
    if not LOCAL_STAMP.fullmatch(value):
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def element_problems(case, key):
    entries = case[key]
    if not isinstance(entries, list) or not entries:
        return [f"{key} must be a non-empty list"]
    problems, ends = [], []
    for i, entry in enumerate(entries):
        if entry.get("name") not in NAMES[key]:
            problems.append(f"{key}[{i}] unknown name {entry.get('name')!r}")
        end = entry.get("end")
        if end is None and i != len(entries) - 1:
            problems.append(f"{key}[{i}] null end before the last entry")
        elif end is not None:
            if not _is_local_stamp(end):
                problems.append(f"{key}[{i}] end {end!r} is not YYYY-MM-DDTHH:MM")
            else:
                ends.append(end)
    if any(earlier >= later for earlier, later in zip(ends, ends[1:])):
        problems.append(f"{key} end times are not strictly increasing: {ends}")
    return problems + _end_day_problems(case, key, ends)


def _end_day_problems(case, key, ends):
    """An end printed for the wrong day is the likeliest transcription slip: ends fall on the
    case's date or the next one (two days after it at most, for a tithi ending near sunrise)."""
    try:
        day = date.fromisoformat(case["date"])
    except ValueError:
        return []  # the bad date itself is reported by _identity_problems
    return [
        f"{key} end {end} is not within two days after {day}"
        for end in ends
        if not 0 <= (date.fromisoformat(end[:10]) - day).days <= 2
    ]


def span_problems(case, key):
    span = case[key]
    if set(span) != {"start", "end"}:
        return [f"{key} must have exactly start and end"]
    problems = [p for part in ("start", "end") for p in clock_problems(span[part], f"{key}.{part}")]
    if not problems and span["start"] >= span["end"]:
        problems.append(f"{key} starts {span['start']} after it ends {span['end']}")
    return problems


def case_problems(case):
    """Every schema problem of one case, as readable sentences naming the bad value."""
    problems = [f"missing {k}" for k in sorted(REQUIRED - set(case))]
    problems += [f"unknown key {k}" for k in sorted(set(case) - REQUIRED - OPTIONAL)]
    if problems:
        return problems
    problems += _identity_problems(case)
    for key in ("sunrise", "sunset", "moonrise", "moonset"):
        if key in case:
            problems += clock_problems(case[key], key, allow_null=key.startswith("moon"))
    for key in NAMES:
        if key in case:
            problems += element_problems(case, key)
    for key in ("rahu_kalam", "yamaganda", "gulika", "abhijit"):
        if key in case:
            problems += span_problems(case, key)
    both = all(HH_MM.fullmatch(str(case.get(k))) for k in ("sunrise", "sunset"))
    if both and case["sunrise"] >= case["sunset"]:
        problems.append(f"sunrise {case['sunrise']} is not before sunset {case['sunset']}")
    for key in ("masa_amanta", "masa_purnimanta"):
        if key in case and case[key].removesuffix(" (Adhik)") not in MASAS:
            problems.append(f"{key}={case[key]!r} is not a drikpanchang month name")
    if "vara" in case and case["vara"] not in WEEKDAYS:
        problems.append(f"vara={case['vara']!r} is not an English weekday")
    return problems


def _identity_problems(case):
    problems = []
    try:
        day = date.fromisoformat(case["date"])
        if "vara" in case and case["vara"] != day.strftime("%A"):
            problems.append(f"vara {case['vara']} but {day} is a {day.strftime('%A')}")
    except ValueError:
        problems.append(f"date={case['date']!r} is not YYYY-MM-DD")
    try:
        ZoneInfo(case["timezone"])
    except (ZoneInfoNotFoundError, ValueError):
        problems.append(f"timezone={case['timezone']!r} is not an IANA zone")
    if not -90 <= case["latitude"] <= 90 or not -180 <= case["longitude"] <= 180:
        problems.append(f"coordinates {case['latitude']}, {case['longitude']} out of range")
    if not case["url"].startswith(("http://", "https://")):
        problems.append(f"url={case['url']!r} is not a web address")
    date.fromisoformat(case["accessed"])
    return problems


def in_dst(case):
    noon = datetime.combine(date.fromisoformat(case["date"]), time(12), ZoneInfo(case["timezone"]))
    return bool(noon.dst())


def category(case):
    """The required place category of one case (None for places the issue does not name)."""
    zone, dst = case["timezone"], in_dst(case)
    if case["latitude"] > 60:
        return "above 60 N"
    named = {
        "Asia/Kolkata": "India",
        "Asia/Kathmandu": "Nepal",
        "Pacific/Auckland": "Australia or New Zealand",
    }
    if zone in named or zone.startswith("Australia/"):
        return named.get(zone, "Australia or New Zealand")
    country = "US" if zone in US_ZONES else "UK" if zone == "Europe/London" else None
    return country and f"{country} in {'daylight saving' if dst else 'standard time'}"


REQUIRED_CATEGORIES = (
    "India",
    "US in daylight saving",
    "US in standard time",
    "UK in daylight saving",
    "UK in standard time",
    "Australia or New Zealand",
    "Nepal",
    "above 60 N",
)


def categories(cases):
    """The place categories the issue requires, each mapped to whether some case covers it."""
    covered = {category(c) for c in cases}
    return {name: name in covered for name in REQUIRED_CATEGORIES}


def test_every_case_follows_the_schema():
    problems = {c.get("id"): case_problems(c) for c in load_cases()}
    assert {k: v for k, v in problems.items() if v} == {}


def test_case_ids_are_unique():
    ids = [c["id"] for c in load_cases()]
    assert sorted(i for i in set(ids) if ids.count(i) > 1) == []


def test_the_file_has_enough_cases_and_places():
    cases = load_cases()
    assert len(cases) >= MIN_CASES
    assert len({c["place"] for c in cases}) >= MIN_PLACES


def test_the_required_place_categories_are_covered():
    missing = [name for name, covered in categories(load_cases()).items() if not covered]
    assert missing == []


def test_the_check_reports_a_broken_case():
    broken = copy.deepcopy(load_cases()[0])
    broken.update(timezone="Asia/Nowhere", date="2026-02-30", sunrise="7:19", masa_amanta="Poush")
    broken["tithi"] = [{"name": "Panchami", "end": None}, {"name": "Purnima", "end": "25:10"}]
    problems = " ".join(case_problems(broken))
    for fragment in (
        "Asia/Nowhere",
        "2026-02-30",
        "'7:19'",
        "'Panchami'",
        "null end",
        "'25:10'",
        "'Poush'",
    ):
        assert fragment in problems


def test_the_check_reports_end_times_out_of_order_or_on_the_wrong_day():
    broken = copy.deepcopy(load_cases()[0])
    day = broken["date"]
    broken["yoga"] = [
        {"name": "Shula", "end": f"{day}T20:00"},
        {"name": "Ganda", "end": f"{day}T08:00"},
        {"name": "Vriddhi", "end": "1999-01-01T08:00"},
    ]
    problems = " ".join(case_problems(broken))
    assert "not strictly increasing" in problems
    assert "1999-01-01T08:00 is not within two days" in problems


def test_categories_notice_a_missing_place():
    without_nepal = [c for c in load_cases() if c["timezone"] != "Asia/Kathmandu"]
    assert categories(without_nepal)["Nepal"] is False
