import json

import pytest

from lokpanchang.delivery.base import Outcome
from lokpanchang.delivery.errors import (
    backoff_delay,
    classify_response,
    failed_status_action,
    outcome_for_code,
)


def error_body(code, details="why"):
    return json.dumps(
        {
            "error": {
                "message": f"(#{code}) title",
                "type": "OAuthException",
                "code": code,
                "error_data": {"messaging_product": "whatsapp", "details": details},
                "fbtrace_id": "Ab",
            }
        }
    )


@pytest.mark.parametrize(
    "code, outcome",
    [
        (130429, Outcome.RETRY),
        (131056, Outcome.RETRY),
        (4, Outcome.RETRY),
        (80007, Outcome.RETRY),
        (131057, Outcome.RETRY),
        (131049, Outcome.BLOCK),
        (130472, Outcome.SKIP),
        (131050, Outcome.DISABLE),
        (131026, Outcome.SKIP),
        (190, Outcome.HALT),
        (368, Outcome.HALT),
        (131048, Outcome.HALT),
        (100, Outcome.HALT),
        (132000, Outcome.HALT),
        (132018, Outcome.HALT),
        (132999, Outcome.HALT),
    ],
)
def test_it_classifies_by_error_code(code, outcome):
    assert classify_response(400, error_body(code)).outcome is outcome


def test_the_code_wins_over_the_http_status():
    assert classify_response(500, error_body(131049)).outcome is Outcome.BLOCK
    assert classify_response(403, error_body(190)).outcome is Outcome.HALT


@pytest.mark.parametrize("status", [500, 502, 503, 429])
def test_unknown_codes_on_5xx_and_429_are_retried(status):
    assert outcome_for_code(None, status) is Outcome.RETRY
    assert (
        classify_response(status, json.dumps({"error": {"code": 999999}})).outcome is Outcome.RETRY
    )


def test_an_unknown_per_message_error_skips_the_subscriber_not_the_broadcast():
    assert classify_response(400, error_body(131009)).outcome is Outcome.SKIP


def test_a_non_json_body_is_retried():
    result = classify_response(502, b"<html>Bad gateway</html>")
    assert result.outcome is Outcome.RETRY
    assert "not JSON" in result.error_detail


def test_success_carries_the_message_id():
    body = json.dumps(
        {
            "messaging_product": "whatsapp",
            "contacts": [{"input": "1", "wa_id": "1"}],
            "messages": [{"id": "wamid.X"}],
        }
    )
    result = classify_response(200, body)
    assert (result.outcome, result.message_id) == (Outcome.SENT, "wamid.X")


def test_success_without_a_message_id_is_ambiguous_never_resent():
    assert classify_response(200, "{}").outcome is Outcome.AMBIGUOUS


def test_the_error_detail_and_code_are_kept():
    result = classify_response(400, error_body(131049, "limit reached"))
    assert (result.error_code, result.error_detail) == (131049, "limit reached")


def test_pair_limit_asks_to_wait_six_seconds():
    assert classify_response(400, error_body(131056)).retry_after == 6.0


def test_backoff_grows_exponentially_and_is_capped():
    delays = [backoff_delay(n, base=1.0, cap=8.0) for n in range(1, 7)]
    assert delays == [1.0, 2.0, 4.0, 8.0, 8.0, 8.0]
    assert backoff_delay(1, retry_after=6.0, jitter=0.1) == 6.0


def test_131026_disables_after_three_consecutive_days():
    first = failed_status_action(131026, 0)
    second = failed_status_action(131026, first.undeliverable_days)
    third = failed_status_action(131026, second.undeliverable_days)
    assert (first.disable, second.disable, third.disable) == (False, False, True)
    assert third.undeliverable_days == 3


def test_a_repeated_131026_webhook_on_the_same_day_is_counted_once():
    assert failed_status_action(131026, 2, counted_today=True) == failed_status_action(
        131026, 2, True
    )
    assert failed_status_action(131026, 1, counted_today=True).undeliverable_days == 1


def test_131050_disables_at_once_and_other_failures_do_not():
    assert failed_status_action(131050, 0).disable
    assert not failed_status_action(131049, 0).disable
