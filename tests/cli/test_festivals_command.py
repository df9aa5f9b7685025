"""`lokpanchang festivals`: a year of observances as JSON (issue 10's contract) or a list;
bad input exits 2 naming the value; polar places say what they cannot give."""

from __future__ import annotations

import json

import pytest

from lokpanchang.almanac.observances import table
from lokpanchang.almanac.observances.model import ObservanceKind
from lokpanchang.cli import main

NEW_DELHI = ["--lat", "28.6358", "--lon", "77.2245"]
NEW_YORK = ["--lat", "40.71427", "--lon", "-74.00597", "--tz", "America/New_York"]
KEYS = {"date", "key", "kind", "name", "tradition", "parana"}


def _year(capsys, place, year="2026", *more):
    assert main(["festivals", "--year", year, *place, "--json", *more]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_is_an_array_of_the_contract_objects(capsys):
    items = _year(capsys, NEW_DELHI)
    assert items and all(set(item) >= KEYS for item in items)
    assert {item["kind"] for item in items} == {kind.value for kind in ObservanceKind}
    assert all(item["tradition"] in (None, "smarta", "vaishnava") for item in items)
    dates = [item["date"] for item in items]
    assert dates == sorted(dates) and all(day.startswith("2026-") for day in dates)


def test_every_annual_festival_key_of_the_issue_is_listed_once(capsys):
    wanted = {
        "makar_sankranti", "mesha_sankranti", "vasant_panchami", "maha_shivaratri",
        "holika_dahan", "holi", "ugadi", "chaitra_navratri_begins", "rama_navami",
        "hanuman_jayanti", "akshaya_tritiya", "buddha_purnima", "guru_purnima",
        "raksha_bandhan", "krishna_janmashtami", "ganesh_chaturthi", "sharad_navratri_begins",
        "durga_ashtami", "maha_navami", "dussehra", "sharad_purnima", "karwa_chauth",
        "ahoi_ashtami", "dhanteras", "narak_chaturdashi", "diwali", "govardhan_puja",
        "bhai_dooj", "chhath_puja", "kartika_purnima", "onam", "pongal", "vishu",
    }  # fmt: skip
    # the other names of an Ekadashi's day (Gita Jayanti, the Mahadwadashis) are festivals too
    named = {rule.key for rule in table.EKADASHI_NAMES} | set(table.MAHADWADASHIS)
    festivals = [
        (item["key"], item["tradition"])
        for item in _year(capsys, NEW_DELHI)
        if item["kind"] == "festival" and item["key"] not in named
    ]
    # once, or once per tradition where Smarta and Vaishnava keep different days
    assert sorted({key for key, _ in festivals}) == sorted(wanted)
    assert all(
        [tradition for other, tradition in festivals if other == key]
        in ([None], ["smarta", "vaishnava"])
        for key in wanted
    )


def test_ekadashi_is_listed_once_when_the_traditions_agree_and_twice_when_not(capsys):
    ekadashis = [item for item in _year(capsys, NEW_DELHI) if item["kind"] == "ekadashi"]
    devutthana = [item for item in ekadashis if item["key"] == "devutthana_ekadashi"]
    # drikpanchang.com, New Delhi 2026: Smarta 20 November, Gauna/Vaishnava 21 November.
    assert [(i["date"], i["tradition"]) for i in devutthana] == [
        ("2026-11-20", "smarta"),
        ("2026-11-21", "vaishnava"),
    ]
    shattila = [item for item in ekadashis if item["key"] == "shattila_ekadashi"]
    assert [(i["date"], i["tradition"]) for i in shattila] == [("2026-01-14", None)]
    parana = shattila[0]["parana"]
    assert parana["start"].startswith("2026-01-15T07:1") and parana["start"].endswith("+05:30")


def test_the_same_festival_falls_on_other_dates_in_new_york(capsys):
    delhi = {(i["key"], i["date"]) for i in _year(capsys, NEW_DELHI, "2025")}
    york = {(i["key"], i["date"]) for i in _year(capsys, NEW_YORK, "2025")}
    # drikpanchang.com: Karwa Chauth 2025 is 10 October in New Delhi; at New York Krishna
    # Chaturthi is in force at the 9 October moonrise.
    assert ("karwa_chauth", "2025-10-10") in delhi and ("karwa_chauth", "2025-10-09") in york


def test_names_come_in_the_chosen_language(capsys):
    items = _year(capsys, NEW_DELHI, "2026", "--lang", "hi")
    names = {item["key"]: item["name"] for item in items}
    assert names["diwali"] == "दिवाली" and names["holi"] == "होली"


def test_the_list_is_readable(capsys):
    assert main(["festivals", "--year", "2026", *NEW_DELHI]) == 0
    page = capsys.readouterr().out
    assert "2026-11-08 Sun  festival             Diwali" in page
    assert "Shattila Ekadashi; parana Jan 15 07:1" in page


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        (["--year", "1899", *NEW_DELHI], "1899"),
        (["--year", "2101", *NEW_DELHI], "2101"),
        (["--year", "next", *NEW_DELHI], "'next'"),
        (["--year", "2026", "--lat", "91", "--lon", "77"], "'91'"),
        (["--year", "2026", "--lat", "28", "--lon", "181"], "'181'"),
        (["--year", "2026", *NEW_DELHI, "--tz", "Asia/Nowhere"], "'Asia/Nowhere'"),
        (["--year", "2026", *NEW_DELHI, "--lang", "xx"], "'xx'"),
    ],
)
def test_bad_input_exits_2_naming_the_value(capsys, arguments, named):
    assert main(["festivals", *arguments]) == 2
    error = capsys.readouterr().err
    assert named in error and "Traceback" not in error


def test_a_polar_place_states_what_it_cannot_give(capsys):
    tromso = ["--lat", "69.6492", "--lon", "18.9553", "--tz", "Europe/Oslo"]
    assert main(["festivals", "--year", "2026", *tromso, "--json"]) == 0
    captured = capsys.readouterr()
    items = json.loads(captured.out)
    assert items, "what can be placed is still listed"
    assert "Not given" in captured.err and "no_sunrise" in captured.err
    # Midsummer (Sun up all day) and midwinter (never up) leave the sunrise rules nothing
    # to decide on; March, with ordinary days, is complete.
    assert "near 2026-06-" in captured.err and "near 2026-12-" in captured.err
    march = {item["key"] for item in items if item["date"].startswith("2026-03")}
    assert {"holi", "purnima", "amavasya", "rama_navami"} <= march
