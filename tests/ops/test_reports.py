"""The weekly report: four inline SVG charts from real rows, stored, listed, and mailed."""

from __future__ import annotations

import email
from datetime import UTC, date, datetime, timedelta
from email import policy

import pytest

from lokpanchang.ops.daily_metrics import counts as metrics
from lokpanchang.ops.reports import weekly as reports
from tests.ops import smtp_server
from tests.ops.factories import add_ledger, add_subscriber

MONDAY_9 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
WEEK = (date(2026, 11, 23), date(2026, 11, 29))
ZONE = "Asia/Kolkata"


def seed_week(url: str) -> None:
    for offset in range(3):
        day = WEEK[0] + timedelta(days=offset)
        due = datetime.combine(day, datetime.min.time(), UTC) + timedelta(hours=1)
        user = add_subscriber(url, ZONE, due - timedelta(days=2))
        add_ledger(
            url,
            user,
            ZONE,
            day,
            "sent",
            scheduled_at=due,
            sent_at=due + timedelta(seconds=30 + offset * 600),
        )
    failing = add_subscriber(url, ZONE, datetime(2026, 1, 1, tzinfo=UTC))
    add_ledger(url, failing, ZONE, WEEK[0], "failed", error_code=131049)
    metrics.update_daily_metrics(url, MONDAY_9, days=list(reports._days(*WEEK)))


@pytest.fixture
def settings(make_settings, database_url):
    return make_settings(database_url=database_url)


def test_the_report_covers_the_previous_monday_to_sunday():
    assert reports.report_week(MONDAY_9) == WEEK
    assert reports.report_week(MONDAY_9 + timedelta(days=6)) == WEEK


def test_it_writes_an_html_report_with_four_charts(settings):
    seed_week(settings.effective_database_url)
    path = reports.generate_weekly_report(settings, MONDAY_9)
    html = path.read_text()
    assert path == settings.data_dir / "reports" / "weekly-2026-11-23.html"
    assert html.count("<svg") == 4 and "<script" not in html
    for title in (
        "Deliveries per day",
        "Lateness of sent messages",
        "Failures by error code",
        "Subscriber growth",
    ):
        assert f"<title>{title}</title>" in html
    assert "Sent 3, failed 1." in html
    assert "131049 failures: 1" in html
    assert "&lt; 1 min messages: 1" in html and "5-15 min messages: 1" in html


def test_lateness_falls_into_labelled_buckets():
    assert reports.lateness_histogram([0, 59, 60, 899, 4000, 9000]) == {
        "< 1 min": 2,
        "1-5 min": 1,
        "5-15 min": 1,
        "15-60 min": 0,
        "1-2 h": 1,
        "> 2 h": 1,
    }


def test_reports_are_listed_newest_first_and_rewriting_a_week_replaces_it(settings):
    older = reports.generate_weekly_report(settings, MONDAY_9 - timedelta(days=7))
    newer = reports.generate_weekly_report(settings, MONDAY_9)
    reports.generate_weekly_report(settings, MONDAY_9 + timedelta(hours=1))
    assert reports.list_reports(settings) == [newer, older]


def test_it_mails_the_report_when_smtp_is_configured(make_settings, migrated_sqlite):
    sqlite_url = migrated_sqlite
    server = smtp_server.start()
    try:
        settings = make_settings(
            database_url=sqlite_url,
            smtp_host="127.0.0.1",
            smtp_port=server.port,
            smtp_tls="off",  # a relay on this machine, no login
            report_email_to="ops@example.org",
        )
        assert reports.email_configured(settings)
        reports.email_report(settings, reports.generate_weekly_report(settings, MONDAY_9))
    finally:
        server.stop()
    [received] = server.messages
    assert received.recipients == ["<ops@example.org>"]
    mail = email.message_from_bytes(received.data, policy=policy.default)
    assert mail["Subject"] == "Lokpanchang weekly report (2026-11-23)"
    assert mail.get_body(("html",)).get_content().count("<svg") == 4


# Issue 24, item 4: STARTTLS stripped on the way must not put the password on the wire.

RELAY_PASSWORD = "relay-password-9Qx"


@pytest.fixture
def relay():
    """The test relay: it offers no STARTTLS, as a stripping attacker makes it look."""
    server = smtp_server.start()
    yield server
    server.stop()


@pytest.fixture
def with_login(make_settings, migrated_sqlite, relay):
    """Settings that mail the report to ``relay`` with a login (plus ``values``)."""

    def build(**values):
        return make_settings(
            database_url=migrated_sqlite,
            smtp_host="127.0.0.1",
            smtp_port=relay.port,
            smtp_user="reports@example.org",
            smtp_password=RELAY_PASSWORD,
            report_email_to="ops@example.org",
            **values,
        )

    return build


def test_a_relay_without_starttls_gets_no_password_and_no_report(relay, with_login):
    settings = with_login()
    path = reports.generate_weekly_report(settings, MONDAY_9)
    with pytest.raises(reports.ReportMailRefused, match="offers no STARTTLS"):
        reports.email_report(settings, path)
    assert not any(line.upper().startswith("AUTH") for line in relay.commands), relay.commands
    assert RELAY_PASSWORD not in " ".join(relay.commands) and not relay.messages


def test_a_login_with_tls_off_is_refused_before_connecting(relay, with_login):
    settings = with_login(smtp_tls="off")
    path = reports.generate_weekly_report(settings, MONDAY_9)
    with pytest.raises(reports.ReportMailRefused, match="SMTP_TLS=off"):
        reports.email_report(settings, path)
    assert relay.commands == [] and not relay.messages


def test_the_report_job_keeps_the_report_when_it_refuses_to_mail_it(relay, with_login):
    from lokpanchang.ops.jobs.runner import JobCall, run_report

    settings = with_login()
    with pytest.raises(reports.ReportMailRefused):  # the job runner records it as failed
        run_report(JobCall(settings, {}, MONDAY_9, None, None))
    assert [p.name for p in reports.list_reports(settings)] == ["weekly-2026-11-23.html"]
    assert not relay.messages


def test_the_mail_task_records_a_refusal_and_does_not_retry_it(settings_env, tmp_path):
    from lokpanchang.tasks.ops import email_weekly_report

    server = smtp_server.start()
    try:
        settings_env(
            smtp_host="127.0.0.1",
            smtp_port=server.port,
            smtp_user="reports@example.org",
            smtp_password="relay-password-9Qx",
            report_email_to="ops@example.org",
        )
        page = tmp_path / "weekly-2026-11-23.html"
        page.write_text("<p>report</p>", encoding="utf-8")
        result = email_weekly_report(str(page))  # the task body, in this process
    finally:
        server.stop()
    assert result["mailed"] is None and "offers no STARTTLS" in result["refused"]
    assert not any(line.upper().startswith("AUTH") for line in server.commands)
