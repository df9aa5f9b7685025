"""The seed's test routes, for a logged-in operator with ENABLE_TEST_ROUTES=true."""

from __future__ import annotations

from datetime import UTC, datetime

import time_machine
from sqlalchemy import func, select

from lokpanchang.delivery.outbox import read_outbox
from lokpanchang.storage import migrate
from lokpanchang.storage.db import session_factory
from lokpanchang.storage.models import MessageLog
from tests.web.conftest import log_in
from tests.web.seed import KOLKATA_PHONES


def test_test_db_reports_the_database(operator_client, seeded, portal_url):
    data = operator_client.get("/test-db").json
    assert data["database"] == "ok" and data["dialect"] == "sqlite"
    assert data["revision"] == migrate.head_revision(portal_url)
    assert data["subscribers"] == 14 and data["broadcast_runs"] == 2


def test_test_whatsapp_sends_only_when_confirmed(operator_client, app):
    outbox = app.config["SETTINGS"].data_dir / "outbox.jsonl"
    page = operator_client.get("/test/whatsapp/+919812345678").get_data(as_text=True)
    assert "Send a test message to +919812345678?" in page and not outbox.exists()
    operator_client.post(
        "/test/whatsapp/+919812345678", data={"csrf_token": operator_client.csrf, "confirm": "yes"}
    )
    assert [m["phone"] for m in read_outbox(outbox)] == ["+919812345678"]


def test_test_whatsapp_names_a_bad_number(operator_client):
    response = operator_client.get("/test/whatsapp/hello")
    assert response.status_code == 400
    assert "&#39;hello&#39; is not a phone number" in response.get_data(as_text=True)


def test_send_panchang_says_when_today_was_already_sent(operator_client, seeded, portal_url):
    page = operator_client.get(f"/send-panchang-{KOLKATA_PHONES[0]}").get_data(as_text=True)
    assert "already has today" in page
    operator_client.post(
        f"/send-panchang-{KOLKATA_PHONES[0]}",
        data={"csrf_token": operator_client.csrf, "confirm": "yes"},
    )
    with session_factory(portal_url)() as session:
        rows = session.scalar(
            select(func.count(MessageLog.id)).where(
                MessageLog.user_id == seeded.user_ids[KOLKATA_PHONES[0]]
            )
        )
    assert rows == 6


def test_send_panchang_to_an_unknown_number_is_404(operator_client, seeded):
    assert operator_client.get("/send-panchang-+919999999999").status_code == 404


def test_test_planner_lists_what_a_pass_now_would_enqueue(client, seeded):
    # Ten minutes before 06:30 in Kolkata (01:00 UTC); New York's 06:30 is hours away.
    with time_machine.travel(datetime(2026, 12, 1, 0, 50, tzinfo=UTC), tick=False):
        log_in(client)
        data = client.get("/test-planner").json
    assert data["lookahead_s"] == 900
    assert data["slots"] == [
        {
            "timezone": "Asia/Kolkata",
            "local_date": "2026-12-01",
            "send_time": "06:30",
            "due_at": "2026-12-01T01:00:00Z",
        }
    ]
