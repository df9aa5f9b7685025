"""The subscriber page says what today holds: sent at …, delivered, not today because …, next at …."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from lokpanchang.storage.models import FOREVER, UserDetail
from lokpanchang.storage.subscriber_history import LedgerEntry
from lokpanchang.web.admin.today import today_for

GRACE = timedelta(hours=2)
KOLKATA_TODAY = date(2026, 12, 1)
DUE = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)  # 06:30 in Kolkata


def user(**values) -> UserDetail:
    fields = dict(
        id=7,
        latitude=28.6,
        longitude=77.2,
        timezone="Asia/Kolkata",
        send_time=time(6, 30),
        obsoleted_on=FOREVER,
        language="en",
    )
    return UserDetail.at("whatsapp", "+919800000007", **{**fields, **values})


def row(status: str, **values) -> LedgerEntry:
    fields: dict = dict.fromkeys(
        ("run_id", "sent_at", "delivered_at", "read_at", "error_code", "error_detail")
    )
    return LedgerEntry(
        **{**fields, "local_date": KOLKATA_TODAY, "kind": "daily", "status": status, "late": False}
        | values
    )


def test_before_the_send_time_it_says_next_at_and_will_be_sent():
    today = today_for(user(), None, DUE - timedelta(hours=3), GRACE)
    assert today.summary == "Next at 2026-12-01 06:30 Asia/Kolkata (01:00 UTC)."
    assert today.heading == "Today's message as it will be sent"


def test_after_it_was_read_it_does_not_say_will_be_sent():
    read = row(
        "read",
        sent_at=DUE,
        delivered_at=DUE + timedelta(seconds=3),
        read_at=DUE + timedelta(minutes=5),
    )
    today = today_for(user(), read, DUE + timedelta(hours=1), GRACE)
    assert today.summary.startswith("Read at 2026-12-01 06:35 Asia/Kolkata (01:05 UTC) (daily).")
    assert "Next at 2026-12-02 06:30" in today.summary
    assert today.heading == "Today's message as it was sent"


def test_a_failed_send_says_why_not_today():
    failed = row("failed", error_code=131026, error_detail="Message undeliverable")
    today = today_for(user(), failed, DUE + timedelta(hours=1), GRACE)
    assert today.summary.startswith(
        "Not today because it failed: error 131026 Message undeliverable."
    )
    assert "will be sent" not in today.heading


def test_joining_after_the_send_time_without_a_message_says_not_today_and_next():
    today = today_for(user(), None, DUE + timedelta(hours=3), GRACE)
    assert today.summary.startswith("Not today: today's 06:30 passed without a message")
    assert today.next_at == datetime(2026, 12, 2, 1, 0, tzinfo=UTC)


def test_within_the_grace_it_is_still_coming_late():
    today = today_for(user(), None, DUE + timedelta(minutes=30), GRACE)
    assert "sends it late" in today.summary and "late" in today.heading


def test_a_stopped_subscriber_gets_nothing_today():
    stopped = user(obsoleted_on=DUE - timedelta(days=1))
    today = today_for(stopped, None, DUE - timedelta(hours=3), GRACE)
    assert today.summary == "Not today: the subscription is stopped."


def test_the_page_says_it_for_a_subscriber_whose_message_failed(operator_client, seeded):
    from tests.web.seed import FAILED_PHONES

    user_id = seeded.user_ids[sorted(FAILED_PHONES)[0]]
    page = operator_client.get(f"/admin/subscribers/{user_id}").get_data(as_text=True)
    assert '<p id="today">Not today because it failed: error 131026' in page
    assert "as it will be sent" not in page
