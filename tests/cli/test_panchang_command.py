"""`lokpanchang panchang`: the page, the JSON and the errors (exit status 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
import time_machine

import lokpanchang
from lokpanchang.cli import main

DELHI = ["--lat", "28.6139", "--lon", "77.2090"]


def test_json_output_has_the_issue_shape(capsys):
    assert main(["panchang", *DELHI, "--date", "2026-11-29", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["timezone"] == "Asia/Kolkata" and data["date"] == "2026-11-29"
    assert data["vara"] == {"number": 1, "name": "Sunday"}
    assert data["tithi"][0]["name"] == "Krishna Shashthi"


def test_the_page_is_readable_and_in_the_chosen_language(capsys):
    assert main(["panchang", *DELHI, "--date", "2026-11-29", "--lang", "hi"]) == 0
    page = capsys.readouterr().out
    assert "Panchangam for 2026-11-29 (रविवार)" in page
    # drik: the Sun's centre at -0.8333 deg, 06:54:42 shown rounded half-up.
    assert "Sunrise    06:55" in page and "Rahu kalam 16:05 - 17:24" in page


def test_the_page_gives_choghadiya_and_gowri_panchangam_apart(capsys):
    assert main(["panchang", *DELHI, "--date", "2026-11-29", "--lang", "ta"]) == 0
    lines = capsys.readouterr().out.splitlines()
    [gowri] = [line for line in lines if line.strip().startswith("Gowri")]
    [choghadiya] = [line for line in lines if line.strip().startswith("Choghadiya")]
    assert gowri.split()[1:3] == ["உத்தி", "06:55,"]  # Sunday's first part: Uthi at sunrise
    assert choghadiya.split()[1:3] == ["உத்வேக", "06:55,"]  # Choghadiya's: Udvega


def test_a_wednesday_page_says_why_there_is_no_abhijit(capsys):
    assert main(["panchang", *DELHI, "--date", "2026-11-25"]) == 0  # a Wednesday
    page = capsys.readouterr().out
    assert "Abhijit    none (on Wednesdays its muhurta is the durmuhurta)" in page


def test_without_a_date_it_is_today_in_the_places_zone(capsys):
    # 20:00 UTC on 28 November is 01:30 on 29 November in India.
    with time_machine.travel(datetime(2026, 11, 28, 20, 0, tzinfo=UTC), tick=False):
        assert main(["panchang", *DELHI, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["date"] == "2026-11-29"


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        (["--lat", "north", "--lon", "77"], "'north'"),
        (["--lat", "95", "--lon", "77"], "'95'"),
        (["--lat", "28", "--lon", "-200"], "'-200'"),
        ([*DELHI, "--tz", "Asia/Nowhere"], "'Asia/Nowhere'"),
        ([*DELHI, "--date", "2026-13-01"], "'2026-13-01'"),
        ([*DELHI, "--lang", "fr"], "'fr'"),
        ([*DELHI, "--rising", "late"], "'late'"),
        ([*DELHI, "--moon-rising", "early"], "'early'"),
        ([*DELHI, "--days", "0"], "--days 0"),
        ([*DELHI, "--days", "401"], "--days 401"),
        ([*DELHI, "--days", "ten"], "'ten'"),
        ([*DELHI, "--convention", "xyz"], "'xyz'"),
    ],
)
def test_bad_values_exit_2_naming_the_value(arguments, named, capsys):
    assert main(["panchang", *arguments]) == 2
    err = capsys.readouterr().err
    assert named in err and "Traceback" not in err


def test_days_with_json_is_an_array_of_the_one_day_objects(capsys):
    assert main(["panchang", *DELHI, "--date", "2026-12-30", "--days", "3", "--json"]) == 0
    days = json.loads(capsys.readouterr().out)
    assert [day["date"] for day in days] == ["2026-12-30", "2026-12-31", "2027-01-01"]
    assert main(["panchang", *DELHI, "--date", "2026-12-31", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == days[1]  # the same object as one day's
    assert main(["panchang", *DELHI, "--date", "2026-12-31", "--days", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [days[1]]


def test_the_json_text_is_what_json_dumps_prints(capsys):
    """The array is printed by orjson (bench/almanac/days.py): byte for byte the text of
    ``json.dumps(..., ensure_ascii=False, indent=2)``, names in their own script included."""
    assert main(["panchang", *DELHI, "--date", "2026-10-20", "--days", "2", "--lang", "ta",
                 "--json"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert out == json.dumps(json.loads(out), ensure_ascii=False, indent=2) + "\n"
    assert "\\u" not in out and '\n  {\n    "date": "2026-10-20"' in out


def test_days_without_json_is_a_month_table(capsys):
    assert main(["panchang", *DELHI, "--date", "2026-11-01", "--days", "30"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "convention drik" in lines[0]
    assert lines[1].split()[:4] == ["Date", "Day", "Sunrise", "Sunset"]
    rows = lines[2:]
    assert len(rows) == 30 and rows[0].startswith("2026-11-01  Sun")
    assert rows[-1].startswith("2026-11-30  Mon")
    assert any("Ekadashi" in row for row in rows)  # the day's observances close each row


def test_the_convention_is_chosen_and_reported(capsys):
    for name in ("drik", "astronomical"):
        arguments = [*DELHI, "--date", "2025-01-01", "--convention", name, "--json"]
        assert main(["panchang", *arguments]) == 0
        day = json.loads(capsys.readouterr().out)
        assert day["convention"] == name
        assert day["rising"] == {"drik": "drik", "astronomical": "upper_limb"}[name]


def test_festivals_take_the_convention_too(capsys):
    place = [*DELHI, "--year", "2026", "--json"]
    assert main(["festivals", *place, "--convention", "astronomical"]) == 0
    astronomical = json.loads(capsys.readouterr().out)
    assert main(["festivals", *place]) == 0
    drik = json.loads(capsys.readouterr().out)
    sankranti = [item["moment"] for item in drik if item["kind"] == "sankranti"]
    earlier = [item["moment"] for item in astronomical if item["kind"] == "sankranti"]
    assert sankranti and all(a < b for a, b in zip(earlier, sankranti))  # 4-7 min earlier
    assert main(["festivals", *place, "--convention", "xyz"]) == 2
    assert "'xyz'" in capsys.readouterr().err


def test_the_installed_entry_point_runs_in_a_subprocess():
    source = str(Path(lokpanchang.__file__).parents[1])
    environment = {**os.environ, "PYTHONPATH": source}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "lokpanchang",
            "panchang",
            "--lat",
            "69.65",
            "--lon",
            "18.96",
            "--date",
            "2026-12-21",
            "--json",
        ],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["polar"] == "polar_night"
