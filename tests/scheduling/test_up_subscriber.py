"""Issue 14's acceptance, as a new user would go: signed webhook POSTs (``lokpanchang
simulate``) to a real ``lokpanchang up --fake-whatsapp``; the replies are read at the fake."""

from __future__ import annotations

import json
import re
import struct
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from lokpanchang.almanac.convention import DRIK
from lokpanchang.almanac.sunrise_times import sunrise_send_time
from lokpanchang.broadcast.sunrise import place_of
from lokpanchang.storage import migrate
from tests.scheduling.test_up_fake_whatsapp import fake_url
from tests.upprocess import embedded_env, get_json, running

pytestmark = [pytest.mark.integration, pytest.mark.slow]

PHONE = "+919812300123"
LATITUDE, LONGITUDE = 28.61234, 77.20987  # no town is at exactly this point
KOLKATA = ZoneInfo("Asia/Kolkata")


def environment(tmp_path: Path) -> dict[str, str]:
    return embedded_env(tmp_path)


def lokpanchang(env: dict, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "lokpanchang", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def texts_to_them(base: str) -> list[str]:
    """The bodies of the text replies the fake accepted for the user, in order."""
    found = get_json(f"{base}/_fake/messages?accepted=1").get("messages", [])
    return [
        m["payload"]["text"]["body"]
        for m in found
        if m["type"] == "text" and str(m["to"]).lstrip("+") == PHONE.lstrip("+")
    ]


def subscriber(env: dict) -> dict | None:
    listed = json.loads(lokpanchang(env, "subscribers", "list", "--json"))
    return next((row for row in listed if row["phone"] == PHONE), None)


def traces(database: Path) -> list[str]:
    """What of the user's number or place the database files hold, byte for byte."""
    wanted = {
        "phone digits": PHONE.lstrip("+").encode(),
        "latitude text": f"{LATITUDE}".encode(),
        "longitude text": f"{LONGITUDE}".encode(),
        "latitude real": struct.pack(">d", LATITUDE),
        "longitude real": struct.pack(">d", LONGITUDE),
        "rounded place": f"{LATITUDE:.2f},{LONGITUDE:.2f},".encode(),
    }
    files = [path for path in database.parent.glob(database.name + "*") if path.is_file()]
    return [
        f"{name} in {path.name}"
        for path in files
        for name, needle in wanted.items()
        if needle in path.read_bytes()
    ]


def test_a_new_user_asks_for_tomorrow_chooses_a_time_and_sunrise_and_deletes(tmp_path):
    env = environment(tmp_path)
    database = tmp_path / "var" / "lokpanchang.sqlite3"
    migrate.upgrade(f"sqlite:///{database}")
    with running(tmp_path, env, "--fake-whatsapp") as up:
        base = up.wait_for(lambda: fake_url(up), 60, "the fake's address")
        up.wait_for((tmp_path / "var" / "up.json").exists, 60, "up.json")
        up.wait_for(up.answers, 60, "the web")

        def ask(words: str, replies: int, *location: str) -> str:
            lokpanchang(env, "simulate", words, "--phone", PHONE, *location)
            got = up.wait_for(
                lambda: len(texts_to_them(base)) >= replies and texts_to_them(base),
                90,
                f"the reply to {words!r}",
            )
            return got[replies - 1]

        where = ("--lat", str(LATITUDE), "--lon", str(LONGITUDE))
        confirmation = ask("start", 1, *where)
        assert confirmation.startswith("You are subscribed"), confirmation
        sent = len(texts_to_them(base))

        tomorrow = datetime.now(KOLKATA).date() + timedelta(days=1)
        answer = ask("tomorrow", sent + 1)
        heading = f"{tomorrow:%A} {tomorrow.day} {tomorrow:%b} {tomorrow.year}"
        assert answer.startswith(f"Panchangam for {heading}"), answer
        assert "Tithi:" in answer and "Sunrise / Sunset:" in answer

        assert ask("time 05:45", sent + 2).startswith("Done:")
        assert subscriber(env)["send_time"] == "05:45"

        answer = ask("sunrise", sent + 3)
        row = subscriber(env)
        planned = json.loads(lokpanchang(env, "plan", "--json"))
        mine = [s for s in planned if s["timezone"] == "Asia/Kolkata"]
        # The reply names the first sunrise still owed (tomorrow's when today's message went
        # at sign-up: issue 25 item 6), and that sunrise is the stored and planned send time.
        named = re.search(r"Next: (\d{1,2} \w{3} \d{4}) (\d\d:\d\d)", answer)
        assert named is not None and "at sunrise" in answer, answer
        day = datetime.strptime(named[1], "%d %b %Y").date()
        rises = sunrise_send_time(*place_of(LATITUDE, LONGITUDE), "Asia/Kolkata", day, DRIK)
        assert [s["send_time"] for s in mine] == [f"{rises:%H:%M}"] == [row["send_time"]]
        assert named[2] == row["send_time"]

        assert ask("what is this", sent + 4) == ask_help_text()
        assert "“2026-02-30”" in ask("2026-02-30", sent + 5)

        before = " ".join(traces(database))  # the scan does find them while they are there
        assert "phone digits" in before and "latitude real" in before, before
        ask("delete", sent + 6)
        assert ask("yes", sent + 7).startswith("Done: your number and location are erased")
        assert subscriber(env) is None
        assert traces(database) == []
    assert traces(database) == []


def ask_help_text() -> str:
    from lokpanchang.messages import reply

    return reply("help")
