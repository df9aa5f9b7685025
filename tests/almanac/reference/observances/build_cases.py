"""Turn transcription.json (what each source said) into cases.json (one fact per case).

Format only, nothing computed: UTC stamps become the place's local time, drikpanchang's
Ekadashi names become our JSON keys ("Shattila Ekadashi" -> "shattila_ekadashi"), an
Ekadashi list entry becomes one case per tradition. Run from the repository root:

    python3 tests/almanac/reference/observances/build_cases.py
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

HERE = Path(__file__).resolve().parent
# drikpanchang.com's Vaikuntha Ekadashi page describes the Vaishnava Mokshada Ekadashi; its
# parana pages prefix the adhika-month Ekadashis with the month ("Jyeshtha Padmini").
ALIASES = {"Vaikuntha Ekadashi": "Mokshada Ekadashi"}
PREFIXES = ("Jyeshtha ",)


def ekadashi_key(name: str) -> str:
    name = ALIASES.get(name, name)
    for prefix in PREFIXES:
        name = name.removeprefix(prefix)
    return name.lower().replace(" ", "_")


def local(stamp_utc: str, zone: str) -> str:
    instant = datetime.fromisoformat(stamp_utc + ":00+00:00").astimezone(ZoneInfo(zone))
    return instant.strftime("%Y-%m-%dT%H:%M")


def _is_main_name(name: str) -> bool:
    """The Ekadashi's own name, not a Gauna/Vaishnava/regional alias or a Dwadashi mark."""
    others = ("Gauna ", "Vaishnava ", "Vaikuntha ", "Guruvayur ", "Ekadashi ")
    return name.endswith(" Ekadashi") and not name.startswith(others)


# Other names an Ekadashi list prints on a day, as our keys (issue 22 item 4). Jaya and
# Papanashini Mahadwadashi are not in the lists read; "Ekadashi Shravana Yoga Dwadashi" and
# "Vishnushrinkhala Yoga Dwadashi" (a Shravana yoga on the Ekadashi itself) have no rule.
DAY_NAMES = {
    "Unmilini Mahadwadashi": "unmilini_mahadwadashi",
    "Vanjuli Mahadwadashi": "vyanjuli_mahadwadashi",
    "Trisparsha Mahadwadashi": "trisprisha_mahadwadashi",
    "Pakshavarddhini Mahadwadashi": "pakshavardhini_mahadwadashi",
    "Vijaya Mahadwadashi": "vijaya_mahadwadashi",
    "Jayanti Mahadwadashi": "jayanti_mahadwadashi",
    "Shravana Yoga Dwadashi": "shravana_dwadashi",
    "Vaikuntha Ekadashi": "vaikuntha_ekadashi",
    "Guruvayur Ekadashi": "guruvayur_ekadashi",
}


def _day_name_cases(record: dict, first: int) -> list[dict]:
    named = [
        (day["date"], DAY_NAMES[name])
        for entry in record["read"]
        for day in entry["days"]
        for name in day["names"]
        if name in DAY_NAMES
    ]
    return [
        {**_base(record, n), "kind": "date", "key": key, "date": day}
        for n, (day, key) in enumerate(named, start=first)
    ]


def _base(record: dict, number: int) -> dict:
    return {"id": f"{record['id']}#{number}", "source": record["id"], "place": record["place"]}


def _ekadashi_cases(record: dict) -> list[dict]:
    cases = []
    for entry in record["read"]:
        names = [name for day in entry["days"] for name in day["names"]]
        main = next(n for n in names if _is_main_name(n))
        vaishnava = [
            d["date"] for d in entry["days"] if any(n.startswith("Vaishnava ") for n in d["names"])
        ]
        key = ekadashi_key(main)
        tradition = "smarta" if vaishnava else None
        cases.append({"date": entry["smarta"], "key": key, "tradition": tradition})
        if vaishnava:
            cases.append({"date": vaishnava[0], "key": key, "tradition": "vaishnava"})
    return [
        {**_base(record, n), "kind": "ekadashi", **case} for n, case in enumerate(cases, start=1)
    ]


def _parana_cases(record: dict, zone: str) -> list[dict]:
    return [
        {
            **_base(record, n),
            "kind": "parana",
            "key": ekadashi_key(entry["name"]),
            "date": entry["ekadashi"],
            "parana": {
                "start": local(entry["start_utc"], zone),
                "end": local(entry["end_utc"], zone),
            },
            "said": entry["note"],
        }
        for n, entry in enumerate(record["read"], start=1)
    ]


def _sankranti_cases(record: dict, zone: str) -> list[dict]:
    return [
        {
            **_base(record, n),
            "kind": "sankranti",
            "key": "sankranti",
            "sign": entry["sign"],
            "date": entry["observed"],
            "moment": local(entry["at_utc"], zone),
        }
        for n, entry in enumerate(record["read"], start=1)
    ]


def _date_cases(record: dict) -> list[dict]:
    cases = []
    for n, entry in enumerate(record["read"], start=1):
        case = {**_base(record, n), "kind": "date", "key": record["key"], "date": entry["date"]}
        if "disagrees_with" in record:
            case["disagrees_with"] = record["disagrees_with"]
        if "tradition" in record:
            case["tradition"] = record["tradition"]
        cases.append(case)
        if "moonrise" in entry:
            rise = {**case, "id": f"{case['id']}-moonrise", "kind": "moonrise"}
            rise["moonrise"] = entry["moonrise"]
            if "moonrise_disagrees_with" in entry:
                rise["disagrees_with"] = entry["moonrise_disagrees_with"]
            cases.append(rise)
    return cases


def build(transcription: dict) -> dict:
    cases = []
    for record in transcription["records"]:
        zone = transcription["places"][record["place"]]["timezone"]
        kind = record["kind"]
        if kind == "ekadashi_list":
            fasts = _ekadashi_cases(record)
            cases += fasts + _day_name_cases(record, len(fasts) + 1)
        elif kind == "parana_list":
            cases += _parana_cases(record, zone)
        elif kind == "sankranti_list":
            cases += _sankranti_cases(record, zone)
        else:
            cases += _date_cases(record)
    return {"places": transcription["places"], "cases": cases}


if __name__ == "__main__":
    source = json.loads((HERE / "transcription.json").read_text(encoding="utf-8"))
    text = json.dumps(build(source), ensure_ascii=False, indent=1) + "\n"
    (HERE / "cases.json").write_text(text, encoding="utf-8")
