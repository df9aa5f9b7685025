"""The Telegram channel against the fake Bot API over real HTTP, and its error policy."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from lokpanchang.delivery.base import MessageKind, Outcome, OutgoingMessage
from lokpanchang.delivery.pacing import LocalBucket
from lokpanchang.delivery.pooled import Retrying
from lokpanchang.delivery.telegram import classify_answer, message_payload, outcome_for
from tests.fakes.telegram_support import fake_and_sender, telegram_config


def message(ledger_id: int, chat: int = 1001, **values) -> OutgoingMessage:
    values.setdefault("text", f"Panchangam {ledger_id}")
    return OutgoingMessage(ledger_id, str(chat), channel="telegram", **values)


def send(config, messages, **sender_values):
    async def go():
        async with fake_and_sender(config, **sender_values) as (api, sender, _):
            results = await sender.send_batch(messages)
            return api, results

    return asyncio.run(go())


def test_a_broadcast_goes_out_as_escaped_html_text_and_comes_back_sent():
    text = "Tithi <Dwadashi> & Nakshatra"
    api, [result] = send(telegram_config(), [message(7, text=text, parameters=("a", "b"))])
    assert result.outcome is Outcome.SENT and result.message_id == "tg:1001:1"
    [received] = api.received
    assert received["payload"]["parse_mode"] == "HTML"
    assert received["text"] == text  # what the person sees: the markup-free original
    assert "reply_markup" not in received["payload"]


def test_a_location_request_carries_one_request_location_button_in_the_persons_language():
    ask = message(0, text="Share your location", kind=MessageKind.LOCATION_REQUEST, language="hi")
    api, [result] = send(telegram_config(), [ask])
    assert result.outcome is Outcome.SENT
    markup = api.received[0]["payload"]["reply_markup"]
    [[button]] = markup["keyboard"]
    assert button["request_location"] is True and "लोकेशन" in button["text"]


def test_a_wrong_token_halts_and_the_fake_says_unauthorized():
    api, [result] = send(telegram_config(), [message(1)], token="999:wrong")
    assert result.outcome is Outcome.HALT
    assert (result.error_code, result.error_detail) == (401, "Unauthorized")
    assert api.counts["accepted"] == 0


def test_a_blocked_bot_disables_and_a_missing_chat_is_permanent():
    config = telegram_config(failures={2002: 403, 3003: 400})
    _, results = send(config, [message(1, 2002), message(2, 3003), message(3, 4004)])
    assert [r.outcome for r in results] == [Outcome.DISABLE, Outcome.DISABLE, Outcome.SENT]
    assert results[0].error_detail == "Forbidden: bot was blocked by the user"
    assert results[1].error_detail == "Bad Request: chat not found"
    assert [r.extra["attempts"] for r in results[:2]] == [1, 1]  # never retried


def test_a_429_is_retried_after_the_wait_the_api_asked_for():
    config = telegram_config(chat_interval=1.0, chat_burst=1)
    started = time.monotonic()
    _, results = send(config, [message(1), message(2)])  # one chat, one per second
    assert [r.outcome for r in results] == [Outcome.SENT, Outcome.SENT]
    assert max(r.extra["attempts"] for r in results) == 2
    assert time.monotonic() - started >= 0.9  # honoured retry_after (1 s), not the 0.01 s back-off


def test_a_429_past_the_attempts_is_handed_back_as_retry_with_the_wait():
    config = telegram_config(chat_interval=30.0, chat_burst=1)
    retrying = Retrying(max_attempts=1)
    _, results = send(config, [message(1), message(2)], retrying=retrying)
    assert results[0].outcome is Outcome.SENT
    assert results[1].outcome is Outcome.RETRY and results[1].error_code == 429
    assert 29 <= results[1].retry_after <= 30


def test_paced_by_its_bucket_the_bot_never_meets_the_global_limit():
    config = telegram_config(rate=30.0)
    messages = [message(n, 5000 + n) for n in range(45)]
    started = time.monotonic()
    api, results = send(config, messages, bucket=LocalBucket(20.0))
    assert all(r.outcome is Outcome.SENT for r in results)
    assert api.counts["429"] == 0
    assert time.monotonic() - started >= 44 / 20 - 0.2


def test_unpaced_a_burst_meets_429s_and_still_loses_nothing():
    config = telegram_config(rate=5.0)  # 5 at once, then one per 0.2 s
    messages = [message(n, 6000 + n) for n in range(20)]
    api, results = send(config, messages, retrying=Retrying(12, 0.01, 0.05, 2.0))
    assert api.counts["429"] > 0
    assert all(r.outcome is Outcome.SENT for r in results)
    assert sorted(m["chat_id"] for m in api.received if m["accepted"]) == list(range(6000, 6020))


def test_nothing_listening_is_retry_not_ambiguous():
    async def go():
        from lokpanchang.delivery.telegram import TelegramSender

        sender = TelegramSender(base_url="http://127.0.0.1:9", token="1:x", retrying=Retrying(1))
        try:
            return await sender.send_batch([message(1)])
        finally:
            await sender.close()

    [result] = asyncio.run(go())
    assert result.outcome is Outcome.RETRY and "cannot connect" in result.error_detail


def test_a_wrong_base_url_leaves_no_token_in_the_error_detail():
    """Issue 24, item 6: the error named the URL, /bot<token>/sendMessage, and error_detail
    carried it to the ledger and the admin."""
    token = "123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"

    async def go():
        from lokpanchang.delivery.telegram import TelegramSender

        sender = TelegramSender(base_url="http://127.0.0.1:9", token=token, retrying=Retrying(1))
        try:
            return await sender.send_batch([message(1)])
        finally:
            await sender.close()

    [result] = asyncio.run(go())
    assert "/bot***/sendMessage" in result.error_detail, result.error_detail
    assert token not in result.error_detail and "AAHdqTcv" not in result.error_detail


@pytest.mark.parametrize(
    ("code", "description", "outcome"),
    [
        (429, "Too Many Requests: retry after 5", Outcome.RETRY),
        (500, "Internal Server Error", Outcome.RETRY),
        (502, "Bad Gateway", Outcome.RETRY),
        (401, "Unauthorized", Outcome.HALT),
        (404, "Not Found", Outcome.HALT),
        (403, "Forbidden: bot was blocked by the user", Outcome.DISABLE),
        (403, "Forbidden: user is deactivated", Outcome.DISABLE),
        (400, "Bad Request: chat not found", Outcome.DISABLE),
        (400, "Bad Request: message is too long", Outcome.SKIP),
        (400, "Bad Request: can't parse entities: Unsupported start tag", Outcome.SKIP),
    ],
)
def test_each_bot_api_refusal_has_its_outcome(code, description, outcome):
    assert outcome_for(code, description) is outcome


def test_an_answer_that_is_not_the_bot_apis_shape_is_never_taken_for_sent():
    assert classify_answer(502, b"<html>bad gateway</html>").outcome is Outcome.RETRY
    assert classify_answer(200, b"[1]").outcome is Outcome.RETRY
    assert classify_answer(200, json.dumps({"ok": True, "result": {}})).outcome is (
        Outcome.AMBIGUOUS
    )
    refused = classify_answer(
        429, json.dumps({"ok": False, "error_code": 429, "description": "x",
                         "parameters": {"retry_after": 7}})
    )  # fmt: skip
    assert (refused.outcome, refused.retry_after) == (Outcome.RETRY, 7.0)


def test_the_payload_escapes_markup_so_the_text_is_shown_as_written():
    payload = message_payload(message(1, text="a < b && c > d"))
    assert payload["text"] == "a &lt; b &amp;&amp; c &gt; d" and payload["chat_id"] == 1001
