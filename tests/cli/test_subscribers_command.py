"""`lokpanchang subscribers ...` on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from lokpanchang.cli import main

ACCEPTANCE_CSV = """phone,latitude,longitude,name
+919876543210,28.6139,77.2090,Asha
+91 12345,28.6139,77.2090,Bad phone
+12125550199,95,-74.0060,Too far north

+919876543210,19.0760,72.8777,Asha again
+442079460123,51.5074,-0.1278,London
"""


@pytest.fixture
def database(database_url, settings_env):
    settings_env(DATABASE_URL=database_url)
    return database_url


def listed(capsys) -> list[dict]:
    capsys.readouterr()
    assert main(["subscribers", "list", "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_add_list_stop(database, capsys):
    assert (
        main(
            [
                "subscribers",
                "add",
                "--phone",
                "+61 491 570 156",
                "--lat",
                "-33.8688",
                "--lon",
                "151.2093",
                "--name",
                "Priya",
                "--lang",
                "ta",
                "--send-time",
                "05:45",
            ]
        )
        == 0
    )
    (record,) = listed(capsys)
    assert {
        k: record[k]
        for k in ("phone", "name", "city", "timezone", "language", "send_time", "active")
    } == {
        "phone": "+61491570156",
        "name": "Priya",
        "city": "Sydney",
        "timezone": "Australia/Sydney",
        "language": "ta",
        "send_time": "05:45",
        "active": True,
    }
    assert (record["latitude"], record["longitude"]) == (-33.8688, 151.2093)
    assert main(["subscribers", "stop", "--phone", "+61491570156"]) == 0
    assert listed(capsys)[0]["active"] is False


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (["--phone", "12", "--lat", "1", "--lon", "1"], "phone '12'"),
        (["--phone", "+919876543210", "--lat", "95", "--lon", "1"], "latitude '95'"),
        (["--phone", "+919876543210", "--lat", "1", "--lon", "1", "--lang", "fr"], "language 'fr'"),
        (["--phone", "+919876543210", "--lat", "1", "--lon", "1", "--send-time", "6h"], "'6h'"),
    ],
)
def test_add_refuses_bad_values_naming_them(database, capsys, options, named):
    assert main(["subscribers", "add", *options]) == 2
    assert named in capsys.readouterr().err
    assert listed(capsys) == []


def test_stop_of_an_unknown_phone_fails(database, capsys):
    assert main(["subscribers", "stop", "--phone", "+919876543210"]) == 2
    assert "+919876543210" in capsys.readouterr().err


def test_the_acceptance_csv_reports_every_problem_and_imports_nothing(database, capsys, tmp_path):
    path = tmp_path / "subscribers.csv"
    path.write_text(ACCEPTANCE_CSV)
    assert main(["subscribers", "import", str(path)]) != 0
    err = capsys.readouterr().err
    for line, reason in [
        (3, "phone '+91 12345'"),
        (4, "latitude '95'"),
        (5, "empty line"),
        (6, "duplicate phone +919876543210"),
    ]:
        assert f"line {line}: {reason}" in err
    assert "nothing imported" in err
    assert listed(capsys) == []


def test_skip_invalid_imports_the_good_rows(database, capsys, tmp_path):
    path = tmp_path / "subscribers.csv"
    path.write_text(ACCEPTANCE_CSV)
    assert main(["subscribers", "import", str(path), "--skip-invalid"]) == 0
    assert "line 4: latitude '95'" in capsys.readouterr().err
    assert sorted(r["phone"] for r in listed(capsys)) == ["+442079460123", "+919876543210"]


def test_the_sample_loads_idempotently(database, capsys):
    assert main(["subscribers", "import", "--sample"]) == 0
    assert main(["subscribers", "import", "--sample"]) == 0
    records = listed(capsys)
    zones = {r["timezone"] for r in records}
    assert len(records) == len({r["phone"] for r in records}) >= 20
    assert {
        "Asia/Kathmandu",
        "Pacific/Chatham",
        "Australia/Lord_Howe",
        "America/New_York",
        "Europe/London",
        "Asia/Kolkata",
    } <= zones


def test_a_database_without_schema_is_explained(settings_env, sqlite_url, capsys):
    settings_env(DATABASE_URL=sqlite_url)
    assert main(["subscribers", "list"]) == 2
    assert "lokpanchang db upgrade" in capsys.readouterr().err


def test_the_real_command_imports_and_lists(database, tmp_path):
    path = tmp_path / "subscribers.csv"
    path.write_text("phone,latitude,longitude,language\n+9779851012345,27.7172,85.3240,hi\n")
    env = {**os.environ, "DATABASE_URL": database}

    def run(*args):
        return subprocess.run(
            [sys.executable, "-m", "lokpanchang", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    assert run("subscribers", "import", str(path)).returncode == 0
    result = run("subscribers", "list", "--json")
    assert result.returncode == 0, result.stderr
    (record,) = json.loads(result.stdout)
    assert (record["timezone"], record["city"], record["language"]) == (
        "Asia/Kathmandu",
        "Kathmandu",
        "hi",
    )


def test_move_changes_the_zone(database, capsys):
    assert (
        main(
            [
                "subscribers",
                "add",
                "--phone",
                "+919876543210",
                "--lat",
                "28.6139",
                "--lon",
                "77.2090",
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "subscribers",
                "move",
                "--phone",
                "+919876543210",
                "--lat",
                "-43.9535",
                "--lon",
                "-176.5597",
            ]
        )
        == 0
    )
    (record,) = listed(capsys)
    assert (record["timezone"], record["city"]) == ("Pacific/Chatham", "Waitangi")
