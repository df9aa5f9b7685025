"""The Cloud API sender against the fake Cloud API on loopback (real HTTP both ways)."""

from __future__ import annotations

import aiohttp

from lokpanchang.broadcast.context import run_async
from lokpanchang.delivery.base import MessageKind, Outcome, OutgoingMessage
from lokpanchang.delivery.whatsapp import (
    LANGUAGE_CODES,
    WhatsAppSender,
    ledger_id_from_callback,
    template_payload,
)
from lokpanchang.fakes.whatsapp import serve
from lokpanchang.messages import DAILY_TEMPLATE_BODIES
from tests.fakes.support import (
    PHONE_NUMBER_ID,
    TOKEN,
    FakeInThread,
    fake_and_sender,
    fake_config,
    run,
)

PARAMETERS = (
    "Sunday 29 Nov 2026, Ujjain",
    "Shukla Dashami",
    "Revati",
    "Siddhi",
    "Garaja",
    "06:52 / 17:39",
    "16:18-17:39",
    "Margashirsha",
)


def message(ledger_id: int, phone: str = "+919800000001", **values) -> OutgoingMessage:
    return OutgoingMessage(
        ledger_id=ledger_id,
        to=phone,
        language=values.pop("language", "hi"),
        parameters=values.pop("parameters", PARAMETERS),
        **values,
    )


def send(config, messages, **sender_values):
    async def scenario():
        async with fake_and_sender(config, **sender_values) as (api, sender):
            results = await sender.send_batch(messages)
            return api, results

    return run(scenario())


def test_it_sends_the_template_with_the_language_parameters_and_ledger_row():
    api, [result] = send(fake_config(), [message(41)])
    assert result.outcome is Outcome.SENT
    assert result.message_id.startswith("wamid.")
    [received] = api.received
    template = received["payload"]["template"]
    assert (template["name"], template["language"]["code"]) == ("daily_panchangam", "hi")
    assert [p["text"] for p in template["components"][0]["parameters"]] == list(PARAMETERS)
    assert ledger_id_from_callback(received["payload"]["biz_opaque_callback_data"]) == 41
    assert received["to"] == "919800000001"


def test_a_batch_goes_out_concurrently_one_result_per_message_in_order():
    messages = [message(n, phone=f"+91980000{n:04d}") for n in range(50)]
    api, results = send(fake_config(latency_ms=100), messages, concurrency=50)
    assert [r.ledger_id for r in results] == list(range(50))
    assert {r.outcome for r in results} == {Outcome.SENT}
    assert len({r.message_id for r in results}) == 50


def test_unknown_languages_use_the_english_template():
    api, [result] = send(fake_config(), [message(1, language="xx")])
    assert api.received[0]["payload"]["template"]["language"]["code"] == "en"


def test_a_wrong_token_halts():
    _, [result] = send(fake_config(), [message(1)], access_token="wrong")
    assert (result.outcome, result.error_code) == (Outcome.HALT, 190)


def test_a_wrong_phone_number_id_halts():
    _, [result] = send(fake_config(), [message(1)], phone_number_ids=(PHONE_NUMBER_ID + "9",))
    assert (result.outcome, result.error_code) == (Outcome.HALT, 100)


def test_a_wrong_parameter_count_halts_with_132000():
    _, [result] = send(fake_config(), [message(1, parameters=("only one",))])
    assert (result.outcome, result.error_code) == (Outcome.HALT, 132000)


def test_a_parameter_with_a_newline_halts_with_132018():
    bad = ("line\nbreak",) + PARAMETERS[1:]
    _, [result] = send(fake_config(), [message(1, parameters=bad)])
    assert (result.outcome, result.error_code) == (Outcome.HALT, 132018)


def test_an_unknown_template_halts_with_132001():
    _, [result] = send(fake_config(), [message(1, template="nope")])
    assert (result.outcome, result.error_code) == (Outcome.HALT, 132001)


def test_sync_131049_is_blocked_by_policy():
    _, [result] = send(fake_config("+919800000001=sync:131049"), [message(1)])
    assert (result.outcome, result.error_code) == (Outcome.BLOCK, 131049)


def test_sync_130472_skips_and_131050_disables():
    config = fake_config("+919800000001=sync:130472,+919800000002=sync:131050")
    _, results = send(config, [message(1), message(2, phone="+919800000002")])
    assert [(r.outcome, r.error_code) for r in results] == [
        (Outcome.SKIP, 130472),
        (Outcome.DISABLE, 131050),
    ]


