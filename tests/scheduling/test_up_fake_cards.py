"""`lokpanchang up --fake-whatsapp --fake-telegram` with WHATSAPP_TEMPLATE_HEADER=image (issue
27, item 2's acceptance): the morning message carries the day's card on both channels, and
the fakes record one upload per distinct card however many subscribers share it."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest

from lokpanchang.storage import migrate
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import UserDetail
from tests.scheduling.cluster import next_kolkata_morning
from tests.scheduling.test_up_fake_whatsapp import fake_url
from tests.upprocess import Up, get_json, morning_env, running

pytestmark = [pytest.mark.integration, pytest.mark.slow]

HYDERABAD, CHENNAI = (17.385, 78.486), (13.0827, 80.2707)
CARD_TEMPLATE = "daily_panchangam"


def telegram_url(up: Up) -> str | None:
    return up.announced(r"fake Bot API at (http://127\.0\.0\.1:\d+)")


def subscribe(url: str, channel: str, address: str, where, language="en", card_off=False):
    joined = datetime.now(UTC) - timedelta(days=2)
    with transaction(url) as session:
        user = UserDetail.at(
            channel,
            address,
            timezone="Asia/Kolkata",
            send_time=time(6, 30),
            latitude=where[0],
            longitude=where[1],
            language=language,
            card_off=card_off,
            created_on=joined,
        )
        session.add(user)


def test_the_morning_message_carries_the_card_uploaded_once_per_distinct_card(tmp_path):
    due = next_kolkata_morning(datetime.now(UTC))
    env = morning_env(tmp_path, due, WHATSAPP_TEMPLATE_HEADER="image")
    database = f"sqlite:///{tmp_path / 'var' / 'lokpanchang.sqlite3'}"
    migrate.upgrade(database)
    for n in range(3):  # three readers of one card
        subscribe(database, "whatsapp", f"+9198765000{n:02d}", HYDERABAD)
    subscribe(database, "whatsapp", "+919876500010", HYDERABAD, language="hi")  # a second card
    subscribe(database, "whatsapp", "+919876500020", HYDERABAD, card_off=True)  # no card
    for chat in (4101, 4102):  # two Telegram readers of one card
        subscribe(database, "telegram", str(chat), HYDERABAD)
    subscribe(database, "telegram", "4103", CHENNAI, language="ta")  # and of another
    with running(tmp_path, env, "--fake-whatsapp", "--fake-telegram") as up:
        whatsapp = up.wait_for(lambda: fake_url(up), 30, "the fake Cloud API's address")
        telegram = up.wait_for(lambda: telegram_url(up), 30, "the fake Bot API's address")
        templates = up.wait_for(
            lambda: _all(get_json(f"{whatsapp}/_fake/messages?accepted=1"), 5),
            150,
            "five templates at the fake Cloud API",
        )
        photos = up.wait_for(
            lambda: _all(get_json(f"{telegram}/_fake/messages?accepted=1"), 3),
            60,
            "three photos at the fake Bot API",
        )

        sent = [m["payload"]["template"] for m in templates]
        with_card = [t for t in sent if t["name"] == CARD_TEMPLATE]
        assert len(with_card) == 4
        assert [t["name"] for t in sent if t not in with_card] == [f"{CARD_TEMPLATE}_text"]
        header_ids = [t["components"][0]["parameters"][0]["image"]["id"] for t in with_card]
        uploads = get_json(f"{whatsapp}/_fake/media")["uploads"]
        assert len(uploads) == 2 == len(set(header_ids))  # one per distinct card, not per reader
        assert set(header_ids) == {u["id"] for u in uploads}
        assert all(u["type"] == "image/png" and u["bytes"] > 10_000 for u in uploads)

        assert {m["method"] for m in photos} == {"sendPhoto"}
        assert all("Tithi" in m["text"] or "திதி" in m["text"] for m in photos)  # the caption
        assert get_json(f"{telegram}/_fake/photos")["count"] == 2
        assert sum(m["uploaded"] for m in photos) == 2


def _all(listing: dict, count: int) -> list[dict] | None:
    messages = listing.get("messages") or []
    return messages if len(messages) >= count else None
