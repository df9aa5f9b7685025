"""Render the docs' cards: one per language for the same place and day (docs/card/*.png).

    PYTHONPATH=src .venv/bin/python scripts/card_screenshots.py [--out docs/card]

Hyderabad on 2026-03-15 (Papamochani Ekadashi, its parana the next morning, and Meena
sankranti), each language with its default calendar for the place, as /card.png serves it.
"""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

from lokpanchang import languages
from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.almanac.calendars.kinds import default_calendar
from lokpanchang.card import render_card

PLACE = ("Hyderabad", 17.38405, 78.45636, "Asia/Kolkata", "IN", "Telangana")
DAY = date(2026, 3, 15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/card"))
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    town, latitude, longitude, zone, country, region = PLACE
    day = generate_panchangam_with_timezone(
        latitude, longitude, zone, DAY, city=town, include_muhurtas=False
    )
    for code in languages.CODES:
        calendar = str(default_calendar(code, country, region))
        path = out / f"{code}.png"
        path.write_bytes(render_card(day, code, town, calendar))
        print(path)


if __name__ == "__main__":
    main()