def test_account_errors_halt():
    config = fake_config("+919800000001=sync:368,+919800000002=sync:131048")
    _, results = send(config, [message(1), message(2, phone="+919800000002")])
    assert [(r.outcome, r.error_code) for r in results] == [
        (Outcome.HALT, 368),
        (Outcome.HALT, 131048),
    ]


def test_transient_errors_are_retried_until_they_pass():
    for code in (130429, 131056, 4, 80007, 131057):
        config = fake_config(f"+919800000001=sync:{code}*2")
        _, [result] = send(config, [message(1)], max_attempts=4)
        assert (result.outcome, result.extra["attempts"]) == (Outcome.SENT, 3), code


def test_retries_stop_at_the_cap_and_hand_back_retry():
    _, [result] = send(fake_config("+919800000001=sync:130429"), [message(1)], max_attempts=3)
    assert (result.outcome, result.error_code, result.extra["attempts"]) == (
        Outcome.RETRY,
        130429,
        3,
    )


def test_a_non_json_5xx_is_retried():
    _, [result] = send(fake_config("+919800000001=http:502"), [message(1)], max_attempts=2)
    assert (result.outcome, result.extra["attempts"]) == (Outcome.RETRY, 2)
    assert "not JSON" in result.error_detail


def test_a_connection_refused_is_retried_because_nothing_was_sent():
    async def scenario():
        async with fake_and_sender(
            fake_config(), base_url="http://127.0.0.1:9", max_attempts=2
        ) as (_, sender):
            return await sender.send_batch([message(1)])

    [result] = run(scenario())
    assert (result.outcome, result.extra["attempts"]) == (Outcome.RETRY, 2)


def test_a_timeout_after_sending_is_ambiguous_and_not_resent():
    api, [result] = send(fake_config("+919800000001=hang"), [message(1)], timeout=0.5)
    assert result.outcome is Outcome.AMBIGUOUS
    assert len(api.received) == 1  # one request only: never resent blindly


def test_a_dropped_connection_is_ambiguous():
    api, [result] = send(fake_config("+919800000001=drop"), [message(1)])
    assert result.outcome is Outcome.AMBIGUOUS
    assert len(api.received) == 1


def test_the_fake_enforces_the_pair_limit_per_user():
    config = fake_config(pair_burst=1)
    _, results = send(config, [message(1), message(2)], max_attempts=1)
    assert sorted((r.outcome, r.error_code) for r in results) == [
        (Outcome.RETRY, 131056),
        (Outcome.SENT, None),
    ]


def test_the_fake_enforces_its_throughput():
    messages = [message(n, phone=f"+91980000{n:04d}") for n in range(30)]
    _, results = send(fake_config(rate=10), messages, max_attempts=1)
    codes = [r.error_code for r in results]
    assert codes.count(None) == 10 and codes.count(130429) == 20


def test_text_and_location_requests_reach_the_fake():
    async def scenario():
        async with fake_and_sender(fake_config()) as (api, sender):
            text, ask = await sender.send_batch(
                [
                    OutgoingMessage(0, "+919800000001", text="Namaste", kind=MessageKind.TEXT),
                    OutgoingMessage(
                        0, "+919800000002", text="Where?", kind=MessageKind.LOCATION_REQUEST
                    ),
                ]
            )
            return api, text, ask

    api, text, ask = run(scenario())
    assert (text.outcome, ask.outcome) == (Outcome.SENT, Outcome.SENT)
    assert api.received[0]["payload"]["text"]["body"] == "Namaste"
    assert api.received[1]["payload"]["interactive"]["action"]["name"] == "send_location"


def test_one_sender_serves_batches_in_successive_event_loops_paced_through_redis(redis_url):
    import asyncio

    from lokpanchang.delivery.pacing import RedisBucket
    from lokpanchang.delivery.whatsapp import WhatsAppSender
    from tests.fakes.support import FakeInThread

    fake = FakeInThread(fake_config())  # the sender gets a fresh loop per batch, as workers do
    try:
        sender = WhatsAppSender(
            base_url=fake.base_url,
            api_version="v25.0",
            phone_number_ids=(PHONE_NUMBER_ID,),
            access_token="test-token",
            bucket=RedisBucket(redis_url, rate=500),
        )
        first = asyncio.run(sender.send_batch([message(1, phone="+919800000001")]))
        second = asyncio.run(sender.send_batch([message(2, phone="+919800000002")]))
        assert [r.outcome for r in first + second] == [Outcome.SENT, Outcome.SENT]
        assert len(fake.received()) == 2
    finally:
        fake.stop()


