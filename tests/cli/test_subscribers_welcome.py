"""Sign-up policy from the CLI: a subscriber added after today's send time gets today's
panchangam once, at once; the daily run serves them from tomorrow."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from sqlalchemy import select

from lokpanchang.cli import main
from lokpanchang.config import get_settings
from lokpanchang.delivery.factory import outbox_path
from lokpanchang.delivery.outbox import read_outbox
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import MessageLog

AFTER_SEND_TIME = datetime(2026, 3, 10, 5, 0, tzinfo=UTC)  # 10:30 in Delhi
BEFORE_SEND_TIME = datetime(2026, 3, 10, 0, 0, tzinfo=UTC)  # 05:30 in Delhi
DELHI = ["--lat", "28.6139", "--lon", "77.2090"]
CSV = "phone,latitude,longitude,name\n+919876500001,28.6139,77.2090,A\n+919876500002,19.0760,72.8777,B\n"


@pytest.fixture
def database(database_url, settings_env):
    settings_env(DATABASE_URL=database_url, DELIVERY_BACKEND="outbox")
    return database_url


def outbox() -> list[dict]:
    return read_outbox(outbox_path(get_settings()))


def ledger(url: str) -> list[tuple[str, str]]:
    with transaction(url) as session:
        return [(row.kind, row.status) for row in session.execute(select(MessageLog)).scalars()]


def test_add_after_the_send_time_sends_todays_panchangam_once(database, capsys):
    with time_machine.travel(AFTER_SEND_TIME, tick=False):
        assert main(["subscribers", "add", "--phone", "+919876543210", *DELHI]) == 0
    assert "today's panchangam: 1 sent" in capsys.readouterr().out
    with time_machine.travel(AFTER_SEND_TIME + timedelta(minutes=5), tick=False):
        assert main(["subscribers", "add", "--phone", "+919876543210", *DELHI, "--name", "A"]) == 0
    assert "today's panchangam" not in capsys.readouterr().out  # an update, not a sign-up
    [message] = outbox()
    assert message["phone"] == "+919876543210" and "10 Mar 2026, Delhi" in message["text"]
    assert ledger(database) == [("welcome", "sent")]


def test_add_before_the_send_time_leaves_today_to_the_daily_run(database, capsys):
    with time_machine.travel(BEFORE_SEND_TIME, tick=False):
        assert main(["subscribers", "add", "--phone", "+919876543210", *DELHI]) == 0
    assert outbox() == [] and ledger(database) == []
    assert "comes with today's run" in capsys.readouterr().out


def test_add_resuming_a_stopped_subscriber_sends_today_if_they_have_nothing_yet(database):
    with time_machine.travel(BEFORE_SEND_TIME, tick=False):
        assert main(["subscribers", "add", "--phone", "+919876543210", *DELHI]) == 0
        assert main(["subscribers", "stop", "--phone", "+919876543210"]) == 0
    with time_machine.travel(AFTER_SEND_TIME, tick=False):
        assert main(["subscribers", "add", "--phone", "+919876543210", *DELHI]) == 0
    assert [m["phone"] for m in outbox()] == ["+919876543210"]


def test_import_sends_nothing_unless_asked_with_welcome(database, tmp_path):
    first, second = tmp_path / "first.csv", tmp_path / "second.csv"
    first.write_text(CSV)
    second.write_text(CSV.replace("98765000", "98765111"))
    with time_machine.travel(AFTER_SEND_TIME, tick=False):
        assert main(["subscribers", "import", str(first)]) == 0
    assert outbox() == []
    with time_machine.travel(AFTER_SEND_TIME + timedelta(minutes=5), tick=False):
        assert main(["subscribers", "import", str(second), "--welcome"]) == 0
    assert sorted(m["phone"] for m in outbox()) == ["+919876511101", "+919876511102"]
    assert sorted(ledger(database)) == [("welcome", "sent"), ("welcome", "sent")]
