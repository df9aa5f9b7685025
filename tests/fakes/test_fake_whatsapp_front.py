"""The fake Cloud API's front server (``fakes/whatsapp_front``) at the byte level: sends
answered on it, every other request tunnelled to the aiohttp application on the same connection,
what it cannot serve refused with a 400 instead of answered out of order."""

from __future__ import annotations

import asyncio

import orjson

from lokpanchang.fakes.whatsapp import FAKE_KEY, serve
from tests.fakes.support import PHONE_NUMBER_ID, TOKEN, fake_config

PARAMETERS = [{"type": "text", "text": f"p{n}"} for n in range(1, 9)]


def send_request(to: str, number: str = PHONE_NUMBER_ID, close: bool = False) -> bytes:
    body = orjson.dumps(
        {
            "messaging_product": "whatsapp",
            "to": to,
            "type": "template",
            "template": {
                "name": "daily_panchangam",
                "language": {"code": "en"},
                "components": [{"type": "body", "parameters": PARAMETERS}],
            },
        }
    )
    head = (
        f"POST /v25.0/{number}/messages HTTP/1.1\r\nHost: fake\r\n"
        f"Authorization: Bearer {TOKEN}\r\nUser-Agent: front-test\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        + ("Connection: close\r\n" if close else "")
        + "\r\n"
    )
    return head.encode() + body


LISTING = b"GET /_fake/messages HTTP/1.1\r\nHost: fake\r\n\r\n"


async def read_answer(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """One HTTP/1.1 answer with a Content-Length: (status, body)."""
    status, _, body = await read_answer_with_headers(reader)
    return status, body


async def read_answer_with_headers(reader: asyncio.StreamReader) -> tuple[int, dict, bytes]:
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:] if line)
    body = await asyncio.wait_for(reader.readexactly(int(headers["content-length"])), 10)
    return int(lines[0].split()[1]), headers, body


async def _with_fake(scenario, **values):
    runner, port = await serve(fake_config(**values))
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            return await scenario(reader, writer, runner.app[FAKE_KEY])
        finally:
            writer.close()
    finally:
        await runner.cleanup()


def test_a_send_then_a_listing_then_a_send_share_one_connection():
    async def scenario(reader, writer, api):
        answers = []
        for request in (send_request("919000000001"), LISTING, send_request("919000000002")):
            writer.write(request)
            answers.append(await read_answer(reader))
        return answers, api.connections

    answers, connections = asyncio.run(_with_fake(scenario))
    assert [status for status, _ in answers] == [200, 200, 200]
    assert orjson.loads(answers[1][1])["messages"][0]["to"] == "919000000001"
    assert orjson.loads(answers[2][1])["contacts"][0]["wa_id"] == "919000000002"
    assert connections == 1


def test_after_a_listing_the_connection_s_sends_come_back_to_the_front():
    async def scenario(reader, writer, api):
        answers = []
        for request in (LISTING, send_request("919000000001"), LISTING):
            writer.write(request)
            answers.append(await read_answer_with_headers(reader))
        return answers

    listing, send, again = asyncio.run(_with_fake(scenario))
    assert "aiohttp" in listing[1]["server"]  # the listings are aiohttp's
    assert (send[0], "server" in send[1]) == (200, False)  # the send is the front's again
    assert orjson.loads(again[2])["messages"][0]["to"] == "919000000001"


def test_two_pipelined_sends_are_answered_in_order():
    async def scenario(reader, writer, api):
        writer.write(send_request("919000000001") + send_request("919000000002"))
        return [await read_answer(reader), await read_answer(reader)]

    answers = asyncio.run(_with_fake(scenario))
    recipients = [orjson.loads(body)["contacts"][0]["wa_id"] for _, body in answers]
    assert recipients == ["919000000001", "919000000002"]


def test_a_listing_pipelined_behind_a_send_is_refused_and_the_connection_closed():
    async def scenario(reader, writer, api):
        writer.write(send_request("919000000001") + LISTING)
        first = await read_answer(reader)
        second = await read_answer(reader)
        return first, second, await asyncio.wait_for(reader.read(), 10)

    first, second, rest = asyncio.run(_with_fake(scenario))
    assert first[0] == 200
    assert second == (400, b"the fake cannot parse this request or pipeline")
    assert rest == b""


def test_a_malformed_send_gets_a_400_not_a_traceback():
    async def scenario(reader, writer, api):
        writer.write(b"POST /v25.0/1/messages HTTP/1.1\r\nContent-Length: many\r\n\r\n")
        return await read_answer(reader)

    status, body = asyncio.run(_with_fake(scenario))
    assert (status, body) == (400, b"the fake cannot parse this request or pipeline")


def test_connection_close_is_honoured_after_the_answer():
    async def scenario(reader, writer, api):
        writer.write(send_request("919000000001", close=True))
        answer = await read_answer(reader)
        return answer[0], await asyncio.wait_for(reader.read(), 10)

    assert asyncio.run(_with_fake(scenario)) == (200, b"")


def test_the_front_refuses_an_unknown_number_as_the_api_does():
    async def scenario(reader, writer, api):
        writer.write(send_request("919000000001", number="777"))
        return await read_answer(reader)

    status, body = asyncio.run(_with_fake(scenario))
    assert status == 400
    assert "Object with ID '777'" in orjson.loads(body)["error"]["error_data"]["details"]


def test_the_front_enforces_each_number_s_rate_with_130429():
    async def scenario(reader, writer, api):
        answers = []
        for n in range(4):
            writer.write(send_request(f"91900000000{n}"))
            answers.append(await read_answer(reader))
        return answers

    answers = asyncio.run(_with_fake(scenario, rate=2))
    codes = [orjson.loads(body).get("error", {}).get("code") for _, body in answers]
    assert codes == [None, None, 130429, 130429]


def test_a_client_expecting_100_continue_is_told_to_continue():
    async def scenario(reader, writer, api):
        head, _, body = send_request("919000000001").partition(b"\r\n\r\n")
        writer.write(head + b"\r\nExpect: 100-continue\r\n\r\n")
        interim = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        writer.write(body)
        return interim, await read_answer(reader)

    interim, (status, _) = asyncio.run(_with_fake(scenario))
    assert (interim, status) == (b"HTTP/1.1 100 Continue\r\n\r\n", 200)
