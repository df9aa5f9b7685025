"""``/metrics`` counts the inbound side (issue 25 item 12): messages received, commands
answered and replies sent, by channel and outcome, across processes (the counts live in the
database), on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lokpanchang.broadcast import make_context
from lokpanchang.conversation import process_inbound
from lokpanchang.storage import inbound
from lokpanchang.storage.db import transaction
from tests.conversation import bodies
from tests.web.test_metrics import scrape

NOW = datetime(2026, 12, 1, 3, 0, tzinfo=UTC)
WA_ID = "919800000078"


@pytest.fixture
def settings(settings_env, make_settings, database_url):
    values = {"database_url": database_url, "delivery_backend": "outbox"}
    settings_env(**values)
    yield make_settings(**values)


def handled(settings, body: dict, channel: str = "whatsapp") -> dict:
    with transaction(settings.database_url) as session:
        inbound_id = inbound.store(session, channel, body, NOW)
    return process_inbound(inbound_id, make_context(settings), NOW)


def sample(samples: dict, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0)


def test_messages_commands_and_replies_are_counted_by_channel_and_outcome(settings):
    help_text = bodies.text(WA_ID, "help")
    handled(settings, help_text)
    handled(settings, help_text)  # WhatsApp retries the same message: a duplicate
    handled(settings, bodies.location(WA_ID, 28.6358, 77.2245))
    telegram = {
        "update_id": 7002,
        "message": {"message_id": 4, "chat": {"id": 4343, "type": "private"}, "text": "/start"},
    }
    handled(settings, telegram, channel="telegram")
    samples = scrape(settings)
    received = "lokpanchang_inbound_messages_total"
    assert sample(samples, received, channel="whatsapp", outcome="handled") == 2
    assert sample(samples, received, channel="whatsapp", outcome="duplicate") == 1
    assert sample(samples, received, channel="telegram", outcome="handled") == 1
    answered = "lokpanchang_commands_answered_total"
    assert sample(samples, answered, channel="whatsapp", command="help") == 1
    assert sample(samples, answered, channel="whatsapp", command="location") == 1
    assert sample(samples, answered, channel="telegram", command="start") == 1
    replies = "lokpanchang_replies_total"
    assert sample(samples, replies, channel="whatsapp", outcome="sent") == 2, samples
    assert sample(samples, replies, channel="telegram", outcome="sent") == 1, samples
    # A second scrape counts nothing twice; the counts only grow.
    assert scrape(settings) == samples
