"""The beat page says each schedule in words; the stable string stays for scripts."""

from __future__ import annotations

import pytest

from lokpanchang.config import get_settings
from lokpanchang.ops.beat.entries import beat_entries, in_words
from lokpanchang.ops.beat.schedule import beat_schedule


def test_every_entry_of_the_table_reads_as_people_say_it(settings_env):
    words = {
        entry.key: in_words(entry.description)
        for entry in beat_entries(beat_schedule(get_settings()))
    }
    assert words == {
        "jit-planner": "every 10 min",
        "collect-system-health": "every 5 min",
        "update-daily-metrics": "hourly at :05",
        "cleanup-old-metrics": "daily at 02:00 UTC",
        "generate-weekly-report": "Mondays at 09:00 UTC",
        "backup-daily-logs": "daily at 00:00 UTC",
        "upload-logs-to-s3": "Sundays at 02:00 UTC",
        "dispatch-scheduled-jobs": "every 1 min",
        "recover-inbound": "every 1 min",
        "prerender-cards": "every 5 min",
    }


@pytest.mark.parametrize(
    "description, words",
    [
        ("every 90 s", "every 90 s"),
        ("every 7 s", "every 7 s"),
        ("every 7200 s", "every 2 h"),
        (
            "crontab: minute=*/15 hour=* day_of_month=* month_of_year=* day_of_week=*",
            "cron */15 * * * * (UTC)",
        ),
        (
            "crontab: minute=0 hour=6 day_of_month=1 month_of_year=* day_of_week=*",
            "cron 0 6 1 * * (UTC)",
        ),
    ],
)
def test_other_schedules(description, words):
    assert in_words(description) == words
