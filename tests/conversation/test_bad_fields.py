"""One bad field in a signed webhook body costs only its own item (issue 11): a message id
over 128 characters, callback data naming an id no database can hold, coordinates that only
Python's ``float`` reads as numbers. The good items in the same body are still handled."""

from __future__ import annotations

import pytest

from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import InboundMessage
from tests.conversation import bodies
from tests.conversation.test_handling import WA_ID, handle, ledger, subscriber_with_ledger_row, user

OTHER = "919800000002"
LONG_ID = "wamid." + "A" * 200


def with_also(body: dict, extra: dict) -> dict:
    """``body`` with the change values of ``extra`` added (Meta batches several)."""
    body["entry"][0]["changes"].extend(extra["entry"][0]["changes"])
    return body


def test_a_message_id_over_128_characters_is_skipped_and_a_retry_of_it_is_harmless(database_url):
    first = bodies.text(OTHER, "start", id=LONG_ID)
    handle(database_url, first)
    retried = with_also(bodies.text(OTHER, "start", id=LONG_ID), bodies.text(WA_ID, "start"))
    report = handle(database_url, retried)  # Meta retries with more messages batched in
    assert [r.to for r in report.replies] == [f"+{WA_ID}"]
    with transaction(database_url) as session:
        assert all(len(row.wa_message_id) <= 128 for row in session.query(InboundMessage))


def test_two_long_ids_with_a_common_prefix_do_not_collide(database_url):
    handle(database_url, bodies.text(OTHER, "help", id=LONG_ID + "1"))
    report = handle(
        database_url,
        with_also(bodies.text(OTHER, "help", id=LONG_ID + "2"), bodies.text(WA_ID, "start")),
    )
    assert f"+{WA_ID}" in [r.to for r in report.replies]


@pytest.mark.parametrize(
    "callback", ["message_log:99999999999999999999", "message_log:9223372036854775808"]
)
def test_callback_data_out_of_any_id_range_is_ignored_and_the_rest_applied(database_url, callback):
    ledger_id = subscriber_with_ledger_row(database_url)
    body = with_also(
        bodies.status("delivered", message_id="wamid.OTHER", callback=callback),
        bodies.status("read", callback=f"message_log:{ledger_id}"),
    )
    report = handle(database_url, body)
    assert (report.statuses_applied, report.statuses_ignored) == (1, 1)
    assert ledger(database_url, ledger_id).status == "read"


def test_a_status_id_over_128_characters_is_ignored(database_url):
    ledger_id = subscriber_with_ledger_row(database_url)
    body = with_also(
        bodies.status("delivered", message_id=LONG_ID),
        bodies.status("read", callback=f"message_log:{ledger_id}"),
    )
    report = handle(database_url, body)
    assert (report.statuses_applied, report.statuses_ignored) == (1, 1)


@pytest.mark.parametrize(
    ("latitude", "longitude"),
    [("1_0", "75.5"), (True, 75.5), (23.1, False), ("0x10", "1"), (" 23.1e1", "7"), ("١٢", "7")],
)
def test_coordinates_that_are_not_decimal_numbers_are_refused(database_url, latitude, longitude):
    report = handle(database_url, bodies.location(WA_ID, latitude, longitude))
    assert "could not be read" in report.replies[0].text
    assert user(database_url) is None


@pytest.mark.parametrize(("latitude", "longitude"), [(23, 75), ("-23.25", "+75.5"), (23.5, "75")])
def test_decimal_numbers_and_strings_are_still_coordinates(database_url, latitude, longitude):
    handle(database_url, bodies.location(WA_ID, latitude, longitude))
    assert user(database_url) is not None
