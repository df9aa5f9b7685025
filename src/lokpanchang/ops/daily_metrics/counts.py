"""``update_daily_metrics_task`` and ``cleanup_old_metrics``: the daily_metrics table.

A row per (local date, zone): ``day`` is the subscriber's local date (the ledger's
``local_date``) and subscriber counts use that zone's local midnight-to-midnight.
The all-zones row has ``timezone = ""``. Counts:
- sent: ledger rows with ``sent_at``; delivered / read: with ``delivered_at`` / ``read_at``;
  failed: ``storage.states.FAILED_LEDGER`` (given up, refused for good, or halted with the
  run), as the run and the portal count it; blocked: refused by the channel's policy
  (marketing to +1, a per-user cap), counted on its own;
  late: sent, and the row or its run flagged late (a catch-up, a recovered or resumed run,
  a backfill).
- missed: subscribers whose ledger row is ``missed`` (a slot recorded missed by the planner,
  or what a run still owed when it passed the grace period); missed_runs: broadcast runs
  of that zone and date with status ``missed``.
- ambiguous: rows that may or may not have reached WhatsApp (never resent).
- new / unsubscribed: ``created_on`` / ``obsoleted_on`` within the local day;
  active: created before the day's end and not obsoleted by it.
- zones_served: 1 when the zone had a sent message that day; on the all-zones row, how many zones.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from lokpanchang.storage import metrics


def days_to_refresh(now: datetime) -> list[date]:
    """Local dates that may still change: every zone's today and yesterday (UTC-12..UTC+14)."""
    today = now.astimezone(UTC).date()
    return [today - timedelta(days=2), today - timedelta(days=1), today, today + timedelta(days=1)]


def update_daily_metrics(url: str, now: datetime, days: list[date] | None = None) -> int:
    """Recompute and upsert daily_metrics for ``days`` (default: the days that may change)."""
    return metrics.write_days(url, days or days_to_refresh(now), now)


def cleanup_old_metrics(url: str, now: datetime, retention_days: int) -> dict[str, int]:
    """Delete metrics, health and API-usage rows older than ``retention_days``."""
    return metrics.delete_older_than(url, now - timedelta(days=retention_days))
