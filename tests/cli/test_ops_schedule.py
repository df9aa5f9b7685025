"""`lokpanchang schedule --json` against the seed's beat table, written out here."""

from __future__ import annotations

import json
import subprocess
import sys

from lokpanchang.cli import main

# The seed's table (seeds/000, "Beat schedule (full)"), plus the dispatcher of operator jobs
# the inbound store's recovery and the cards rendered ahead (issue 27 item 3).
SEED_TABLE = [
    {"key": "jit-planner", "task": "tasks.jit_planner", "schedule": "every 600 s"},
    {
        "key": "collect-system-health",
        "task": "tasks.collect_system_health_metrics",
        "schedule": "every 300 s",
    },
    {
        "key": "update-daily-metrics",
        "task": "tasks.update_daily_metrics_task",
        "schedule": "crontab: minute=5 hour=* day_of_month=* month_of_year=* day_of_week=*",
    },
    {
        "key": "cleanup-old-metrics",
        "task": "tasks.cleanup_old_metrics",
        "schedule": "crontab: minute=0 hour=2 day_of_month=* month_of_year=* day_of_week=*",
    },
    {
        "key": "generate-weekly-report",
        "task": "tasks.generate_weekly_report",
        "schedule": "crontab: minute=0 hour=9 day_of_month=* month_of_year=* day_of_week=mon",
    },
    {
        "key": "backup-daily-logs",
        "task": "tasks.backup_logs_task",
        "schedule": "crontab: minute=0 hour=0 day_of_month=* month_of_year=* day_of_week=*",
    },
    {
        "key": "upload-logs-to-s3",
        "task": "tasks.upload_logs_to_s3_task",
        "schedule": "crontab: minute=0 hour=2 day_of_month=* month_of_year=* day_of_week=sun",
    },
    {
        "key": "dispatch-scheduled-jobs",
        "task": "tasks.dispatch_scheduled_jobs",
        "schedule": "every 60 s",
    },
    {"key": "recover-inbound", "task": "tasks.recover_inbound", "schedule": "every 60 s"},
    {"key": "prerender-cards", "task": "tasks.prerender_cards", "schedule": "every 300 s"},
]


def test_it_prints_the_seed_table_as_json(capsys):
    assert main(["schedule", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == SEED_TABLE


def test_it_prints_one_readable_line_per_entry(capsys):
    assert main(["schedule"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(SEED_TABLE)
    assert lines[0].split() == ["jit-planner", "tasks.jit_planner", "every", "600", "s"]


def test_the_installed_command_prints_the_same_table(settings_env):
    out = subprocess.run(
        [sys.executable, "-m", "lokpanchang", "schedule", "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    assert json.loads(out) == SEED_TABLE
