"""The fake Cloud API as users run it: `lokpanchang fake-whatsapp` in its own process."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import subprocess
import sys

import aiohttp
import pytest
from aiohttp import web

from lokpanchang import clock
from lokpanchang.cli import main
from lokpanchang.delivery.base import Outcome, OutgoingMessage
from lokpanchang.delivery.whatsapp import WhatsAppSender
from lokpanchang.fakes.whatsapp_spec import SpecError, parse_fail_spec
from tests import servers

SECRET = "app-secret"
PARAMETERS = tuple(f"p{n}" for n in range(1, 9))


def test_the_fail_spec_parses_every_action():
    failures = parse_fail_spec(
        "+15550001111=131026, 15550002222=sync:131049*2,+1555=http:502,+1666=hang,+1777=drop"
    )
    assert (failures["15550001111"].kind, failures["15550001111"].code) == ("async", 131026)
    assert (failures["15550002222"].kind, failures["15550002222"].remaining) == ("sync", 2)
    assert [failures[p].kind for p in ("1555", "1666", "1777")] == ["http", "hang", "drop"]


def test_a_bad_fail_spec_names_the_entry():
    with pytest.raises(SpecError, match="'\\+1555=soon'"):
        parse_fail_spec("+1555=soon")


def test_the_cli_refuses_a_bad_spec_with_exit_status_2(capsys):
    code = main(
        ["fake-whatsapp", "--port", "0", "--token", "t", "--phone-number-id", "1", "--fail", "x=1"]
    )
    assert code == 2
    assert "'x=1'" in capsys.readouterr().err


class Receiver:
    """A webhook endpoint that keeps every signed body it is given."""

    def __init__(self) -> None:
        self.bodies: list[dict] = []
        self.bad_signatures = 0

    async def handle(self, request: web.Request) -> web.Response:
        raw = await request.read()
        expected = "sha256=" + hmac.new(SECRET.encode(), raw, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(request.headers.get("X-Hub-Signature-256", ""), expected):
            self.bad_signatures += 1
            return web.Response(status=403)
        self.bodies.append(json.loads(raw))
        return web.Response(text="ok")

    def statuses(self) -> list[tuple[str, str, int | None]]:
        found = []
        for body in self.bodies:
            for status in body["entry"][0]["changes"][0]["value"]["statuses"]:
                code = status["errors"][0]["code"] if "errors" in status else None
                found.append((status["recipient_id"], status["status"], code))
        return found


async def _until(predicate, deadline_s: float = 10.0) -> None:
    deadline = clock.monotonic() + deadline_s
    while not predicate():
        if clock.monotonic() > deadline:
            raise AssertionError("condition not met before the deadline")
        await asyncio.sleep(0.02)


async def _scenario(tmp_port: int):
    receiver = Receiver()
    app = web.Application()
    app.router.add_post("/webhook", receiver.handle)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    hook_port = runner.addresses[0][1]
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "lokpanchang",
            "fake-whatsapp",
            "--port",
            str(tmp_port),
            "--token",
            "T",
            "--phone-number-id",
            "42",
            "--webhook-url",
            f"http://127.0.0.1:{hook_port}/webhook",
            "--app-secret",
            SECRET,
            "--fail",
            "+15550001111=131026,+15550002222=sync:131049",
        ]
    )
    try:
        await asyncio.to_thread(servers.wait_for_port, tmp_port)
        sender = WhatsAppSender(
            base_url=f"http://127.0.0.1:{tmp_port}",
            api_version="v25.0",
            phone_number_ids=("42",),
            access_token="T",
            template_category="utility",  # +1 numbers are this test's recipients
        )
        phones = ["+15550000001", "+15550001111", "+15550002222"]
        results = await sender.send_batch(
            [OutgoingMessage(n, p, "en", PARAMETERS) for n, p in enumerate(phones, start=1)]
        )
        await sender.close()
        await _until(lambda: len(receiver.statuses()) >= 4)
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{tmp_port}/_fake/messages") as response:
                listing = await response.json()
            async with session.get(f"http://127.0.0.1:{tmp_port}/_fake/accepted-at") as response:
                listing["accepted_at"] = (await response.json())["accepted_at"]
        return results, receiver, listing
    finally:
        process.terminate()
        process.wait(timeout=10)
        await runner.cleanup()


def test_the_fake_process_answers_and_posts_signed_status_webhooks():
    results, receiver, listing = asyncio.run(_scenario(servers.free_port()))
    assert [r.outcome for r in results] == [Outcome.SENT, Outcome.SENT, Outcome.BLOCK]
    assert sorted(receiver.statuses()) == [
        ("15550000001", "delivered", None),
        ("15550000001", "read", None),
        ("15550000001", "sent", None),
        ("15550001111", "failed", 131026),
    ]
    assert receiver.bad_signatures == 0
    assert listing["count"] == 3
    assert listing["totals"] == {"accepted": 2, "131049": 1}
    assert len(listing["accepted_at"]) == 2
    assert [m["accepted"] for m in listing["messages"]].count(True) == 2
    callbacks = {m["payload"].get("biz_opaque_callback_data") for m in listing["messages"]}
    assert callbacks == {"message_log:1", "message_log:2", "message_log:3"}
