"""`subscribers add --channel telegram --chat-id N` for operators; `list --json` shows the channel."""

from __future__ import annotations

import pytest

from lokpanchang.cli import main
from tests.cli import test_subscribers_command as commands

database = commands.database  # the fixture: a migrated database the commands use
listed = commands.listed

TORONTO = ["--lat", "43.6532", "--lon", "-79.3832"]


def test_a_telegram_chat_is_added_and_listed_with_its_channel(database, capsys):
    assert (
        main(["subscribers", "add", "--channel", "telegram", "--chat-id", "123456789", *TORONTO])
        == 0
    )
    assert "Telegram chat 123456789" in capsys.readouterr().out
    assert main(["subscribers", "add", "--phone", "+14165550123", *TORONTO]) == 0
    records = listed(capsys)
    assert [(r["channel"], r["chat_id"], r["phone"]) for r in records] == [
        ("telegram", "123456789", None),
        ("whatsapp", None, "+14165550123"),
    ]
    assert {r["timezone"] for r in records} == {"America/Toronto"}


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--channel", "telegram"], "--channel telegram takes --chat-id N"),
        (["--channel", "telegram", "--chat-id", "12", "--phone", "+14165550123"], "and no --phone"),
        (["--chat-id", "12"], "--phone is required"),
        (
            ["--channel", "telegram", "--chat-id", "12abc"],
            "chat id '12abc' is not a Telegram chat id",
        ),
        (["--channel", "telegram", "--chat-id", "0"], "chat id '0' is not a Telegram chat id"),
    ],
)
def test_a_bad_telegram_address_is_refused_naming_it(database, capsys, arguments, message):
    assert main(["subscribers", "add", *arguments, *TORONTO]) == 2
    assert message in capsys.readouterr().err
    assert listed(capsys) == []
