"""Build cases.json from transcription.json (the strings exactly as read on the source pages).

Run from the repository root:  python tests/almanac/reference/build_cases.py

Only *format* is converted here (12-hour clock to 24-hour, "05:28 AM , Mar 30" to
"2026-03-30T05:28", "Raviwara" to "Sunday", "Panchami" + "Krishna Paksha" to
"Krishna Panchami"). No astronomical value is computed.
"""

import json
import re
from datetime import date
from pathlib import Path

HERE = Path(__file__).parent
MONTHS = {
    m: i
    for i, m in enumerate(
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        start=1,
    )
}
WEEKDAYS = {
    "Raviwara": "Sunday",
    "Somawara": "Monday",
    "Mangalawara": "Tuesday",
    "Budhawara": "Wednesday",
    "Guruwara": "Thursday",
    "Shukrawara": "Friday",
    "Shaniwara": "Saturday",
}
TIME = re.compile(r"(\d{1,2}):(\d{2}) (AM|PM)(?:\s*,\s*([A-Z][a-z]{2}) (\d{1,2}))?")


def parse_time(text, day):
    """'05:28 AM , Mar 30' -> ('05:28', date or None when on `day`)."""
    m = TIME.fullmatch(text.strip())
    if not m:
        raise ValueError(f"unparsable time {text!r}")
    hour, minute = int(m[1]) % 12 + (12 if m[3] == "PM" else 0), int(m[2])
    on = day
    if m[4]:
        year = day.year + (1 if (m[4] == "Jan" and day.month == 12) else 0)
        on = date(year, MONTHS[m[4]], int(m[5]))
    return f"{hour:02d}:{minute:02d}", (None if on == day else on)


def local(text, day, always_full=False):
    hm, other = parse_time(text, day)
    if other is None and not always_full:
        return hm
    return f"{(other or day).isoformat()}T{hm}"


def span(text, day):
    start, end = text.split(" to ")
    return {"start": local(start, day), "end": local(end, day)}


FLIP = {"Purnima": "Krishna", "Amavasya": "Shukla"}
UNPAKSHA = ("Purnima", "Amavasya")


def tithi_names(entries, paksha):
    names, current = [], paksha
    for name in entries:
        names.append(
            name
            if name in UNPAKSHA or name.startswith(("Shukla ", "Krishna "))
            else f"{current} {name}"
        )
        current = FLIP.get(name, current)
    return names


def element(raw, day, rename=None):
    out = []
    for i, text in enumerate(raw):
        name, _, end = text.partition(" upto ")
        name = rename[i] if rename else name
        beyond = end in ("", "Full Night")
        out.append({"name": name, "end": None if beyond else local(end, day, always_full=True)})
    return out


def build(raw):
    day = date.fromisoformat(raw["date"])
    case = {
        k: raw[k]
        for k in (
            "id",
            "place",
            "latitude",
            "longitude",
            "timezone",
            "date",
            "source",
            "url",
            "accessed",
        )
    }
    if "weekday" in raw:
        case["vara"] = WEEKDAYS[raw["weekday"]]
    for key in ("sunrise", "sunset", "moonrise", "moonset"):
        if key in raw:
            case[key] = None if raw[key].startswith("No ") else local(raw[key], day)
    if "tithi" in raw:
        bare = [t.partition(" upto ")[0] for t in raw["tithi"]]
        paksha = raw["paksha"].replace(" Paksha", "")
        names = raw.get("tithi_names") or tithi_names(bare, paksha)
        case["tithi"] = element(raw["tithi"], day, names)
    for key in ("nakshatra", "yoga", "karana"):
        if key in raw:
            case[key] = element(raw[key], day)
    for key in ("rahu_kalam", "yamaganda", "gulika", "abhijit"):
        if key in raw:
            case[key] = span(raw[key], day)
    for key in ("masa_amanta", "masa_purnimanta", "paksha", "samvatsara", "ritu", "ayana"):
        if key in raw:
            case[key] = raw[key]
    for key in ("shaka", "vikram"):
        if key in raw:
            case[key] = int(raw[key])
    # Sources that already print 24-hour local times: `read` keeps the text as printed and
    # `values` the same numbers in the schema's shape.
    case.update(raw.get("values", {}))
    return case


def main():
    data = json.loads((HERE / "transcription.json").read_text(encoding="utf-8"))
    cases = [build(raw) for raw in data["pages"]]
    text = json.dumps({"cases": cases}, indent=1, ensure_ascii=False) + "\n"
    (HERE / "cases.json").write_text(text, encoding="utf-8")
    print(f"{len(cases)} cases, {len({c['place'] for c in cases})} places")


if __name__ == "__main__":
    main()
