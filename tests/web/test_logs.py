"""Log backups: dates, one day with search and errors only, the archive; beat status."""

from __future__ import annotations

import gzip
import io
import json
import re
import tarfile
from datetime import date, timedelta

import pytest

from lokpanchang import clock
from lokpanchang.ops.beat import monitor as beatmonitor
from lokpanchang.ops.beat.schedule import BEAT_SCHEDULE
from lokpanchang.ops.log_archives import backup as logbackup


@pytest.fixture
def backups(app):
    root = app.config["SETTINGS"].data_dir / "backups" / "logs"
    day = root / "2026-11-28"
    day.mkdir(parents=True)
    lines = [
        {"level": "info", "event": "planner.pass", "slots": 2},
        {"level": "error", "event": "send.failed", "code": 131026},
        {"level": "info", "event": "outbox.sent", "ledger_id": 7},
    ]
    (day / "lokpanchang-2026-11-28.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    with gzip.open(day / "worker.log.gz", "wt") as handle:
        handle.write("12:00 INFO started\n12:01 ERROR broker lost\n")
    (root / "2026-11-27").mkdir()
    (root / "not-a-date").mkdir()
    return root


def test_backup_dates_are_listed_newest_first(operator_client, backups):
    page = operator_client.get("/admin/logs").get_data(as_text=True)
    assert page.index("2026-11-28") < page.index("2026-11-27")
    assert "not-a-date" not in page


def test_a_day_shows_every_line_of_every_file(operator_client, backups):
    page = operator_client.get("/admin/logs/2026-11-28").get_data(as_text=True)
    assert "5 lines" in page and "broker lost" in page and "planner.pass" in page


def test_errors_only_keeps_error_lines(operator_client, backups):
    page = operator_client.get("/admin/logs/2026-11-28?errors=1").get_data(as_text=True)
    assert "2 lines" in page and "send.failed" in page and "broker lost" in page
    assert "planner.pass" not in page


def test_search_matches_without_regard_to_case(operator_client, backups):
    page = operator_client.get("/admin/logs/2026-11-28?q=OUTBOX").get_data(as_text=True)
    assert "1 line." in page and "outbox.sent" in page


def test_the_archive_holds_the_days_files(operator_client, backups):
    response = operator_client.get("/admin/logs/2026-11-28/archive.tar.gz")
    assert response.status_code == 200
    assert "lokpanchang-logs-2026-11-28.tar.gz" in response.headers["Content-Disposition"]
    with tarfile.open(fileobj=io.BytesIO(response.data)) as tar:
        names = sorted(tar.getnames())
    assert names == [
        "2026-11-28",
        "2026-11-28/lokpanchang-2026-11-28.jsonl",
        "2026-11-28/worker.log.gz",
    ]


@pytest.mark.parametrize("day", ["2026-11-30", "..", "..%2F..%2Fetc"])
def test_a_day_without_a_backup_is_404(operator_client, backups, day):
    assert operator_client.get(f"/admin/logs/{day}").status_code == 404


def test_the_backup_tasks_folder_is_listed_and_readable(operator_client, app):
    settings = app.config["SETTINGS"]
    settings.effective_log_dir.mkdir(parents=True)
    day_file = settings.effective_log_dir / "lokpanchang-2026-11-20.jsonl"
    day_file.write_text(
        json.dumps({"level": "error", "event": "whatsapp.halt", "code": 190}) + "\n"
    )
    assert logbackup.backup_day(settings, date(2026, 11, 20))["outcome"] == "archived"
    page = operator_client.get("/admin/logs/2026-11-20?errors=1").get_data(as_text=True)
    assert "1 line." in page and "whatsapp.halt" in page
    assert "MANIFEST" not in page


def test_the_beat_page_lists_every_entry(operator_client):
    page = operator_client.get("/admin/beat").get_data(as_text=True)
    for key, entry in BEAT_SCHEDULE.items():
        assert f"<td>{key}</td>" in page and entry["task"] in page


def _beat_state(page: str, key: str) -> str:
    row = re.search(rf'<tr id="beat-{key}">.*?</tr>', page, re.S)
    assert row, f"no row for {key}"
    status = re.search(r'<span class="status [^"]+">(\w+)</span>', row.group(0))
    assert status, f"no status in the row for {key}"
    return status.group(1)


def test_the_beat_page_shows_last_runs_outcomes_and_late_entries(operator_client, app):
    url, now = app.config["SETTINGS"].effective_database_url, clock.now()
    beatmonitor.record_start(url, "tasks.jit_planner", "t1", now - timedelta(minutes=5))
    beatmonitor.record_finish(url, "tasks.jit_planner", "SUCCESS", now - timedelta(minutes=4))
    # Every 300 s: due 30 s ago, within the 60 s grace -> late.
    beatmonitor.record_start(
        url, "tasks.collect_system_health_metrics", "t2", now - timedelta(seconds=330)
    )
    page = operator_client.get("/admin/beat").get_data(as_text=True)
    assert _beat_state(page, "jit-planner") == "ok"
    assert "SUCCESS" in re.search(r'<tr id="beat-jit-planner">.*?</tr>', page, re.S).group(0)
    assert _beat_state(page, "collect-system-health") == "late"
    assert _beat_state(page, "dispatch-scheduled-jobs") == "missed"  # never ran
