"""The fake Cloud API's media endpoint and image headers refuse what Meta refuses (issue 27)."""

from __future__ import annotations

import io

import aiohttp

from lokpanchang.delivery.base import Card, Outcome, OutgoingMessage
from lokpanchang.delivery.pooled import Multipart
from lokpanchang.delivery.whatsapp import template_payload
from tests.fakes.support import PHONE_NUMBER_ID, TOKEN, fake_and_sender, fake_config, run

PNG = b"\x89PNG\r\n\x1a\n" + bytes(200)
PARAMETERS = tuple(f"p{n}" for n in range(1, 11))
CARD_TEMPLATE = "daily_panchangam_v2"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


async def _upload(base: str, content: bytes, kind: str = "image/png", number=PHONE_NUMBER_ID):
    form = Multipart(
        (("messaging_product", "whatsapp"), ("type", kind)), "file", "c.png", kind, content
    )
    headers = {**AUTH, "Content-Type": form.content_type}
    async with aiohttp.ClientSession() as session:
        url = f"{base}/v25.0/{number}/media"
        async with session.post(url, data=io.BytesIO(form.body()), headers=headers) as response:
            return response.status, await response.json()


async def _send(base: str, payload: dict, number=PHONE_NUMBER_ID):
    async with aiohttp.ClientSession() as session:
        url = f"{base}/v25.0/{number}/messages"
        async with session.post(url, json=payload, headers=AUTH) as response:
            return response.status, await response.json()


def _error(answer) -> int:
    return answer[1]["error"]["code"]


def _template(header: str | None, name: str = CARD_TEMPLATE) -> dict:
    return template_payload("+919800000001", name, "en", PARAMETERS, 1, header)


def _with_fake(check, **config):
    async def scenario():
        config.setdefault("pair_interval", 0)
        settings = fake_config(image_templates=frozenset({CARD_TEMPLATE}), **config)
        async with fake_and_sender(settings) as (api, sender):
            await check(sender._urls[PHONE_NUMBER_ID].rsplit("/v25.0", 1)[0], api)

    run(scenario())


def test_an_upload_of_a_png_answers_a_media_id_and_is_listed():
    async def check(base, api):
        status, body = await _upload(base, PNG)
        assert status == 200 and body["id"]
        assert [u["id"] for u in api.media.listing()["uploads"]] == [body["id"]]

    _with_fake(check)


def test_uploads_meta_would_refuse_are_refused_with_131053():
    async def check(base, api):
        assert _error(await _upload(base, PNG, "image/gif")) == 131053  # not jpeg/png
        assert _error(await _upload(base, PNG + bytes(5 * 1024 * 1024))) == 131053  # over 5 MB
        assert _error(await _upload(base, b"GIF89a" + bytes(100))) == 131053  # not what it says
        assert api.media.listing()["count"] == 0

    _with_fake(check)


def test_an_upload_needs_the_token_and_one_of_the_accounts_numbers():
    async def check(base, api):
        url = f"{base}/v25.0/{PHONE_NUMBER_ID}/media"
        async with aiohttp.ClientSession() as session, session.post(url, data=b"x") as response:
            assert (await response.json())["error"]["code"] == 190
        assert _error(await _upload(base, PNG, number="999")) == 100

    _with_fake(check)


def test_a_template_with_an_image_header_refuses_a_send_without_one_and_vice_versa():
    async def check(base, api):
        media_id = (await _upload(base, PNG))[1]["id"]
        assert _error(await _send(base, _template(None))) == 132012
        assert _error(await _send(base, _template(media_id, "daily_panchangam_v2_text"))) == 132012
        assert (await _send(base, _template(media_id)))[0] == 200
        assert (await _send(base, _template(None, "daily_panchangam_v2_text")))[0] == 200

    _with_fake(check)


def test_an_unknown_or_another_numbers_media_id_is_131053():
    async def check(base, api):
        assert _error(await _send(base, _template("1234567890"))) == 131053
        other = (await _upload(base, PNG, number="2000"))[1]["id"]
        assert _error(await _send(base, _template(other))) == 131053

    _with_fake(check, phone_number_id=f"{PHONE_NUMBER_ID},2000")


def _message(n: int, card: Card | None) -> OutgoingMessage:
    return OutgoingMessage(n, f"+9198000000{n:02d}", "en", PARAMETERS, "text", card=card)


def test_the_sender_uploads_each_card_once_and_reuses_its_id_for_every_recipient():
    first, second = Card("a.png", PNG, "A"), Card("b.png", PNG + b"b", "B")
    cards = [first] * 5 + [second] * 3 + [None]

    async def scenario():
        config = fake_config(image_templates=frozenset({CARD_TEMPLATE}), pair_interval=0)
        async with fake_and_sender(
            config, template_name=CARD_TEMPLATE, template_header="image"
        ) as (api, sender):
            results = await sender.send_batch([_message(n, c) for n, c in enumerate(cards)])
            assert [r.outcome for r in results] == [Outcome.SENT] * len(cards)
            assert api.media.listing()["count"] == 2
            sent = [m["payload"]["template"] for m in api.received]
            names = sorted({t["name"] for t in sent})
            assert names == [CARD_TEMPLATE, "daily_panchangam_v2_text"]
            headers = {
                t["components"][0]["parameters"][0]["image"]["id"]
                for t in sent
                if t["name"] == CARD_TEMPLATE
            }
            assert headers == set(api.media.uploads)

    run(scenario())


def test_a_card_meta_forgot_is_uploaded_again_and_the_message_still_goes():
    card = Card("a.png", PNG, "A")

    async def scenario():
        config = fake_config(image_templates=frozenset({CARD_TEMPLATE}), pair_interval=0)
        async with fake_and_sender(
            config, template_name=CARD_TEMPLATE, template_header="image"
        ) as (api, sender):
            await sender.send_batch([_message(1, card)])
            api.media.reset()  # the id expired at Meta
            [result] = await sender.send_batch([_message(2, card)])
            assert result.outcome is Outcome.SENT
            assert api.media.listing()["count"] == 1
            assert api.counts["131053"] == 1

    run(scenario())


def test_a_card_that_cannot_be_uploaded_leaves_the_message_to_go_without_it():
    too_big = Card("big.png", PNG + bytes(6 * 1024 * 1024), "big")

    async def scenario():
        config = fake_config(image_templates=frozenset({CARD_TEMPLATE}), pair_interval=0)
        async with fake_and_sender(
            config, template_name=CARD_TEMPLATE, template_header="image"
        ) as (api, sender):
            [result] = await sender.send_batch([_message(1, too_big)])
            assert result.outcome is Outcome.SENT
            assert [m["payload"]["template"]["name"] for m in api.received] == [
                "daily_panchangam_v2_text"
            ]

    run(scenario())
