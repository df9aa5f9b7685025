"""The fake in its own thread (``tests.fakes.support.FakeInThread``), as synchronous tests use
it: what it received is read in its own thread, never while that thread appends."""

from __future__ import annotations

import asyncio
import sys
import threading

from lokpanchang.delivery.base import OutgoingMessage
from lokpanchang.delivery.whatsapp import WhatsAppSender
from tests.fakes.support import PHONE_NUMBER_ID, TOKEN, FakeInThread, fake_config

BATCHES, PER_BATCH = 10, 300
PARAMETERS = ("Sunday", "Dashami", "Revati", "Siddhi", "Garaja", "06:52", "16:18", "Magha")


def _send_all(base_url: str) -> None:
    async def batches() -> None:
        sender = WhatsAppSender(
            base_url=base_url,
            api_version="v25.0",
            phone_number_ids=(PHONE_NUMBER_ID,),
            access_token=TOKEN,
            concurrency=100,
        )
        phones = iter(range(10**6))
        for _ in range(BATCHES):
            batch = [
                OutgoingMessage(1, f"+9198{next(phones):08d}", "en", PARAMETERS)
                for _ in range(PER_BATCH)
            ]
            await sender.send_batch(batch)
        await sender.close()

    asyncio.run(batches())


def test_listing_what_the_fake_received_while_it_keeps_receiving_never_fails():
    fake = FakeInThread(fake_config(keep=BATCHES * PER_BATCH))
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # threads take turns often, as on a loaded machine
    try:
        sending = threading.Thread(target=_send_all, args=(fake.base_url,))
        sending.start()
        listings = 0
        while sending.is_alive():
            fake.received()  # the worker-group test lists it while groups send
            listings += 1
        sending.join()
        assert listings > 0
        assert len([m for m in fake.received() if m["accepted"]]) == BATCHES * PER_BATCH
    finally:
        sys.setswitchinterval(interval)
        fake.stop()
