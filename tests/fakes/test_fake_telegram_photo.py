"""The fake Bot API's sendPhoto refuses what Telegram refuses, and the sender sends the card
with its caption or before its text, uploading each card once (issue 27)."""

from __future__ import annotations

import asyncio
import io

import aiohttp

from lokpanchang.delivery.base import Card, Outcome, OutgoingMessage
from lokpanchang.delivery.pooled import Multipart
from tests.fakes.telegram_support import TOKEN, fake_and_sender, telegram_config

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + (1080).to_bytes(4) + (1350).to_bytes(4)
PNG += bytes(64)
CHAT = 4242


def png(width: int, height: int) -> bytes:
    return b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + width.to_bytes(4) + height.to_bytes(4)


async def _photo(base: str, fields: dict, content: bytes | None = None) -> dict:
    url = f"{base}/bot{TOKEN}/sendPhoto"
    async with aiohttp.ClientSession() as session:
        if content is None:
            async with session.post(url, json=fields) as response:
                return await response.json()
        pairs = tuple((k, str(v)) for k, v in fields.items())
        form = Multipart(pairs, "photo", "card.png", "image/png", content)
        headers = {"Content-Type": form.content_type}
        async with session.post(url, data=io.BytesIO(form.body()), headers=headers) as response:
            return await response.json()


def _scenario(check, **config):
    async def scenario():
        async with fake_and_sender(telegram_config(chat_interval=0, rate=0, **config)) as (
            api,
            sender,
            base,
        ):
            await check(api, sender, base)

    asyncio.run(scenario())


def test_an_upload_gives_a_file_id_the_bot_can_send_again():
    async def check(api, sender, base):
        sent = await _photo(base, {"chat_id": CHAT, "caption": "today"}, PNG)
        file_id = sent["result"]["photo"][-1]["file_id"]
        again = await _photo(base, {"chat_id": CHAT + 1, "photo": file_id})
        assert again["ok"] and again["result"]["photo"][-1]["file_id"] == file_id
        assert len(api.photos) == 1

    _scenario(check)


def test_photos_and_captions_telegram_refuses_are_refused_with_its_words():
    async def check(api, sender, base):
        refused = [
            await _photo(base, {"chat_id": CHAT, "photo": "AgACAgNOTHING"}),
            await _photo(base, {"chat_id": CHAT, "caption": "x" * 1025}, PNG),
            await _photo(base, {"chat_id": CHAT, "caption": "😀" * 513}, PNG),  # 1,026 UTF-16 units
            await _photo(base, {"chat_id": CHAT}, b"GIF89a" + bytes(64)),
            await _photo(base, {"chat_id": CHAT}, png(100, 3000)),  # ratio over 20
            await _photo(base, {"chat_id": CHAT}, png(6000, 5000)),  # sides over 10,000
            await _photo(base, {"chat_id": CHAT}, PNG + bytes(10 * 1024 * 1024)),
        ]
        assert [(r["error_code"], r["description"]) for r in refused] == [
            (400, "Bad Request: wrong file identifier/HTTP URL specified"),
            (400, "Bad Request: message caption is too long"),
            (400, "Bad Request: message caption is too long"),
            (400, "Bad Request: IMAGE_PROCESS_FAILED"),
            (400, "Bad Request: PHOTO_INVALID_DIMENSIONS"),
            (400, "Bad Request: PHOTO_INVALID_DIMENSIONS"),
            (413, "Request Entity Too Large"),
        ]
        caption = "&lt;b&gt;" * 127 + "x"  # 1,144 characters as sent, 382 once parsed
        fits = await _photo(base, {"chat_id": CHAT, "caption": caption, "parse_mode": "HTML"}, PNG)
        assert fits["ok"], fits
        assert api.photos and len(api.photos) == 1

    _scenario(check)


def _broadcast(chat: int, text: str, card: Card | None) -> OutgoingMessage:
    return OutgoingMessage(chat, str(chat), "en", (), text, channel="telegram", card=card)


def test_the_card_goes_with_the_text_as_its_caption_and_is_uploaded_once_for_every_chat():
    card = Card("card-a.png", PNG, "Panchangam")

    async def check(api, sender, base):
        messages = [_broadcast(CHAT + n, f"Today <{n}> & more", card) for n in range(5)]
        results = await sender.send_batch(messages)
        assert [r.outcome for r in results] == [Outcome.SENT] * 5
        assert len(api.photos) == 1
        sent = [m for m in api.received if m["accepted"]]
        assert {m["method"] for m in sent} == {"sendPhoto"}
        assert sorted(m["text"] for m in sent) == sorted(m.text for m in messages)
        assert sum(m["uploaded"] for m in sent) == 1

    _scenario(check)


def test_a_text_too_long_for_a_caption_follows_the_photo_as_its_own_message():
    card = Card("card-a.png", PNG, "Panchangam")
    text = "पंचांग " * 200  # 1,400 characters

    async def check(api, sender, base):
        [result] = await sender.send_batch([_broadcast(CHAT, text, card)])
        assert result.outcome is Outcome.SENT
        sent = [m for m in api.received if m["accepted"]]
        assert [(m.get("method"), m["text"]) for m in sent] == [("sendPhoto", ""), (None, text)]

    _scenario(check)


def test_a_card_telegram_refuses_leaves_the_text_to_go_alone():
    card = Card("not-an-image.png", b"GIF89a" + bytes(64), "Panchangam")

    async def check(api, sender, base):
        [result] = await sender.send_batch([_broadcast(CHAT, "Today", card)])
        assert result.outcome is Outcome.SENT
        assert [m["text"] for m in api.received if m["accepted"]] == ["Today"]
        assert not api.photos

    _scenario(check)


def test_a_file_id_telegram_forgot_is_uploaded_again():
    card = Card("card-a.png", PNG, "Panchangam")

    async def check(api, sender, base):
        await sender.send_batch([_broadcast(CHAT, "one", card)])
        api.photos.clear()  # the bot's files are gone
        [result] = await sender.send_batch([_broadcast(CHAT + 1, "two", card)])
        assert result.outcome is Outcome.SENT
        assert len(api.photos) == 1

    _scenario(check)
