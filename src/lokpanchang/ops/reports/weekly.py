"""``generate_weekly_report``: an HTML page with inline SVG charts, stored and optionally mailed.

The week is the seven UTC days before the Monday the report is made on (Mon..Sun).
Reports are kept as ``<data_dir>/reports/weekly-<first day>.html``.
"""

from __future__ import annotations

import smtplib
import ssl
from collections import Counter
from datetime import UTC, date, datetime, timedelta
from email.message import EmailMessage
from html import escape
from pathlib import Path

from lokpanchang.config import Settings
from lokpanchang.ops.reports.svgchart import bar_chart
from lokpanchang.storage import reports

LATENESS_BUCKETS = (
    (60, "< 1 min"),
    (300, "1-5 min"),
    (900, "5-15 min"),
    (3600, "15-60 min"),
    (7200, "1-2 h"),
    (None, "> 2 h"),
)


def report_week(now: datetime) -> tuple[date, date]:
    """The Monday..Sunday UTC week that ended before ``now``'s week began."""
    today = now.astimezone(UTC).date()
    this_monday = today - timedelta(days=today.weekday())
    return this_monday - timedelta(days=7), this_monday - timedelta(days=1)


def reports_dir(settings: Settings) -> Path:
    return settings.data_dir / "reports"


def list_reports(settings: Settings) -> list[Path]:
    """Stored reports, newest first."""
    folder = reports_dir(settings)
    return sorted(folder.glob("weekly-*.html"), reverse=True) if folder.exists() else []


def _days(first: date, last: date) -> list[date]:
    return [first + timedelta(days=i) for i in range((last - first).days + 1)]


def lateness_histogram(seconds: list[float]) -> dict[str, int]:
    counts = Counter(_bucket(value) for value in seconds)
    return {label: counts.get(label, 0) for _limit, label in LATENESS_BUCKETS}


def _bucket(value: float) -> str:
    for limit, label in LATENESS_BUCKETS:
        if limit is None or value < limit:
            return label
    raise AssertionError("the last bucket is open-ended")


def gather(url: str, first: date, last: date) -> dict:
    week = reports.week(url, first, last)
    return {
        "days": _days(first, last),
        "totals": week.totals,
        "lateness": lateness_histogram(week.lateness_seconds),
        "failures": week.failures,
    }


def _series(days: list[date], totals: dict, names: tuple[str, ...]) -> dict[str, list[float]]:
    return {name: [getattr(totals[d], name) if d in totals else 0 for d in days] for name in names}


def charts(data: dict) -> list[str]:
    days, totals = data["days"], data["totals"]
    labels = [d.strftime("%a %d") for d in days]
    failures = data["failures"] or {"none": 0}
    return [
        bar_chart(
            "Deliveries per day",
            labels,
            _series(days, totals, ("sent", "delivered", "read", "failed", "blocked")),
        ),
        bar_chart(
            "Lateness of sent messages",
            list(data["lateness"]),
            {"messages": list(data["lateness"].values())},
        ),
        bar_chart("Failures by error code", list(failures), {"failures": list(failures.values())}),
        bar_chart(
            "Subscriber growth",
            labels,
            _series(days, totals, ("new_subscribers", "unsubscribed", "active_subscribers")),
        ),
    ]


def render_html(first: date, last: date, data: dict, generated_at: datetime) -> str:
    totals = data["totals"].values()
    week = {
        name: sum(getattr(row, name) for row in totals)
        for name in ("sent", "failed", "late", "missed", "missed_runs", "ambiguous")
    }
    title = f"Lokpanchang weekly report {first.isoformat()} to {last.isoformat()}"
    body = "\n".join(f"<figure>{svg}</figure>" for svg in charts(data))
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}'
        f"</title><style>body{{font-family:sans-serif;max-width:700px;margin:auto}}</style>"
        f"</head><body><h1>{escape(title)}</h1><p>Sent {week['sent']:,}, failed {week['failed']:,}. "
        f"Late {week['late']:,}; missed {week['missed']:,} (in {week['missed_runs']:,} "
        f"missed runs); ambiguous {week['ambiguous']:,}. "
        f"Generated {generated_at.isoformat(timespec='seconds')} (UTC days).</p>\n{body}"
        f"</body></html>\n"
    )


def generate_weekly_report(settings: Settings, now: datetime) -> Path:
    """Write the report for the week before ``now``; rewriting the same week replaces it."""
    first, last = report_week(now)
    html = render_html(first, last, gather(settings.effective_database_url, first, last), now)
    path = reports_dir(settings) / f"weekly-{first.isoformat()}.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".html.partial")
    partial.write_text(html, encoding="utf-8")
    partial.replace(path)  # readers never see half a report
    return path


def email_configured(settings: Settings) -> bool:
    return bool(settings.smtp_host and settings.report_email_to)


class ReportMailRefused(Exception):
    """The report was not mailed, because mailing it would have sent it (or the relay's
    password) in clear text."""


def email_report(settings: Settings, path: Path) -> None:
    """Send ``path`` as an HTML mail over TLS (SMTP_TLS: STARTTLS, or implicit on port 465);
    raises ReportMailRefused rather than send anything in clear text unless SMTP_TLS=off,
    and never logs in without TLS."""
    if settings.smtp_user and settings.smtp_tls == "off":
        raise ReportMailRefused(
            "SMTP_USER is set but SMTP_TLS=off: the password would be sent in clear text "
            "(use TLS, or a local relay without a login)"
        )
    message = EmailMessage()
    message["Subject"] = f"Lokpanchang weekly report ({path.stem.removeprefix('weekly-')})"
    message["From"] = settings.smtp_user or f"lokpanchang@{settings.smtp_host}"
    message["To"] = settings.report_email_to
    message.set_content("The weekly report is attached as HTML.")
    message.add_alternative(path.read_text(encoding="utf-8"), subtype="html")
    with _smtp(settings) as smtp:
        if settings.smtp_user:
            smtp.login(settings.smtp_user, settings.smtp_password)
        smtp.send_message(message)


def _smtp(settings: Settings) -> smtplib.SMTP:
    host, port = settings.smtp_host, settings.smtp_port
    if settings.smtp_tls == "implicit" or (settings.smtp_tls == "starttls" and port == 465):
        return smtplib.SMTP_SSL(host, port, timeout=30, context=ssl.create_default_context())
    smtp = smtplib.SMTP(host, port, timeout=30)
    smtp.ehlo()
    if settings.smtp_tls == "off":
        return smtp
    if not smtp.has_extn("starttls"):  # not offered, or stripped on the way
        smtp.close()
        raise ReportMailRefused(
            f"the SMTP relay {host}:{port} offers no STARTTLS, so the report was not sent "
            "(SMTP_TLS=starttls requires it; SMTP_TLS=off only for a relay on this machine)"
        )
    smtp.starttls(context=ssl.create_default_context())
    smtp.ehlo()
    return smtp
