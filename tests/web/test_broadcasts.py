"""Runs by zone and date, failures grouped by code, resume and backfill."""

from __future__ import annotations

import re

from sqlalchemy import select

from lokpanchang.storage.db import session_factory
from lokpanchang.storage.models import BroadcastRun
from tests.web.seed import FAILED_PHONES


def test_runs_are_listed_and_filtered_by_zone_and_status(operator_client, seeded):
    page = operator_client.get("/admin/broadcasts").get_data(as_text=True)
    assert f"#{seeded.kolkata_run_id}" in page and f"#{seeded.halted_run_id}" in page
    page = operator_client.get("/admin/broadcasts", query_string={"status": "halted"}).get_data(as_text=True)
    assert f"#{seeded.halted_run_id}" in page and f"#{seeded.kolkata_run_id}<" not in page
    page = operator_client.get("/admin/broadcasts", query_string={"zone": "Asia/Kolkata"}).get_data(as_text=True)
    assert f"#{seeded.halted_run_id}<" not in page


def test_a_bad_date_filter_is_a_400_naming_it(operator_client, seeded):
    response = operator_client.get("/admin/broadcasts?date=yesterday")
    assert response.status_code == 400
    assert "yesterday" in response.get_data(as_text=True)


def test_a_run_groups_its_failures_by_error_code_with_the_subscribers(operator_client, seeded):
    page = operator_client.get(f"/admin/broadcasts/{seeded.kolkata_run_id}").get_data(as_text=True)
    group = re.search(r'id="error-131026".*?</section>', page, re.S).group(0)
    assert "3 subscribers" in group and "message undeliverable" in group
    assert sorted(re.findall(r">(\+\d+)</a>", group)) == sorted(FAILED_PHONES)


def test_the_failures_page_shows_a_days_failures(operator_client, seeded):
    page = operator_client.get("/admin/failures").get_data(as_text=True)
    assert 'id="error-131026"' in page


def _run(url, run_id):
    with session_factory(url)() as session:
        return session.get(BroadcastRun, run_id)


def test_resuming_a_halted_run_plans_it_again(operator_client, seeded, portal_url):
    response = operator_client.post(f"/admin/broadcasts/{seeded.halted_run_id}/resume",
                                    data={"csrf_token": operator_client.csrf})
    assert response.status_code == 302
    run = _run(portal_url, seeded.halted_run_id)
    assert run.status == "planned" and run.error is None


def test_a_finished_run_cannot_be_resumed(operator_client, seeded, portal_url):
    response = operator_client.post(f"/admin/broadcasts/{seeded.kolkata_run_id}/resume",
                                    data={"csrf_token": operator_client.csrf}, follow_redirects=True)
    assert "only a halted run can be resumed" in response.get_data(as_text=True)
    assert _run(portal_url, seeded.kolkata_run_id).status == "done"


def _backfill(client, **extra):
    form = {"csrf_token": client.csrf, "zone": "Europe/London", "date": "2026-03-29",
            "send_time": "01:30", **extra}
    return client.post("/admin/broadcasts/backfill", data=form)


def test_backfill_asks_for_confirmation_then_plans_a_late_run(operator_client, seeded, portal_url):
    review = _backfill(operator_client)
    assert "Yes, plan it" in review.get_data(as_text=True)
    with session_factory(portal_url)() as session:
        assert session.scalar(select(BroadcastRun).where(BroadcastRun.timezone == "Europe/London")) is None
    assert _backfill(operator_client, confirm="yes").status_code == 302
    with session_factory(portal_url)() as session:
        run = session.scalar(select(BroadcastRun).where(BroadcastRun.timezone == "Europe/London"))
    assert run.status == "planned" and run.late
    # 01:30 falls in London's spring-forward gap: moved forward by the gap to 02:30 BST = 01:30 UTC.
    assert run.due_at.isoformat() == "2026-03-29T01:30:00+00:00"


def test_backfilling_a_run_that_is_already_planned_is_refused(operator_client, seeded):
    assert _backfill(operator_client, confirm="yes").status_code == 302
    response = _backfill(operator_client, confirm="yes")
    assert response.status_code == 400
    assert "already planned" in response.get_data(as_text=True)


def test_backfill_names_a_bad_zone(operator_client, seeded):
    response = _backfill(operator_client, confirm="yes", zone="Mars/Olympus")
    assert response.status_code == 400
    assert "Mars/Olympus" in response.get_data(as_text=True)
