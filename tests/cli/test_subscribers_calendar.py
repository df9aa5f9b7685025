"""`lokpanchang subscribers calendar`: choose a subscriber's calendar, or go back to the
default; a calendar we do not reckon is named and nothing changes."""

from __future__ import annotations

import json

import pytest

from lokpanchang.cli import main

PHONE = "+919876543210"


@pytest.fixture
def database(database_url, settings_env, capsys):
    settings_env(DATABASE_URL=database_url)
    add = ["subscribers", "add", "--phone", PHONE, "--lat", "13.0827", "--lon", "80.2707"]
    assert main(add) == 0
    capsys.readouterr()
    return database_url


def chosen(capsys) -> str | None:
    capsys.readouterr()
    assert main(["subscribers", "list", "--json"]) == 0
    (record,) = json.loads(capsys.readouterr().out)
    return record["calendar"]


def test_a_calendar_is_chosen_and_the_default_restored(database, capsys):
    assert chosen(capsys) is None
    assert main(["subscribers", "calendar", "--phone", PHONE, "--calendar", "Bengali"]) == 0
    assert capsys.readouterr().out.strip() == f"{PHONE}: calendar bengali"
    assert chosen(capsys) == "bengali"
    assert main(["subscribers", "calendar", "--phone", PHONE, "--calendar", "default"]) == 0
    assert chosen(capsys) is None


def test_an_unknown_calendar_is_named_and_nothing_changes(database, capsys):
    assert main(["subscribers", "calendar", "--phone", PHONE, "--calendar", "tamil"]) == 0
    assert main(["subscribers", "calendar", "--phone", PHONE, "--calendar", "martian"]) == 2
    err = capsys.readouterr().err
    assert "calendar 'martian' is not one we reckon" in err and "odia or default" in err
    assert "Traceback" not in err
    assert chosen(capsys) == "tamil"


def test_an_unknown_phone_is_named(database, capsys):
    assert main(["subscribers", "calendar", "--phone", "+919800000000", "--calendar", "odia"]) == 2
    assert "+919800000000" in capsys.readouterr().err
