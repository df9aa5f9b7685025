"""`lokpanchang places ...` from the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from lokpanchang.cli import main


def lookup_json(capsys, *coordinates: str) -> dict:
    assert main(["places", "lookup", *coordinates, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    ("coordinates", "city", "zone"),
    [
        (("28.6139", "77.2090"), "Delhi", "Asia/Kolkata"),
        (("40.7128", "-74.0060"), "New York City", "America/New_York"),
        (("-33.8688", "151.2093"), "Sydney", "Australia/Sydney"),
    ],
)
def test_lookup_prints_the_acceptance_places(capsys, coordinates, city, zone):
    found = lookup_json(capsys, *coordinates)
    assert (found["city"], found["timezone"]) == (city, zone)
    assert {"city", "region", "country", "timezone", "latitude", "longitude", "distance_km"} <= set(
        found
    )


def test_lookup_prints_the_query_coordinates_and_the_distance_to_the_city(capsys):
    found = lookup_json(capsys, "-31.5553", "159.0821")
    assert (found["latitude"], found["longitude"]) == (-31.5553, 159.0821)
    assert found["timezone"] == "Australia/Lord_Howe"
    # Issue 25 item 3: the island's own place (0.6 km), not a mainland town 600 km away.
    assert found["city"] == "Lord Howe" and found["distance_km"] < 5
    assert found["city_longitude"] > 159


def test_a_remote_place_prints_the_same_fields_as_an_ordinary_one(capsys):
    ordinary = lookup_json(capsys, "28.6139", "77.2090")
    remote = lookup_json(capsys, "1.985", "-157.475")
    assert list(remote) == list(ordinary)
    assert (remote["city"], remote["timezone"]) == ("London Village", "Pacific/Kiritimati")
    assert remote["distance_km"] < 1


def test_open_ocean_gives_a_nautical_zone(capsys):
    assert lookup_json(capsys, "0", "-140")["timezone"] == "Etc/GMT+9"


@pytest.mark.parametrize(
    ("coordinates", "named"),
    [
        (("95", "0"), "latitude '95'"),
        (("0", "-181"), "longitude '-181'"),
        (("north", "0"), "'north'"),
        (("0", "inf"), "longitude 'inf'"),
    ],
)
def test_bad_coordinates_exit_non_zero_naming_the_value(capsys, coordinates, named):
    assert main(["places", "lookup", *coordinates]) != 0
    assert named in capsys.readouterr().err


def test_search_lists_cities_most_populous_first(capsys):
    assert main(["places", "search", "kathmandu", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found[0]["city"] == "Kathmandu"
    assert found[0]["timezone"] == "Asia/Kathmandu"


def test_the_real_command_accepts_negative_coordinates():
    result = subprocess.run(
        [sys.executable, "-m", "lokpanchang", "places", "lookup", "-33.8688", "151.2093", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["timezone"] == "Australia/Sydney"


def test_the_real_command_fails_on_polar_nonsense():
    result = subprocess.run(
        [sys.executable, "-m", "lokpanchang", "places", "lookup", "-91", "0"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "latitude '-91'" in result.stderr
