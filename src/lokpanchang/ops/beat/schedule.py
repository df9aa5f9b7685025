"""The beat schedule: the seed's table, in UTC, plus the dispatcher of operator-defined jobs.

Task names keep the seed's ``tasks.<name>`` so an operator who knows the seed finds them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from celery.schedules import crontab

if TYPE_CHECKING:
    from lokpanchang.config import Settings

BEAT_SCHEDULE = {
    "jit-planner": {"task": "tasks.jit_planner", "schedule": 600.0},
    "collect-system-health": {"task": "tasks.collect_system_health_metrics", "schedule": 300.0},
    "update-daily-metrics": {
        "task": "tasks.update_daily_metrics_task",
        "schedule": crontab(minute=5),
    },
    "cleanup-old-metrics": {
        "task": "tasks.cleanup_old_metrics",
        "schedule": crontab(hour=2, minute=0),
    },
    "generate-weekly-report": {
        "task": "tasks.generate_weekly_report",
        "schedule": crontab(day_of_week="mon", hour=9, minute=0),
    },
    "backup-daily-logs": {"task": "tasks.backup_logs_task", "schedule": crontab(hour=0, minute=0)},
    "upload-logs-to-s3": {
        "task": "tasks.upload_logs_to_s3_task",
        "schedule": crontab(day_of_week="sun", hour=2, minute=0),
    },
    "dispatch-scheduled-jobs": {"task": "tasks.dispatch_scheduled_jobs", "schedule": 60.0},
    # Stored webhooks whose task the broker lost (storage.inbound): every INBOUND_RECOVER_AFTER / 2.
    "recover-inbound": {"task": "tasks.recover_inbound", "schedule": 60.0},
}

# Interval entries beat runs as soon as it starts (not a whole period later): a planner pass is
# idempotent, and slots due in that first period would otherwise go out late.
RUN_AT_START = ("jit-planner",)


def beat_schedule(settings: Settings) -> dict:
    """The seed's table as beat runs it: the planner's period from ``PLANNER_PERIOD``, the
    inbound recovery's from ``INBOUND_RECOVER_AFTER``; then the entries of features
    (``CARD_PRERENDER_PERIOD``)."""
    schedule = dict(BEAT_SCHEDULE)
    schedule["jit-planner"] = {
        **schedule["jit-planner"],
        "schedule": float(settings.planner_period),
    }
    schedule["recover-inbound"] = {
        **schedule["recover-inbound"],
        "schedule": settings.inbound_recover_after / 2,
    }
    return schedule | _feature_entries(settings)


def task_keys() -> dict[str, str]:
    """Task name -> beat key, for recognising beat-driven runs in signals: the same whatever
    the settings (they choose the periods only)."""
    from lokpanchang.broadcast import card_prerender

    keys = {str(entry["task"]): key for key, entry in BEAT_SCHEDULE.items()}
    return keys | {card_prerender.TASK: card_prerender.BEAT_KEY}


def _feature_entries(settings: Settings) -> dict:
    """Entries registered beside their feature: the cards rendered ahead (issue 27)."""
    from lokpanchang.broadcast import card_prerender

    return card_prerender.beat_entry(settings)
