"""The fake Telegram Bot API refuses and answers as the real one does (shapes from
core.telegram.org/bots/api), over real HTTP on loopback."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest
from aiohttp import web

from lokpanchang.fakes import telegram as fake_module
from lokpanchang.fakes.telegram import FakeBotAPI, parse_failures
from lokpanchang.fakes.telegram_shapes import ApiError, html_plain_text
from tests.fakes.telegram_support import TOKEN, fake_and_sender, telegram_config


async def call(base: str, path: str, **kwargs) -> tuple[int, dict]:
    async with aiohttp.ClientSession() as session, session.post(base + path, **kwargs) as response:
        return response.status, await response.json()


def calls(config, requests: list[tuple[str, dict]]) -> list[tuple[int, dict]]:
    async def go():
        async with fake_and_sender(config) as (_, _sender, base):
            return [await call(base, path, **kwargs) for path, kwargs in requests]

    return asyncio.run(go())


SEND = f"/bot{TOKEN}/sendMessage"


def test_a_good_send_message_answers_ok_with_the_message():
    [(status, document)] = calls(
        telegram_config(), [(SEND, {"json": {"chat_id": 5, "text": "hi"}})]
    )
    assert status == 200 and document["ok"] is True
    result = document["result"]
    assert result["chat"] == {"id": 5, "type": "private"} and result["text"] == "hi"
    assert result["message_id"] == 1 and result["from"]["is_bot"] is True


def test_the_token_in_the_path_is_checked_and_unknown_methods_are_not_found():
    answers = calls(
        telegram_config(),
        [
            ("/bot1:other/sendMessage", {"json": {"chat_id": 5, "text": "hi"}}),
            (f"/bot{TOKEN}/sendCarrierPigeon", {"json": {}}),
        ],
    )
    assert answers == [
        (401, {"ok": False, "error_code": 401, "description": "Unauthorized"}),
        (404, {"ok": False, "error_code": 404, "description": "Not Found"}),
    ]


@pytest.mark.parametrize(
    ("parameters", "description"),
    [
        ({"text": "hi"}, "Bad Request: chat_id is empty"),
        ({"chat_id": 5}, "Bad Request: message text is empty"),
        ({"chat_id": 5, "text": "   "}, "Bad Request: message text is empty"),
        ({"chat_id": "@nobody", "text": "hi"}, "Bad Request: chat not found"),
        ({"chat_id": 5, "text": "hi", "parse_mode": "html5"}, "Bad Request: unsupported parse_mode"),
        ({"chat_id": 5, "text": "x" * 4097}, "Bad Request: message is too long"),
        ({"chat_id": 5, "text": "<b>x</b>", "parse_mode": "HTML", "reply_markup": "{"},
         "Bad Request: can't parse reply keyboard markup JSON object"),
    ],
)  # fmt: skip
def test_malformed_parameters_are_refused_with_the_apis_400(parameters, description):
    [(status, document)] = calls(telegram_config(), [(SEND, {"json": parameters})])
    assert (status, document) == (
        400,
        {"ok": False, "error_code": 400, "description": description},
    )


def test_html_that_does_not_parse_is_refused_and_escaped_text_is_not():
    raw = {"chat_id": 5, "text": "a <b> c", "parse_mode": "HTML"}
    escaped = {"chat_id": 5, "text": "a &lt;b&gt; c", "parse_mode": "HTML"}
    [(bad, refused), (good, accepted)] = calls(
        telegram_config(), [(SEND, {"json": raw}), (SEND, {"json": escaped})]
    )
    assert bad == 400 and refused["description"].startswith("Bad Request: can't parse entities")
    assert good == 200 and accepted["result"]["text"] == "a <b> c"


def test_parameters_may_come_as_a_form_or_in_the_query_string_as_telegram_takes_them():
    answers = calls(
        telegram_config(),
        [
            (SEND, {"data": {"chat_id": "5", "text": "form"}}),
            (SEND + "?chat_id=6&text=query", {}),
        ],
    )
    assert [(s, d["result"]["chat"]["id"], d["result"]["text"]) for s, d in answers] == [
        (200, 5, "form"),
        (200, 6, "query"),
    ]


@pytest.fixture
def frozen(monkeypatch):
    """The fake's limits read this clock: every call at the same instant."""
    monkeypatch.setattr(fake_module.clock, "monotonic", lambda: 1000.0)


