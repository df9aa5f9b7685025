"""The dashboard's numbers, timeline and chart come from the seeded database."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from lokpanchang import clock
from lokpanchang.storage import dashboard
from lokpanchang.storage.db import session_factory
from lokpanchang.web.admin import charts


def _kpi(page: str, name: str) -> str:
    found = re.search(rf'id="kpi-{name}">([^<]+)<', page)
    assert found, f"no kpi-{name} on the page"
    return found.group(1).strip()


def test_it_shows_active_new_sent_failed_and_the_popular_zone(operator_client, seeded):
    page = operator_client.get("/admin/").get_data(as_text=True)
    assert _kpi(page, "active") == "13"  # 12 in Kolkata + 1 in New York; London stopped
    assert _kpi(page, "new") == "2"
    assert _kpi(page, "sent") == "8"
    assert _kpi(page, "failed") == "3"
    assert _kpi(page, "zone") == "Asia/Kolkata"


def test_todays_timeline_lists_the_run_due_today_with_its_counts(operator_client, seeded):
    page = operator_client.get("/admin/").get_data(as_text=True)
    row = re.search(
        rf"<tr class=\"phase-\w+\">\s*<td><a href=\"/admin/broadcasts/{seeded.kolkata_run_id}\">Asia/Kolkata</a>.*?</tr>",
        page,
        re.S,
    ).group(0)
    cells = re.findall(r'<td class="num">(?:<a [^>]+>)?(\d+)', row)
    assert cells == ["8", "4", "3", "0", "0"]  # sent, delivered, failed, late, missed
    assert "<svg" in page and "Today&#39;s broadcasts by zone" in page


def test_the_30_day_chart_has_a_bar_title_per_day_with_data(operator_client, seeded):
    page = operator_client.get("/admin/").get_data(as_text=True)
    assert page.count("10 delivered, 0 sent, 0 failed") == 5


def test_the_summary_json_has_the_headline_numbers(operator_client, seeded):
    data = operator_client.get("/admin/api/summary.json").json
    assert data["active"] == 13 and data["failed_today"] == 3
    assert data["popular_zone"] == "Asia/Kolkata"


def test_daily_delivery_fills_days_without_messages_with_zeros(portal_url, seeded):
    bars = dashboard.daily_delivery(portal_url, clock.now().date(), days=30)
    assert len(bars) == 30
    assert bars[0].day < bars[-1].day
    assert sum(b.delivered + b.sent + b.failed for b in bars) >= 50


def test_the_delivery_chart_scales_the_tallest_bar_to_the_plot():
    from datetime import date

    bars = [dashboard.DayBar(date(2026, 1, d), delivered=d, sent=0, failed=0) for d in range(1, 4)]
    svg = str(charts.delivery_chart(bars, width=300, height=200))
    heights = [float(h) for h in re.findall(r'<rect [^>]*height="([\d.]+)"', svg)]
    assert heights == sorted(heights) and heights[-1] == 200 - 28 - 12
    assert 'role="img"' in svg


def test_the_timeline_says_so_when_nothing_is_due():
    svg = str(charts.timeline_chart([], dashboard.utc_day_start(clock.now())))
    assert "No subscriber has a send time today." in svg


def test_it_shows_the_messaging_limits_use_and_todays_blocked_and_deferred(
    operator_client, seeded, portal_url
):
    from lokpanchang.storage.models import MessageLog

    now = clock.now()
    with session_factory(portal_url)() as session:
        rows = session.query(MessageLog).filter(MessageLog.status == "failed").limit(2).all()
        rows[0].status, rows[0].failed_at = "blocked", now
        rows[1].status, rows[1].scheduled_at = "deferred", now
        session.commit()
    page = operator_client.get("/admin/").get_data(as_text=True)
    assert (_kpi(page, "blocked"), _kpi(page, "deferred")) == ("1", "1")
    assert _kpi(page, "tier").endswith("/ unlimited")
    data = operator_client.get("/admin/api/summary.json").json
    assert (data["blocked_today"], data["messaging_limit"]) == (1, None)
    assert data["messaging_limit_used"] == int(_kpi(page, "tier").split("/")[0])


def test_the_day_lists_the_planned_slot_of_a_zone_without_a_run(operator_client, seeded):
    page = operator_client.get("/admin/").get_data(as_text=True)
    # New York's only run today is halted; Kolkata's is done; both zones' slots are rows.
    rows = re.findall(r'<tr class="phase-(\w+)">\s*<td>(?:<a [^>]+>)?([\w/]+)', page)
    assert ("Asia/Kolkata" in {zone for _, zone in rows}) and rows
    assert {phase for phase, _ in rows} <= {"past", "due", "upcoming"}


@pytest.mark.parametrize(
    "peak, ticks",
    [
        (1, [0, 1]),
        (3, [0, 1, 2, 3]),
        (7, [0, 2, 4, 6, 8]),
        (15, [0, 5, 10, 15]),
        (1234, [0, 500, 1000, 1500]),
    ],
)
def test_the_chart_axis_ticks_are_round_whole_numbers(peak, ticks):
    assert charts.axis_ticks(peak) == ticks


def test_the_delivery_chart_never_labels_a_fraction():
    from datetime import date

    bars = [dashboard.DayBar(date(2026, 1, 1), delivered=3, sent=0, failed=0)]
    labels = re.findall(r'text-anchor="end" fill="#333">([^<]+)<', str(charts.delivery_chart(bars)))
    assert labels == ["0", "1", "2", "3"]


def test_zero_failures_are_not_coloured_as_bad(operator_client, portal_url):
    page = operator_client.get("/admin/").get_data(as_text=True)
    assert '<span class="value" id="kpi-failed">0<' in page


def test_failures_are(operator_client, seeded):
    page = operator_client.get("/admin/").get_data(as_text=True)
    assert '<span class="value bad" id="kpi-failed">3<' in page


def test_every_kind_of_send_today_is_counted(operator_client, seeded, portal_url):
    from lokpanchang.storage.db import transaction
    from lokpanchang.storage.models import MessageLog

    with transaction(portal_url) as session:
        session.add(
            MessageLog(
                user_id=1,
                local_date=clock.now().date() + timedelta(days=3),
                timezone="Asia/Kolkata",
                kind="welcome",
                status="sent",
                sent_at=clock.now(),
            )
        )
    page = operator_client.get("/admin/").get_data(as_text=True)
    table = re.search(r'<table id="sends-by-kind">.*?</table>', page, re.S).group(0)
    assert re.findall(r"<tr><td>(\w+)</td><td class=\"num\">(\d+)</td>", table) == [
        ("daily", "8"),
        ("welcome", "1"),
    ]


def test_the_dashboard_refreshes_itself(operator_client, portal_url):
    page = operator_client.get("/admin/").get_data(as_text=True)
    assert '<meta http-equiv="refresh" content="60">' in page