class CountingBucket:
    """Paces nothing; records what each acquire was told of the sends ahead of it."""

    def __init__(self) -> None:
        self.told: dict[str, list[int | None]] = {}

    async def acquire(self, key: str = "", ahead: int | None = None) -> None:
        self.told.setdefault(key, []).append(ahead)

    async def release(self) -> None:
        return None


def test_a_batch_tells_the_bucket_how_many_sends_each_number_has_left():
    bucket = CountingBucket()
    numbers = ("4242", "4343")
    messages = [message(n, phone=f"+91980000{n:04d}", via=numbers[n % 3 == 0]) for n in range(6)]
    config = fake_config(phone_number_id=",".join(numbers))
    api, results = send(config, messages, phone_number_ids=numbers, bucket=bucket)
    assert {r.outcome for r in results} == {Outcome.SENT}
    assert {key: sorted(told, reverse=True) for key, told in bucket.told.items()} == {
        "4242": [4, 3, 2, 1],
        "4343": [2, 1],
    }


def test_a_malformed_base_url_halts_instead_of_raising():
    async def scenario():
        async with fake_and_sender(fake_config(), base_url="http://[::1") as (_, sender):
            return await sender.send_batch([message(1)])

    [result] = run(scenario())
    assert result.outcome is Outcome.HALT


def test_the_fake_accepts_every_subscriber_language_the_sender_addresses():
    messages = [
        message(n, phone=f"+91980000{n:04d}", language=language)
        for n, language in enumerate(sorted(LANGUAGE_CODES))
    ]
    api, results = send(fake_config(), messages)
    assert {r.outcome for r in results} == {Outcome.SENT}
    assert {m["payload"]["template"]["language"]["code"] for m in api.received} == set(
        LANGUAGE_CODES.values()
    )


def test_the_fake_knows_exactly_the_languages_with_a_body_sent_under_their_own_code():
    # Sanskrit has a body but Meta no Sanskrit: its template goes under Hindi's code.
    assert fake_config().languages == frozenset(DAILY_TEMPLATE_BODIES) - {"sa"}


def test_the_fake_refuses_a_template_language_with_no_body_with_132001():
    async def scenario():
        runner, port = await serve(fake_config())
        try:
            async with aiohttp.ClientSession() as session:
                url = f"http://127.0.0.1:{port}/v25.0/{PHONE_NUMBER_ID}/messages"
                payload = template_payload("+919800000001", "daily_panchangam", "sa", PARAMETERS)
                async with session.post(
                    url, json=payload, headers={"Authorization": f"Bearer {TOKEN}"}
                ) as response:
                    return await response.json()
        finally:
            await runner.cleanup()

    error = run(scenario())["error"]
    assert error["code"] == 132001
    assert "'sa'" in error["error_data"]["details"]


def people(first: int, last: int) -> list[OutgoingMessage]:
    return [message(n, phone=f"+91980000{n:04d}") for n in range(first, last)]


def batches_of_two(keep_open: bool) -> tuple[int, list]:
    """Two batches of 20 from one sender on one long-lived loop; (connections, results)."""

    async def scenario():
        async with fake_and_sender(fake_config(), concurrency=10, keep_open=keep_open) as (
            api,
            sender,
        ):
            first = await sender.send_batch(people(0, 20))
            second = await sender.send_batch(people(20, 40))
            return api.connections, first + second

    return run(scenario())


def test_a_kept_open_pool_reuses_its_connections_for_the_next_batch():
    connections, results = batches_of_two(keep_open=True)
    assert {r.outcome for r in results} == {Outcome.SENT}
    assert connections <= 10  # the second batch opened none of its own


def test_a_pool_not_kept_open_is_closed_after_each_batch():
    connections, results = batches_of_two(keep_open=False)
    assert {r.outcome for r in results} == {Outcome.SENT}
    assert connections > 10  # each batch opened its own


def test_a_worker_s_sender_keeps_its_pool_between_batches_on_its_thread_loop():
    fake = FakeInThread(fake_config())
    sender = WhatsAppSender(
        base_url=fake.base_url,
        api_version="v25.0",
        phone_number_ids=(PHONE_NUMBER_ID,),
        access_token=TOKEN,
        concurrency=5,
        keep_open=True,
    )
    try:
        for first in (0, 10, 20):  # three batches, as a worker sends them: run_async in turn
            results = run_async(sender.send_batch(people(first, first + 10)))
            assert {r.outcome for r in results} == {Outcome.SENT}
        assert fake.api.connections <= 5
    finally:
        run_async(sender.close())
        fake.stop()
