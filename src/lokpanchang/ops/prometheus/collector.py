"""A Prometheus collector that reads the database when scraped (no state in the web process):
what it reads, and over which windows, is ``storage.gauges``."""

from __future__ import annotations

from bisect import bisect_left
from datetime import datetime

from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
)

from lokpanchang import clock
from lokpanchang.config import Settings
from lokpanchang.delivery.adapters import names_with
from lokpanchang.ops.beat import monitor as beatmonitor
from lokpanchang.ops.beat.schedule import beat_schedule
from lokpanchang.ops.health import probes
from lokpanchang.storage import gauges

LATENESS_BUCKETS = (1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200)
DURATION_BUCKETS = (1, 5, 10, 30, 60, 120, 300, 600, 1800, 3600)
TIERED = names_with("messaging_tier")  # the channels the messaging limit counts


def histogram(name: str, doc: str, values: list[float], bounds: tuple) -> HistogramMetricFamily:
    counts = [0] * (len(bounds) + 1)
    for value in values:
        counts[bisect_left(bounds, value)] += 1
    cumulative, running = [], 0
    for bound, count in zip([*map(str, map(float, bounds)), "+Inf"], counts):
        running += count
        cumulative.append((bound, running))
    return HistogramMetricFamily(name, doc, buckets=cumulative, sum_value=sum(values))


# The inbound side's running counts (storage.inbound_counts): counter -> (name, help, label).
INBOUND = {
    "received": (
        "lokpanchang_inbound_messages",
        "Messages people sent us, by channel and outcome (handled, or a duplicate: a retry)",
        "outcome",
    ),
    "answered": (
        "lokpanchang_commands_answered",
        "Messages answered, by channel and the command they asked (location: a shared place)",
        "command",
    ),
    "replies": (
        "lokpanchang_replies",
        "Replies sent to people who wrote, by channel and the outcome of each attempt",
        "outcome",
    ),
    "test_messages": (
        "lokpanchang_test_messages",
        "Operators' test messages, by channel and the outcome of each attempt",
        "outcome",
    ),
    "confirmations": (
        "lokpanchang_confirmations",
        "Sign-up confirmations sent, by channel and the outcome of each attempt",
        "outcome",
    ),
}


def inbound(read: gauges.Gauges) -> list[CounterMetricFamily]:
    """The inbound side's counters, one family each, every sample by channel."""
    families = {
        counter: CounterMetricFamily(name, doc, labels=["channel", label])
        for counter, (name, doc, label) in INBOUND.items()
    }
    for counter, channel, label, count in read.inbound:
        if counter in families:
            families[counter].add_metric([channel, label], count)
    return list(families.values())


class LokpanchangCollector:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def collect(self):
        now = clock.now()
        url = self.settings.effective_database_url
        try:
            read = gauges.read(url, now, TIERED)
            yield self.messages(read)
            yield GaugeMetricFamily(
                "lokpanchang_messages_late",
                "Messages sent late (the row or "
                "its run flagged late), local dates since yesterday (UTC)",
                value=read.late_sends,
            )
            yield self.runs(read)
            yield histogram(
                "lokpanchang_send_lateness_seconds",
                "sent_at - scheduled_at of messages sent in the last 24 h",
                read.lateness_seconds,
                LATENESS_BUCKETS,
            )
            yield histogram(
                "lokpanchang_broadcast_run_duration_seconds",
                "Duration of broadcast runs finished in the last 7 days",
                read.run_durations_seconds,
                DURATION_BUCKETS,
            )
            yield from self.messaging_limit(read)
            yield from inbound(read)
            yield from self.beat_freshness(url, now)
            up = 1
        except Exception:  # noqa: BLE001 -- a scrape must answer even when the database does not
            up = 0
        yield GaugeMetricFamily(
            "lokpanchang_database_up", "1 when the scrape could read the database", value=up
        )
        yield self.queue_depth()

    def messages(self, read: gauges.Gauges) -> GaugeMetricFamily:
        family = GaugeMetricFamily(
            "lokpanchang_messages",
            "Ledger rows for local dates since yesterday (UTC), by status and error code",
            labels=["status", "error_code"],
        )
        for status, code, count in read.messages:
            family.add_metric([status, "" if code is None else str(code)], count)
        return family

    def messaging_limit(self, read: gauges.Gauges):
        """The messaging-limit tier and its use over the last 24 h (+Inf: unlimited)."""
        limit = self.settings.messaging_limit
        yield GaugeMetricFamily(
            "lokpanchang_messaging_limit",
            "Unique subscribers WHATSAPP_MESSAGING_LIMIT allows in any rolling 24 h",
            value=float("inf") if limit is None else limit,
        )
        yield GaugeMetricFamily(
            "lokpanchang_messaging_limit_used",
            "Unique subscribers reached by business-initiated messages in the last 24 h",
            value=read.messaging_limit_used,
        )

    def runs(self, read: gauges.Gauges) -> GaugeMetricFamily:
        family = GaugeMetricFamily(
            "lokpanchang_broadcast_runs",
            "Broadcast runs for local dates since yesterday (UTC), by status and lateness",
            labels=["status", "late"],
        )
        for status, late, count in read.runs:
            family.add_metric([status, "true" if late else "false"], count)
        return family

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
        table = beat_schedule(self.settings)
        for entry, _row in beatmonitor.entry_states(url, now, table):
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
