"""The fake's status webhooks posted several at a time, and its listing by recipient."""

from __future__ import annotations

import asyncio

import aiohttp
from aiohttp import web

from lokpanchang.delivery.base import OutgoingMessage
from lokpanchang.delivery.whatsapp import WhatsAppSender
from lokpanchang.fakes.whatsapp import serve
from lokpanchang.fakes.whatsapp_spec import FakeConfig
from tests.fakes.test_fake_whatsapp import PARAMETERS, SECRET, Receiver, _until


class SlowReceiver(Receiver):
    """Takes 0.1 s per webhook and counts how many it is given at once."""

    def __init__(self) -> None:
        super().__init__()
        self.in_flight = self.most_in_flight = 0

    async def handle(self, request: web.Request) -> web.Response:
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            await asyncio.sleep(0.1)
            return await super().handle(request)
        finally:
            self.in_flight -= 1


async def _scenario(concurrency: int) -> tuple[SlowReceiver, dict, dict]:
    receiver = SlowReceiver()
    hook = web.Application()
    hook.router.add_post("/webhook", receiver.handle)
    hook_runner = web.AppRunner(hook, access_log=None)
    await hook_runner.setup()
    await web.TCPSite(hook_runner, "127.0.0.1", 0).start()
    config = FakeConfig(token="T", phone_number_id="42", pair_interval=0, app_secret=SECRET)
    config.webhook_url = f"http://127.0.0.1:{hook_runner.addresses[0][1]}/webhook"
    config.webhook_concurrency = concurrency
    runner, port = await serve(config)
    base = f"http://127.0.0.1:{port}"
    try:
        sender = WhatsAppSender(
            base_url=base,
            api_version="v25.0",
            phone_number_ids=("42",),
            access_token="T",
            template_category="utility",
        )
        phones = [f"+9198000000{n:02d}" for n in range(10)]
        await sender.send_batch(
            [OutgoingMessage(n, p, "en", PARAMETERS) for n, p in enumerate(phones, 1)]
        )
        await sender.close()
        await _until(lambda: len(receiver.statuses()) == 30)
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{base}/_fake/webhooks") as response:
                webhooks = await response.json()
            async with session.get(f"{base}/_fake/messages?to=919800000003") as response:
                listing = await response.json()
        return receiver, webhooks, listing
    finally:
        await runner.cleanup()
        await hook_runner.cleanup()


def test_status_webhooks_are_posted_several_at_a_time_and_all_arrive():
    receiver, webhooks, _ = asyncio.run(_scenario(concurrency=8))
    assert 1 < receiver.most_in_flight <= 8
    assert sorted(s[1] for s in receiver.statuses()) == sorted(["sent", "delivered", "read"] * 10)
    assert (webhooks["responses"], len(webhooks["webhooks"])) == ({"200": 30}, 30)


def test_by_default_they_are_posted_one_by_one():
    receiver, _, _ = asyncio.run(_scenario(concurrency=1))
    assert receiver.most_in_flight == 1


def test_the_listing_can_show_the_messages_to_one_number():
    _, _, listing = asyncio.run(_scenario(concurrency=4))
    assert [m["to"] for m in listing["messages"]] == ["919800000003"]
