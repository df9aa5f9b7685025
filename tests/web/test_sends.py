"""Send actions: confirmed first, and never a second daily message to anyone on a local day."""

from __future__ import annotations

import re

from sqlalchemy import func, select

from lokpanchang.delivery.outbox import read_outbox
from lokpanchang.storage.addresses import at_addresses
from lokpanchang.storage.db import session_factory
from lokpanchang.storage.models import MessageLog
from tests.web.seed import KOLKATA_PHONES, NEW_YORK_PHONE


def _outbox(app):
    path = app.config["SETTINGS"].data_dir / "outbox.jsonl"
    return read_outbox(path) if path.exists() else []


def _ledger_count(url) -> int:
    with session_factory(url)() as session:
        return session.scalar(select(func.count(MessageLog.id))) or 0


def test_a_test_message_is_only_sent_after_confirmation(operator_client, app):
    review = operator_client.post(
        "/admin/send/test", data={"csrf_token": operator_client.csrf, "phone": "+91 98123 45678"}
    )
    assert "Send a test message to <strong>+919812345678</strong>?" in review.get_data(as_text=True)
    assert _outbox(app) == []
    done = operator_client.post(
        "/admin/send/test",
        data={"csrf_token": operator_client.csrf, "phone": "+919812345678", "confirm": "yes"},
        follow_redirects=True,
    )
    assert "Test message sent to +919812345678" in done.get_data(as_text=True)
    [sent] = _outbox(app)
    assert sent["phone"] == "+919812345678"
    assert sent["template"] == "" and "Ujjain" in sent["text"]  # the daily template, filled in


def test_a_test_message_confirmed_twice_is_sent_once_and_kept_in_the_ledger(operator_client, app):
    # On main a double click on "Yes, send it" (or the browser resubmitting the form) sent
    # the template twice. The review page's form carries a key of its own: the send is a
    # row of reply_log under that key, so the second POST reports the first one's outcome.
    review = operator_client.post(
        "/admin/send/test", data={"csrf_token": operator_client.csrf, "phone": "+919812345678"}
    )
    found = re.search(r'name="once" value="([^"]+)"', review.get_data(as_text=True))
    once = found.group(1) if found else ""
    confirm = {
        "csrf_token": operator_client.csrf,
        "phone": "+919812345678",
        "confirm": "yes",
        "once": once,
    }
    for _ in range(2):
        done = operator_client.post("/admin/send/test", data=confirm, follow_redirects=True)
        assert "Test message sent to +919812345678" in done.get_data(as_text=True)
    assert len(_outbox(app)) == 1
    from lokpanchang.storage.models import ReplyLog

    url = app.config["SETTINGS"].effective_database_url
    with session_factory(url)() as session:
        [row] = session.scalars(select(ReplyLog)).all()
        assert (row.kind, row.address, row.status) == ("test", "+919812345678", "sent")
        assert row.whatsapp_message_id and row.admitted_at is not None


def test_a_test_message_to_a_bad_number_names_it(operator_client, app):
    response = operator_client.post(
        "/admin/send/test",
        data={"csrf_token": operator_client.csrf, "phone": "12", "confirm": "yes"},
    )
    assert response.status_code == 400
    assert "&#39;12&#39; is not a phone number" in response.get_data(as_text=True)
    assert _outbox(app) == []


def test_the_confirmation_counts_who_already_has_todays_message(operator_client, seeded):
    page = operator_client.post(
        "/admin/send/today",
        data={"csrf_token": operator_client.csrf, "target": "zone", "zone": "Asia/Kolkata"},
    ).get_data(as_text=True)
    assert "<strong>1</strong> will get today" in page
    assert "11 already have today" in page


def test_a_subscriber_who_has_todays_message_gets_nothing_more(
    operator_client, seeded, portal_url, app
):
    before = _ledger_count(portal_url)
    user_id = seeded.user_ids[KOLKATA_PHONES[0]]
    response = operator_client.post(
        "/admin/send/today",
        data={
            "csrf_token": operator_client.csrf,
            "target": "subscriber",
            "user_id": str(user_id),
            "confirm": "yes",
        },
        follow_redirects=True,
    )
    assert "0 sent, 0 failed, 1 already had today" in response.get_data(as_text=True)
    assert _ledger_count(portal_url) == before
    assert _outbox(app) == []