def answers_at_once(config, chats: list[int]) -> list[int | str]:
    """Each ``sendMessage`` to ``chats`` at one instant: "ok", or the refusal's description."""
    api = FakeBotAPI(config)
    answers: list[int | str] = []
    for chat in chats:
        try:
            answers.append(api.send_message({"chat_id": chat, "text": "x"})["chat"]["id"])
        except ApiError as error:
            answers.append(f"{error.code} {error.parameters}")
    return answers


def test_one_chat_gets_a_short_burst_then_429_with_retry_after(frozen):
    config = telegram_config(chat_interval=1.0, chat_burst=3)
    assert answers_at_once(config, [5, 5, 5, 5, 6]) == [5, 5, 5, "429 {'retry_after': 1}", 6]


def test_the_bot_overall_gets_about_thirty_a_second(frozen):
    answers = answers_at_once(telegram_config(rate=30.0), list(range(100, 140)))
    assert answers[:30] == list(range(100, 130))
    assert set(answers[30:]) == {"429 {'retry_after': 1}"}


def test_a_429_over_http_has_the_apis_shape():
    config = telegram_config(chat_interval=60.0, chat_burst=1)
    answers = calls(config, [(SEND, {"json": {"chat_id": 5, "text": f"{n}"}}) for n in range(2)])
    status, refused = answers[1]
    assert status == 429 and refused["error_code"] == 429
    assert 59 <= refused["parameters"]["retry_after"] <= 60
    assert (
        refused["description"]
        == f"Too Many Requests: retry after {refused['parameters']['retry_after']}"
    )


def test_injected_failures_answer_403_and_400_for_their_chats_only():
    config = telegram_config(failures=parse_failures("7=403,8=400"))
    answers = calls(config, [(SEND, {"json": {"chat_id": c, "text": "x"}}) for c in (7, 8, 9)])
    assert [(s, d.get("description")) for s, d in answers] == [
        (403, "Forbidden: bot was blocked by the user"),
        (400, "Bad Request: chat not found"),
        (200, None),
    ]


def test_a_bad_failure_spec_names_the_item():
    with pytest.raises(ValueError, match="'7=404'"):
        parse_failures("7=404")


def test_updates_go_to_the_webhook_with_the_secret_header_set_by_set_webhook():
    seen: list[tuple[str | None, dict]] = []

    async def webhook(request: web.Request) -> web.Response:
        seen.append((request.headers.get("X-Telegram-Bot-Api-Secret-Token"), await request.json()))
        return web.Response(status=200)

    async def go():
        receiver = web.Application()
        receiver.router.add_post("/telegram/webhook", webhook)
        runner = web.AppRunner(receiver)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        url = f"http://127.0.0.1:{runner.addresses[0][1]}/telegram/webhook"
        try:
            async with fake_and_sender(telegram_config()) as (_, _sender, base):
                bad = await call(
                    base, f"/bot{TOKEN}/setWebhook", json={"url": url, "secret_token": "no spaces"}
                )
                good = await call(
                    base, f"/bot{TOKEN}/setWebhook", json={"url": url, "secret_token": "s3cret_-"}
                )
                posted = await call(base, "/_fake/updates", json={"chat_id": 42, "text": "/start"})
                return bad, good, posted
        finally:
            await runner.cleanup()

    bad, good, posted = asyncio.run(go())
    assert bad[0] == 400 and "secret token" in bad[1]["description"]
    assert good == (200, {"ok": True, "result": True})
    assert posted[0] == 200 and posted[1]["webhook_status"] == 200
    [(header, update)] = seen
    assert header == "s3cret_-"
    assert update["message"]["text"] == "/start" and update["message"]["chat"]["id"] == 42
    assert update["message"]["entities"] == [{"offset": 0, "length": 6, "type": "bot_command"}]
    assert isinstance(update["update_id"], int)


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("<b>bold</b> &amp; <i>it</i>", "bold & it"),
        ("&#2325; &lt;x&gt;", "क <x>"),
        ("a & b", "a & b"),
    ],
)
def test_html_parses_to_what_a_person_sees(text, plain):
    assert html_plain_text(text) == plain


@pytest.mark.parametrize("text", ["<b>open", "<script>x</script>", "x</b>", "&nbsp;", "a > b"])
def test_html_telegram_would_refuse_is_refused(text):
    with pytest.raises(ApiError) as refused:
        html_plain_text(text)
    assert refused.value.code == 400
