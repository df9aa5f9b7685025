"""Status groupings are defined once (``storage.states``) and every count reads them: the run's
own counts, the daily metrics, the weekly report and the portal say the same "failed"."""

from __future__ import annotations

from datetime import UTC, date, datetime

from lokpanchang.broadcast.daily import finish_run
from lokpanchang.ops.daily_metrics import counts as metrics
from lokpanchang.storage import dashboard, reports, run_reports
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import DailyMetrics
from lokpanchang.storage.states import (
    FAILED_LEDGER,
    NOT_TODAY_LEDGER,
    OPEN_LEDGER,
    SENT_LEDGER,
    LedgerStatus,
)
from tests.ops.factories import add_ledger, add_run, add_subscriber

DAY = date(2026, 11, 28)
NOW = datetime(2026, 11, 28, 6, 0, tzinfo=UTC)  # the UTC day the rows were sent or failed in
KOLKATA = "Asia/Kolkata"
FINAL = [state for state in LedgerStatus if state not in OPEN_LEDGER]
GROUPS = (OPEN_LEDGER, SENT_LEDGER, FAILED_LEDGER, NOT_TODAY_LEDGER, (LedgerStatus.AMBIGUOUS,))


def test_every_ledger_state_is_in_exactly_one_grouping():
    grouped = [state for group in GROUPS for state in group]
    assert sorted(grouped) == sorted(LedgerStatus)


def test_the_run_the_daily_metrics_the_report_and_the_portal_count_the_same_failures(
    make_settings, database_url
):
    """One finished run with a row in every final state: each count of "failed" is the
    grouping's. (Before the grouping was defined once, the run counted 3 -- ambiguous too --
    the daily metrics 3 -- blocked too -- and the portal 2.)"""
    run_id = add_run(database_url, KOLKATA, DAY, status="running", started_at=NOW)
    for state in FINAL:
        user = add_subscriber(database_url, KOLKATA, datetime(2026, 1, 1, tzinfo=UTC))
        add_ledger(
            database_url, user, KOLKATA, DAY, state, run_id=run_id, sent_at=NOW, failed_at=NOW
        )
    assert finish_run(make_settings(database_url=database_url), run_id, NOW)
    metrics.update_daily_metrics(database_url, NOW, days=[DAY])
    expected = len(FAILED_LEDGER)
    assert _counts_of_failed(database_url, run_id) == {
        "run": expected,
        "run's summary": expected,
        "daily metrics": expected,
        "weekly report": expected,
        "dashboard today": expected,
        "dashboard by kind": expected,
        "dashboard by day": expected,
        "failures page": expected,
    }
    with transaction(database_url) as session:
        daily = session.query(DailyMetrics).filter_by(day=DAY, timezone=KOLKATA).one()
        assert (daily.blocked, daily.ambiguous, daily.missed) == (1, 1, 1)  # each on its own


def _counts_of_failed(url: str, run_id: int) -> dict[str, int]:
    summary = run_reports.run_summary(url, run_id)
    assert summary is not None
    with transaction(url) as session:
        daily = session.query(DailyMetrics).filter_by(day=DAY, timezone=KOLKATA).one()
    return {
        "run": summary.run.failed,
        "run's summary": summary.failed,
        "daily metrics": daily.failed,
        "weekly report": sum(reports.week(url, DAY, DAY).failures.values()),
        "dashboard today": dashboard.kpis(url, NOW).failed_today,
        "dashboard by kind": sum(k.failed for k in dashboard.sends_by_kind(url, NOW)),
        "dashboard by day": dashboard.daily_delivery(url, DAY, days=1)[0].failed,
        "failures page": sum(len(g.rows) for g in run_reports.failures_by_code(url, day=DAY)),
    }