def test_an_unknown_target_is_refused(operator_client, seeded):
    response = operator_client.post(
        "/admin/send/today", data={"csrf_token": operator_client.csrf, "target": "planet"}
    )
    assert response.status_code == 400


def _users(url, *phones):
    from lokpanchang.storage.models import UserDetail

    session = session_factory(url)()
    return session, list(
        session.scalars(select(UserDetail).where(at_addresses("whatsapp", phones)))
    )


def test_a_transient_failure_stays_owed_and_is_sent_after_its_back_off(seeded, portal_url, app):
    # The operator's send used to delete the row of a transient failure; now it waits in
    # 'retry' like every other kind of send and goes out once, after its back-off.
    from datetime import timedelta

    from lokpanchang import clock
    from lokpanchang.broadcast import SendContext, retries
    from lokpanchang.broadcast.content import almanac_content
    from lokpanchang.delivery.base import Outcome, SendResult
    from lokpanchang.delivery.memory import MemorySender
    from lokpanchang.web.admin import dispatch

    sender = MemorySender(
        outcomes={
            KOLKATA_PHONES[11]: SendResult(
                0, Outcome.RETRY, error_code=130429, error_detail="throughput"
            ),
            NEW_YORK_PHONE: SendResult(0, Outcome.BLOCK, error_code=131049, error_detail="cap"),
        }
    )
    session, users = _users(portal_url, KOLKATA_PHONES[11], NEW_YORK_PHONE)
    now = clock.now()
    with session:
        ids = [user.id for user in users]
        report = dispatch.send_today(app.config["SETTINGS"], session, users, now, sender)
    statuses = _statuses(portal_url, ids)
    assert (report.sent, report.failed) == (0, 2)
    assert statuses == {
        seeded.user_ids[KOLKATA_PHONES[11]]: "retry",
        seeded.user_ids[NEW_YORK_PHONE]: "blocked",
    }
    sender.outcomes.clear()
    ctx = SendContext(app.config["SETTINGS"], sender, almanac_content())
    assert retries.send_due(ctx, now + timedelta(seconds=1)) == {}  # still in its back-off
    assert retries.send_due(ctx, now + timedelta(minutes=1)) == {"sent": 1}
    assert retries.send_due(ctx, now + timedelta(minutes=2)) == {}
    assert [m.to for m in sender.sent] == [KOLKATA_PHONES[11]]
    assert _statuses(portal_url, ids)[seeded.user_ids[KOLKATA_PHONES[11]]] == "sent"


def _statuses(url, user_ids) -> dict:
    with session_factory(url)() as session:
        query = select(MessageLog.user_id, MessageLog.status).where(
            MessageLog.user_id.in_(user_ids)
        )
        return dict(session.execute(query).all())


def test_a_send_without_a_chosen_subscriber_asks_for_one(operator_client, seeded, app):
    response = operator_client.post(
        "/admin/send/today",
        data={"csrf_token": operator_client.csrf, "target": "subscriber", "confirm": "yes"},
    )
    assert "Choose a subscriber (by phone) or a zone first." in response.get_data(as_text=True)
    assert _outbox(app) == []


def test_the_send_nav_opens_the_send_today_form_which_links_to_the_test_message(operator_client):
    dashboard = operator_client.get("/admin/").get_data(as_text=True)
    nav = dashboard.split('<nav aria-label="Operator">', 1)[1].split("</nav>", 1)[0]
    assert '<a href="/admin/send/today">Send</a>' in nav
    form = operator_client.get("/admin/send/today").get_data(as_text=True)
    assert '<a href="/admin/send/test">Send a test message to one number…</a>' in form
    test = operator_client.get("/admin/send/test").get_data(as_text=True)
    assert 'href="/admin/send/today"' in test.split("</nav>", 1)[1]  # and back
