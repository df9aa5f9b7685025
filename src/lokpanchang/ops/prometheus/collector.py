"""A Prometheus collector that reads the database when scraped (no state in the web process).

Windows keep each scrape cheap: ledger counts cover local dates since yesterday (UTC),
lateness the sends of the last 24 h, run durations the runs finished in the last 7 days.
"""

from __future__ import annotations

from bisect import bisect_left
from datetime import UTC, datetime, timedelta

from prometheus_client.core import GaugeMetricFamily, HistogramMetricFamily
from sqlalchemy import func, or_, select

from lokpanchang import clock
from lokpanchang.config import Settings
from lokpanchang.ops.beat import monitor as beatmonitor
from lokpanchang.ops.health import probes
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import BroadcastRun, MessageLog

LATENESS_BUCKETS = (1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200)
DURATION_BUCKETS = (1, 5, 10, 30, 60, 120, 300, 600, 1800, 3600)


def histogram(name: str, doc: str, values: list[float], bounds: tuple) -> HistogramMetricFamily:
    counts = [0] * (len(bounds) + 1)
    for value in values:
        counts[bisect_left(bounds, value)] += 1
    cumulative, running = [], 0
    for bound, count in zip([*map(str, map(float, bounds)), "+Inf"], counts):
        running += count
        cumulative.append((bound, running))
    return HistogramMetricFamily(name, doc, buckets=cumulative, sum_value=sum(values))


class LokpanchangCollector:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def collect(self):
        now = clock.now()
        url = self.settings.effective_database_url
        try:
            with transaction(url) as session:
                yield self.messages(session, now)
                yield self.late_sends(session, now)
                yield self.runs(session, now)
                yield self.lateness(session, now)
                yield self.run_durations(session, now)
                yield from self.messaging_limit(session, now)
            yield from self.beat_freshness(url, now)
            up = 1
        except Exception:  # noqa: BLE001 -- a scrape must answer even when the database does not
            up = 0
        yield GaugeMetricFamily(
            "lokpanchang_database_up", "1 when the scrape could read the database", value=up
        )
        yield self.queue_depth()

    def messages(self, session, now: datetime) -> GaugeMetricFamily:
        family = GaugeMetricFamily(
            "lokpanchang_messages",
            "Ledger rows for local dates since yesterday (UTC), by status and error code",
            labels=["status", "error_code"],
        )
        since = now.astimezone(UTC).date() - timedelta(days=1)
        query = (
            select(MessageLog.status, MessageLog.error_code, func.count())
            .where(MessageLog.local_date >= since)
            .group_by(MessageLog.status, MessageLog.error_code)
        )
        for status, code, count in session.execute(query):
            family.add_metric([status, "" if code is None else str(code)], count)
        return family

    def messaging_limit(self, session, now: datetime):
        """The messaging-limit tier and its use over the last 24 h (+Inf: unlimited)."""
        from lokpanchang.broadcast import tier

        use = tier.use(session, self.settings.messaging_limit, now)
        limit = float("inf") if use.limit is None else use.limit
        yield GaugeMetricFamily(
            "lokpanchang_messaging_limit",
            "Unique subscribers WHATSAPP_MESSAGING_LIMIT allows in any rolling 24 h",
            value=limit,
        )
        yield GaugeMetricFamily(
            "lokpanchang_messaging_limit_used",
            "Unique subscribers reached by business-initiated messages in the last 24 h",
            value=use.used,
        )

    def late_sends(self, session, now: datetime) -> GaugeMetricFamily:
        since = now.astimezone(UTC).date() - timedelta(days=1)
        late = or_(MessageLog.late.is_(True), BroadcastRun.late.is_(True))
        query = (
            select(func.count())
            .select_from(MessageLog)
            .outerjoin(BroadcastRun, BroadcastRun.id == MessageLog.run_id)
            .where(MessageLog.local_date >= since, MessageLog.sent_at.is_not(None), late)
        )
        return GaugeMetricFamily(
            "lokpanchang_messages_late",
            "Messages sent late (the row or "
            "its run flagged late), local dates since yesterday (UTC)",
            value=session.scalar(query),
        )

    def runs(self, session, now: datetime) -> GaugeMetricFamily:
        family = GaugeMetricFamily(
            "lokpanchang_broadcast_runs",
            "Broadcast runs for local dates since yesterday (UTC), by status and lateness",
            labels=["status", "late"],
        )
        since = now.astimezone(UTC).date() - timedelta(days=1)
        query = (
            select(BroadcastRun.status, BroadcastRun.late, func.count())
            .where(BroadcastRun.local_date >= since)
            .group_by(BroadcastRun.status, BroadcastRun.late)
        )
        for status, late, count in session.execute(query):
            family.add_metric([status, "true" if late else "false"], count)
        return family

    def lateness(self, session, now: datetime) -> HistogramMetricFamily:
        query = select(MessageLog.scheduled_at, MessageLog.sent_at).where(
            MessageLog.sent_at >= now - timedelta(hours=24), MessageLog.scheduled_at.is_not(None)
        )
        values = [max((sent - due).total_seconds(), 0.0) for due, sent in session.execute(query)]
        return histogram(
            "lokpanchang_send_lateness_seconds",
            "sent_at - scheduled_at of messages sent in the last 24 h",
            values,
            LATENESS_BUCKETS,
        )

    def run_durations(self, session, now: datetime) -> HistogramMetricFamily:
        query = select(BroadcastRun.started_at, BroadcastRun.finished_at).where(
            BroadcastRun.finished_at >= now - timedelta(days=7),
            BroadcastRun.started_at.is_not(None),
        )
        values = [(end - start).total_seconds() for start, end in session.execute(query)]
        return histogram(
            "lokpanchang_broadcast_run_duration_seconds",
            "Duration of broadcast runs finished in the last 7 days",
            values,
            DURATION_BUCKETS,
        )

    def beat_freshness(self, url: str, now: datetime):
        age = GaugeMetricFamily(
            "lokpanchang_beat_entry_age_seconds",
            "Seconds since the beat entry last started",
            labels=["key"],
        )
        state = GaugeMetricFamily(
            "lokpanchang_beat_entry_status",
            "1 for the entry's current state (ok, pending, late, missed)",
            labels=["key", "status"],
        )
        for entry, _row in beatmonitor.entry_states(url, now):
            if entry.last_started_at is not None:
                age.add_metric([entry.key], (now - entry.last_started_at).total_seconds())
            for name in ("ok", "pending", "late", "missed"):
                state.add_metric([entry.key, name], 1 if entry.status == name else 0)
        return age, state

    def queue_depth(self) -> GaugeMetricFamily:
        family = GaugeMetricFamily(
            "lokpanchang_queue_depth", "Messages waiting in the broker", labels=["queue"]
        )
        for queue, depth in probes.queue_depths(self.settings.effective_broker_url).items():
            if depth is not None:
                family.add_metric([queue], depth)
        return family
