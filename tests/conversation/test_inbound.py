"""The stored webhooks' tasks (issue 24, items 5 and 14): they take the id of a stored,
verified row, handle it once, and a task forged with a body does nothing. Real databases
(SQLite and PostgreSQL), the task functions called directly."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from lokpanchang import tasks
from lokpanchang.broadcast import make_context
from lokpanchang.conversation import handle_webhook, process_inbound
from lokpanchang.delivery.outbox import read_outbox
from lokpanchang.storage import inbound
from lokpanchang.storage.addresses import at_addresses
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import UserDetail
from tests.conversation import bodies

NOW = datetime(2026, 12, 1, 3, 0, tzinfo=UTC)
WA_ID = "919800000077"


@pytest.fixture
def settings(settings_env, make_settings, database_url):
    values = {"database_url": database_url, "delivery_backend": "outbox"}
    settings_env(**values)  # the worker's side reads the process settings
    yield make_settings(**values)


def store(url: str, body: dict, channel: str = "whatsapp", now: datetime = NOW) -> int:
    with transaction(url) as session:
        return inbound.store(session, channel, body, now)


def subscribed(url: str) -> bool:
    with transaction(url) as session:
        return (
            session.query(UserDetail).filter(at_addresses("whatsapp", [f"+{WA_ID}"])).count() == 1
        )


def waiting(url: str) -> int:
    with transaction(url) as session:
        return inbound.waiting(session)


def replies(settings) -> list[str]:
    return [line["text"] for line in read_outbox(settings.data_dir / "outbox.jsonl")]


def test_a_stored_webhook_is_handled_once_and_removed(settings):
    url = settings.database_url
    inbound_id = store(url, bodies.location(WA_ID, 28.6358, 77.2245))
    assert process_inbound(inbound_id, make_context(settings), NOW)["replies"] == 1
    assert subscribed(url) and waiting(url) == 0
    # The task delivered twice (a redelivery, recovery's copy): the row is gone, nothing happens.
    assert process_inbound(inbound_id, make_context(settings), NOW) == {
        "inbound_id": inbound_id,
        "handled": "before",
    }
    assert len([text for text in replies(settings) if text.startswith("You are subscribed")]) == 1


def test_a_telegram_update_is_handled_by_the_same_task(settings):
    update = {
        "update_id": 7001,
        "message": {"message_id": 3, "chat": {"id": 4242, "type": "private"}, "text": "/help"},
    }
    inbound_id = store(settings.database_url, update, channel="telegram")
    assert process_inbound(inbound_id, make_context(settings), NOW)["replies"] == 1
    [line] = read_outbox(settings.data_dir / "outbox.jsonl")
    assert (line["channel"], line["phone"]) == ("telegram", "4242")


def asked_to_delete(url: str) -> None:
    with transaction(url) as session:
        handle_webhook(session, bodies.location(WA_ID, 28.6358, 77.2245), NOW)
    with transaction(url) as session:
        handle_webhook(session, bodies.text(WA_ID, "delete"), NOW)


@pytest.mark.parametrize("name", ["tasks.handle_inbound", "tasks.apply_statuses"])
def test_a_task_forged_with_a_body_erases_no_one(settings, name):
    # Anyone who can reach the broker can queue any task by name with any arguments. The
    # inbound tasks take only ids of rows the web stored after checking the signature.
    asked_to_delete(settings.database_url)
    forged = bodies.text(WA_ID, "yes")
    task = registered()[name]
    with pytest.raises(TypeError):
        task.run(forged)
    assert subscribed(settings.database_url)


def registered() -> dict:
    tasks.app.loader.import_default_modules()  # what a worker registers at start
    return dict(tasks.app.tasks)


def test_no_task_takes_a_webhook_body():
    takers = [
        name
        for name in registered()
        if name.startswith("tasks.handle") and name != "tasks.handle_inbound"
    ]
    assert takers == []  # tasks.handle_webhook(body), tasks.handle_telegram_update(body) are gone


def test_an_id_naming_no_stored_webhook_does_nothing(settings):
    asked_to_delete(settings.database_url)
    assert process_inbound(987654, make_context(settings), NOW)["handled"] == "before"
    assert subscribed(settings.database_url)


def test_recovery_queues_again_what_waited_too_long_and_gives_up_after_max_attempts(settings):
    url = settings.database_url
    old = store(url, bodies.text(WA_ID, "help"), now=NOW - timedelta(minutes=5))
    store(url, bodies.text(WA_ID, "status"), now=NOW)  # just arrived: its task is on its way
    before = NOW - timedelta(minutes=2)
    for attempt in range(3):
        with transaction(url) as session:
            found = inbound.overdue(session, before, max_attempts=3, limit=100)
        assert (found.conversation_ids, found.given_up_ids) == ([old], []), attempt
    with transaction(url) as session:
        found = inbound.overdue(session, before, max_attempts=3, limit=100)
    assert (found.conversation_ids, found.given_up_ids) == ([], [old])
    assert waiting(url) == 1


def test_recovery_sees_statuses_left_waiting(settings):
    from tests.conversation.test_bulk_statuses import by_callback

    url = settings.database_url
    with transaction(url) as session:
        inbound.store_statuses(session, "whatsapp", [by_callback(1, "read")], NOW)
    with transaction(url) as session:
        assert not inbound.overdue(session, NOW, 5, 100).statuses_waiting
        assert inbound.overdue(session, NOW + timedelta(seconds=1), 5, 100).statuses_waiting


def test_erasure_forgets_the_waiting_webhooks_that_name_them(settings):
    url = settings.database_url
    asked_to_delete(url)
    other = store(url, bodies.text("919800000078", "help"))
    theirs = store(url, bodies.text(WA_ID, "hello again"))
    yes = store(url, bodies.text(WA_ID, "yes"))
    assert process_inbound(yes, make_context(settings), NOW + timedelta(minutes=1))["replies"] == 1
    assert not subscribed(url)
    with transaction(url) as session:
        assert inbound.claim(session, theirs) is None
        assert inbound.claim(session, other) is not None


def test_erasure_overwrites_their_lines_in_the_outbox_the_reply_to_yes_included(settings):
    url, outbox = settings.database_url, settings.data_dir / "outbox.jsonl"
    asked_to_delete(url)
    process_inbound(store(url, bodies.text("919800000078", "help")), make_context(settings), NOW)
    process_inbound(
        store(url, bodies.location(WA_ID, 28.6358, 77.2245)), make_context(settings), NOW
    )
    assert any(line["phone"] == f"+{WA_ID}" for line in read_outbox(outbox))
    yes = store(url, bodies.text(WA_ID, "yes"))
    assert process_inbound(yes, make_context(settings), NOW + timedelta(minutes=1))["replies"] == 1
    assert WA_ID.encode() not in outbox.read_bytes()
    assert [line["phone"] for line in read_outbox(outbox)] == ["+919800000078"]


def test_the_replies_almanac_follows_the_workers_almanac_convention(
    settings_env, make_settings, database_url, monkeypatch
):
    # The convention came from a global read of the settings inside the dialogue; it is now
    # the worker's own, handed down from its send context (issue 26 item 2).
    from lokpanchang.almanac import ASTRONOMICAL
    from lokpanchang.conversation import asking

    values = {
        "database_url": database_url,
        "delivery_backend": "outbox",
        "almanac_convention": "astronomical",
    }
    settings = make_settings(**values)
    settings_env(**{**values, "almanac_convention": "drik"})  # the process's, not the worker's
    used = []
    real = asking.generate_panchangam_with_timezone

    def computing(*args, **options):
        used.append(options["convention"])
        return real(*args, **options)

    monkeypatch.setattr(asking, "generate_panchangam_with_timezone", computing)
    ctx = make_context(settings)
    process_inbound(store(database_url, bodies.location(WA_ID, 28.6358, 77.2245)), ctx, NOW)
    assert process_inbound(store(database_url, bodies.text(WA_ID, "tomorrow")), ctx, NOW)
    assert used and set(used) == {ASTRONOMICAL}
