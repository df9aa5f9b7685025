"""drikpanchang.com's festival and vrat days (New Delhi, odd years 1901-2049) as observance cases.

Extraction, not computation: every case is a name printed in a day cell of a month page,
read from ``days.csv.gz`` (itself extracted from the raw HTML of
github.com/dra8an/hindu-calendar @ 5269abb, ``scraper/data/raw/month/YYYY-MM.html``; see
README.md), and given our rule key by its printed name alone. Nothing here asks our engine.
Rebuild from the repository root::

    python3 -m tests.almanac.reference.drikpanchang.observances

which writes ``observances.csv.gz`` (columns ``date,key,tradition,name,file``). The even
years are not in ``days.csv.gz`` and so never here.
"""

from __future__ import annotations

import csv
import gzip
import io
import re
from datetime import date, timedelta

from tests.almanac.reference.drikpanchang import HERE, SIGNS

SOURCE = HERE / "days.csv.gz"
TARGET = HERE / "observances.csv.gz"
REPO, COMMIT = "dra8an/hindu-calendar", "5269abb"
FIELDS = ("date", "key", "tradition", "name", "file")

MONTHS = (
    "Chaitra", "Vaishakha", "Jyeshtha", "Ashadha", "Shravana", "Bhadrapada", "Ashwina",
    "Kartika", "Margashirsha", "Pausha", "Magha", "Phalguna",
)  # fmt: skip
EKADASHIS = (
    "Kamada", "Varuthini", "Mohini", "Apara", "Nirjala", "Yogini", "Devshayani", "Kamika",
    "Shravana Putrada", "Aja", "Parsva", "Indira", "Papankusha", "Rama", "Devutthana",
    "Utpanna", "Mokshada", "Saphala", "Pausha Putrada", "Shattila", "Jaya", "Vijaya",
    "Amalaki", "Papamochani", "Padmini", "Parama",
)  # fmt: skip

# Printed name -> (our key, tradition). "Bhai Dooj" on the pages is the Holi one (Chaitra);
# the Kartika one is printed "Bhaiya Dooj". "*ISKCON" marks the Vaishnava day.
FIXED: dict[str, tuple[str, str]] = {
    "Vasant Panchami": ("vasant_panchami", ""),
    "Maha Shivaratri": ("maha_shivaratri", ""),
    "Holika Dahan": ("holika_dahan", ""),
    "Holi": ("holi", ""),
    "Ugadi": ("ugadi", ""),
    "Chaitra Navratri": ("chaitra_navratri_begins", ""),
    "Rama Navami": ("rama_navami", ""),
    "Rama Navami *Smarta": ("rama_navami", "smarta"),
    "Rama Navami *ISKCON": ("rama_navami", "vaishnava"),
    "Hanuman Jayanti": ("hanuman_jayanti", ""),
    "Akshaya Tritiya": ("akshaya_tritiya", ""),
    "Buddha Purnima": ("buddha_purnima", ""),
    "Guru Purnima": ("guru_purnima", ""),
    "Raksha Bandhan": ("raksha_bandhan", ""),
    "Krishna Janmashtami": ("krishna_janmashtami", ""),
    "Janmashtami *Smarta": ("krishna_janmashtami", "smarta"),
    "Janmashtami *ISKCON": ("krishna_janmashtami", "vaishnava"),
    "Ganesh Chaturthi": ("ganesh_chaturthi", ""),
    "Ghatasthapana": ("sharad_navratri_begins", ""),
    "Durga Ashtami": ("durga_ashtami", ""),
    "Maha Navami": ("maha_navami", ""),
    "Dussehra": ("dussehra", ""),
    "Sharad Purnima": ("sharad_purnima", ""),
    "Karwa Chauth": ("karwa_chauth", ""),
    "Ahoi Ashtami": ("ahoi_ashtami", ""),
    "Dhanteras": ("dhanteras", ""),
    "Narak Chaturdashi": ("narak_chaturdashi", ""),
    "Diwali": ("diwali", ""),
    "Govardhan Puja": ("govardhan_puja", ""),
    "Bhaiya Dooj": ("bhai_dooj", ""),
    "Chhath Puja": ("chhath_puja", ""),
    "Kartika Purnima": ("kartika_purnima", ""),
    "Gita Jayanti": ("gita_jayanti", ""),
    "Pongal": ("pongal", ""),
    "Makara Sankranti": ("makar_sankranti", ""),
    "Mesha Sankranti": ("mesha_sankranti", ""),
}
_MONTHLY = "|".join(MONTHS)
PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"^(?:{_MONTHLY}) (?:Adhika )?Purnima$"), "purnima"),
    (re.compile(rf"^(?:{_MONTHLY}) (?:Adhika )?Amavasya$"), "amavasya"),
    (re.compile(r"^\w+ Pradosh Vrat$"), "pradosh"),
    (re.compile(r"^\w+ Sankashti$"), "sankashti_chaturthi"),
    (re.compile(rf"^(?:{'|'.join(SIGNS)}) Sankranti$"), "sankranti"),
)


def _ekadashi(name: str) -> tuple[str, str] | None:
    vaishnava = name.startswith("Vaishnava ")
    stem = name.removeprefix("Vaishnava ").removesuffix(" Ekadashi")
    if not name.endswith(" Ekadashi") or stem not in EKADASHIS:
        return None
    key = stem.lower().replace(" ", "_") + "_ekadashi"
    return key, "vaishnava" if vaishnava else ""


def keys_of(name: str) -> list[tuple[str, str]]:
    """Our (key, tradition) for one printed name; empty for names we have no rule for."""
    found = [FIXED[name]] if name in FIXED else []
    found += [(key, "") for pattern, key in PATTERNS if pattern.match(name)]
    ekadashi = _ekadashi(name)
    return found + ([ekadashi] if ekadashi else [])


def _with_traditions(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    """An Ekadashi (or Janmashtami, Rama Navami) printed on a separate Vaishnava day: its
    plain name within the three days before is the Smarta day (build_cases.py of the
    observances reference does the same)."""
    vaishnava = [
        (row["key"], date.fromisoformat(row["date"]))
        for row in rows
        if row["tradition"] == "vaishnava"
    ]
    for row in rows:
        day = date.fromisoformat(row["date"])
        if not row["tradition"] and any(
            key == row["key"] and timedelta(0) < other - day <= timedelta(days=3)
            for key, other in vaishnava
        ):
            row["tradition"] = "smarta"
    return rows


def cases() -> list[dict[str, str]]:
    """Every case, in date order."""
    rows: list[dict[str, str]] = []
    with gzip.open(SOURCE, "rt", encoding="utf-8") as stream:
        for day in csv.DictReader(stream):
            page = f"scraper/data/raw/month/{day['date'][:7]}.html"
            for name in filter(None, day["festivals"].split(" | ")):
                for key, tradition in keys_of(name):
                    rows.append(
                        {"date": day["date"], "key": key, "tradition": tradition,
                         "name": name, "file": page}
                    )  # fmt: skip
    return _with_traditions(rows)


def main() -> None:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(cases())
    TARGET.write_bytes(gzip.compress(buffer.getvalue().encode(), mtime=0))


if __name__ == "__main__":
    main()
