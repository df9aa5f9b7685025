"""Cards rendered ahead by a real worker and beat (issue 27 item 3): a worker killed in the
middle of a pass loses at most the card in hand, and the next pass, on another worker,
renders the rest, none twice."""

from __future__ import annotations

import re
import signal
from datetime import UTC, datetime, timedelta

import pytest

from tests.broadcast.helpers import add_subscriber
from tests.scheduling.cluster import Cluster, next_kolkata_morning, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.slow]

CELLS = 30  # one card each: 30 places 0.1 degree apart, in English
RENDERED = re.compile(r"cards\.prerendered\s.*?rendered=(\d+)")


def cards_on_disk(cluster: Cluster) -> int:
    return len(list((cluster.directory / "var" / "cards").glob("*.png")))


def rendered_by(log_text: str) -> int:
    return sum(int(n) for n in RENDERED.findall(log_text))


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_pass_cut_by_a_killed_worker_is_finished_by_the_next_none_twice(
    database_url, redis_url, tmp_path
):
    real_now = datetime.now(UTC)
    evening = next_kolkata_morning(real_now) - timedelta(hours=8)  # the night before
    env = {"CARD_PRERENDER_PERIOD": "4", "CARD_PRERENDER_CHUNK": "2"}
    cluster = Cluster(tmp_path, database_url, redis_url, evening - real_now, env)
    joined = cluster.now() - timedelta(hours=1)
    for n in range(CELLS):
        add_subscriber(database_url, "Asia/Kolkata", created_on=joined,
                       latitude=20.0 + n / 10, longitude=78.0)  # fmt: skip
    try:
        first = cluster.start_worker(1, queues="cards", pool="solo")
        cluster.start_beat()
        wait_until(lambda: cards_on_disk(cluster) >= 4, 120, "the first cards")
        cluster.stop(first, signal.SIGKILL)
        before = cards_on_disk(cluster)
        assert before < CELLS, "the kill came after the pass: make CELLS larger"
        cluster.start_worker(1, queues="cards", pool="solo")
        wait_until(lambda: cards_on_disk(cluster) == CELLS, 180, "every card", interval=0.5)
        second_log = sorted(tmp_path.glob("worker-*.log"))[-1].read_text()
        wait_until(lambda: "stop=done" in sorted(tmp_path.glob("worker-*.log"))[-1].read_text(),
                   30, "a pass that found every card on disk")  # fmt: skip
        second_log = sorted(tmp_path.glob("worker-*.log"))[-1].read_text()
        assert rendered_by(second_log) == CELLS - before, cluster.logs()
    finally:
        cluster.stop_all()
