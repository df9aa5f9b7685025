"""The conversation on Telegram, and Telegram subscribers in the daily pipeline, on real
databases: sign-up from /start and a shared location, commands with a leading /, linking a
WhatsApp subscriber's chat by its start code, one message per subscriber per day."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from lokpanchang import languages
from lokpanchang.broadcast import SendContext, welcome_send
from lokpanchang.broadcast.content import almanac_content
from lokpanchang.broadcast.notices import send_notices
from lokpanchang.conversation import handle_events
from lokpanchang.delivery.channels import Channels
from lokpanchang.delivery.memory import MemorySender
from lokpanchang.delivery.telegram_inbound import parse_update
from lokpanchang.messages import reply
from lokpanchang.messages.chat_words import CHAT_PHRASES
from lokpanchang.messages.replies import MENU_ORDER, reply_language
from lokpanchang.storage.addresses import at_addresses
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import FOREVER, MessageLog, SubscriptionEvent, UserDetail
from tests.broadcast.helpers import JOINED, add_subscriber
from tests.broadcast.test_sending import plan, run_to_the_end

NOW = datetime(2026, 11, 29, 3, 0, tzinfo=UTC)  # 08:30 in Kolkata: today's 06:30 has passed
UJJAIN = {"latitude": 23.1765, "longitude": 75.7885}
CHAT = 777000111
_ids = iter(range(1, 10**6))


def update(chat: int = CHAT, **message) -> dict:
    person = {"id": chat, "is_bot": False, "first_name": "Asha"}
    body = {"message_id": 1, "from": person, "chat": {"id": chat, "type": "private"}, "date": 1}
    return {"update_id": next(_ids), "message": {**body, **message}}


def handle(url: str, *updates: dict, now: datetime = NOW):
    with transaction(url) as session:
        events = [event for body in updates for event in parse_update(body)]
        return handle_events(session, events, now)


def by_chat(url: str, chat: int = CHAT) -> UserDetail | None:
    with transaction(url) as session:
        return session.scalar(select(UserDetail).where(at_addresses("telegram", [str(chat)])))


def test_start_asks_for_the_location_on_telegram(database_url):
    [answer] = handle(database_url, update(text="/start")).replies
    assert (answer.to, answer.channel, answer.kind) == (str(CHAT), "telegram", "location_request")
    assert answer.text == reply("ask_location", "en") and answer.language == "en"
    assert by_chat(database_url) is None


def test_a_shared_location_subscribes_the_chat_with_no_phone(database_url):
    report = handle(database_url, update(text="/start"), update(location=UJJAIN))
    user = by_chat(database_url)
    assert user is not None and user.address_on("whatsapp") == "" and user.channel == "telegram"
    assert (user.timezone, user.display_name) == ("Asia/Kolkata", "Asha")
    assert report.welcome_user_ids == [user.id]
    confirmation = report.replies[-1]
    assert confirmation.channel == "telegram" and confirmation.text.startswith("You are subscribed")


def test_the_same_update_twice_is_handled_once(database_url):
    body = update(location=UJJAIN)
    handle(database_url, body)
    again = handle(database_url, body)
    assert (again.duplicates, again.replies, again.welcome_user_ids) == (1, [], [])


def test_a_language_name_then_stop_with_a_slash_and_the_bots_name(database_url):
    handle(database_url, update(location=UJJAIN))
    [switched] = handle(database_url, update(text="हिंदी")).replies
    assert switched.language == "hi" and switched.text == reply("language_set", "hi")
    [stopped] = handle(database_url, update(text="/stop@LokPanchangBot")).replies
    assert stopped.text == reply("unsubscribed", "hi")
    assert not by_chat(database_url).is_active(NOW)


def whatsapp_subscriber(url: str, code: str = "code-abc_123", language: str = "ta") -> int:
    with transaction(url) as session:
        user = UserDetail.at(
            "whatsapp", "+15550001234", created_on=NOW - timedelta(days=9), timezone="America/New_York",
            latitude=40.71, longitude=-74.0, language=language, obsoleted_on=FOREVER,
            undeliverable_days=0, link_code=code,
        )  # fmt: skip
        session.add(user)
        session.flush()
        return user.id


def test_a_start_code_links_the_chat_to_the_whatsapp_subscription_once(database_url):
    user_id = whatsapp_subscriber(database_url)
    [linked] = handle(database_url, update(text="/start code-abc_123")).replies
    assert linked.text == reply("linked", "ta") and linked.channel == "telegram"
    with transaction(database_url) as session:
        user = session.get_one(UserDetail, user_id)
        assert (user.channel, user.address_on("telegram"), user.address_on("whatsapp")) == (
            "telegram",
            str(CHAT),
            "+15550001234",
        )
        assert user.link_code is None
        kinds = session.scalars(
            select(SubscriptionEvent.kind).where(SubscriptionEvent.user_id == user_id)
        )
        assert list(kinds) == ["linked"]
    [again] = handle(database_url, update(chat=CHAT + 1, text="/start code-abc_123")).replies
    assert again.text == reply("help", "en") and by_chat(database_url, CHAT + 1) is None


def test_an_unknown_start_code_gets_the_help_and_links_nothing(database_url):
    [answer] = handle(database_url, update(text="/start nobodys-code")).replies
    assert answer.text == reply("help", "en") and by_chat(database_url) is None


def test_the_blocked_notice_offers_the_telegram_link_once_made(make_settings, database_url):
    user_id = whatsapp_subscriber(database_url, code=None, language="hi")
    settings = make_settings(
        database_url=database_url, telegram_bot_token="1:x", telegram_bot_username="LokPanchangBot"
    )
    sender = MemorySender()
    with transaction(database_url) as session:
        user = session.get_one(UserDetail, user_id)
        session.expunge(user)
    send_notices(SendContext(settings, sender, almanac_content()), [user], NOW)
    [notice] = sender.sent
    with transaction(database_url) as session:
        code = session.get_one(UserDetail, user_id).link_code
    assert code and f"https://t.me/LokPanchangBot?start={code}" in notice.text
    assert reply("on_telegram", "hi", link="L").split(":")[0] in notice.text  # in their language
    assert notice.channel == "whatsapp" and notice.to == "+15550001234"


@pytest.fixture
def channels_ctx(make_settings, database_url):
    settings = make_settings(database_url=database_url, batch_size=3)
    whatsapp, telegram = MemorySender(), MemorySender(name="telegram")
    senders = Channels({"whatsapp": whatsapp, "telegram": telegram})
    return SendContext(settings, senders, almanac_content()), whatsapp, telegram


def test_a_telegram_sign_up_after_the_send_time_gets_todays_panchangam_there(channels_ctx):
    ctx, whatsapp, telegram = channels_ctx
    report = handle(ctx.url, update(location=UJJAIN))
    [user_id] = report.welcome_user_ids
    assert welcome_send(user_id, NOW, ctx) == "sent"
    [sent] = telegram.sent
    assert (sent.channel, sent.to) == ("telegram", str(CHAT)) and "Ujjain" in sent.text
    assert whatsapp.sent == []
    assert welcome_send(user_id, NOW + timedelta(minutes=5), ctx) == "already"


def test_a_mixed_zone_sends_each_subscriber_one_message_on_their_channel(channels_ctx):
    ctx, whatsapp, telegram = channels_ctx
    phones = [add_subscriber(ctx.url, "Asia/Kolkata") for _ in range(4)]
    chats = []
    for n in range(3):
        with transaction(ctx.url) as session:
            user = UserDetail.at(
                "telegram", str(9000 + n), timezone="Asia/Kolkata",
                latitude=17.385, longitude=78.486, created_on=JOINED,
            )  # fmt: skip
            session.add(user)
            session.flush()
            chats.append(user.id)
    run_id = plan(ctx.settings)
    assert run_to_the_end(ctx, run_id)
    run_to_the_end(ctx, run_id)  # the run delivered again (a redelivered task) sends nobody again
    assert sorted(m.to for m in telegram.sent) == ["9000", "9001", "9002"]
    assert len(whatsapp.sent) == len(phones) and all(m.to.startswith("+") for m in whatsapp.sent)
    assert all(m.text for m in telegram.sent)  # the plain-text rendering, no template needed
    with transaction(ctx.url) as session:
        rows = session.scalars(select(MessageLog)).all()
    assert sorted(r.user_id for r in rows) == sorted(phones + chats)
    assert {r.status for r in rows} == {"sent"}


def test_a_chat_that_blocked_the_bot_is_disabled_and_sent_no_more(channels_ctx):
    from lokpanchang.delivery.base import Outcome, SendResult

    ctx, _, telegram = channels_ctx
    [user_id] = handle(ctx.url, update(location=UJJAIN)).welcome_user_ids
    telegram.outcomes[str(CHAT)] = SendResult(
        0, Outcome.DISABLE, error_code=403, error_detail="Forbidden: bot was blocked by the user"
    )
    assert welcome_send(user_id, NOW, ctx) == "failed"
    with transaction(ctx.url) as session:
        user = session.get_one(UserDetail, user_id)
        assert not user.is_active(NOW)
        assert user.disabled_reason == "channel error 403: Forbidden: bot was blocked by the user"


def test_a_blocked_whatsapp_subscriber_crosses_over_and_gets_one_message_a_day_there(
    make_settings, database_url
):
    from lokpanchang.storage.models import InboundMessage
    from tests.broadcast.test_sending import BEFORE, KOLKATA_DUE

    settings = make_settings(
        database_url=database_url, telegram_bot_token="1:x", telegram_bot_username="LokPanchangBot"
    )
    whatsapp, telegram = MarketingBlockedToPlusOne(), MemorySender(name="telegram")
    ctx = SendContext(
        settings, Channels({"whatsapp": whatsapp, "telegram": telegram}), almanac_content()
    )
    phone = "+15550001234"
    with transaction(database_url) as session:
        user = UserDetail.at(
            "whatsapp", phone, timezone="Asia/Kolkata", latitude=17.385, longitude=78.486,
            created_on=JOINED, language="hi",
        )  # fmt: skip
        session.add(user)
        session.add(InboundMessage(wa_message_id="wamid.IN1", from_phone=phone, kind="text",
                                   received_at=KOLKATA_DUE - timedelta(hours=1)))  # fmt: skip
        session.flush()
        user_id = user.id
    # Day 1: Meta does not deliver the marketing template to +1; they wrote lately, so the
    # notice goes at once, with their Telegram link.
    assert run_to_the_end(ctx, plan(settings))
    [notice] = whatsapp.sent
    link = next(word for word in notice.text.split() if word.startswith("https://t.me/"))
    code = link.split("start=")[1]
    # They open it: Telegram starts the chat with /start <code>; the chat is theirs now.
    [linked] = handle(database_url, update(text=f"/start {code}")).replies
    assert linked.text == reply("linked", "hi")
    # Day 2: the daily message goes to the chat, once, and nothing more to WhatsApp.
    tomorrow = timedelta(days=1)
    run_id = plan(settings, BEFORE + tomorrow)
    assert run_to_the_end(ctx, run_id, KOLKATA_DUE + tomorrow)
    run_to_the_end(ctx, run_id, KOLKATA_DUE + tomorrow)
    assert [(m.channel, m.to) for m in telegram.sent] == [("telegram", str(CHAT))]
    assert [m.kind for m in whatsapp.sent] == ["text"]  # only the notice
    with transaction(database_url) as session:
        rows = session.scalars(select(MessageLog).where(MessageLog.user_id == user_id)).all()
    assert sorted((r.local_date.day, r.status) for r in rows) == [(10, "blocked"), (11, "sent")]


class MarketingBlockedToPlusOne(MemorySender):
    """WhatsApp as Meta runs it for a marketing template: +1 numbers get no broadcast (131049);
    texts inside a service window go through."""

    def _send_one(self, message):
        from lokpanchang.delivery.base import MessageKind, Outcome, SendResult

        if message.kind is MessageKind.BROADCAST and message.to.startswith("+1"):
            return SendResult(message.ledger_id, Outcome.BLOCK, error_code=131049)
        return super()._send_one(message)


# The word for a phone number, and for a chat, as each reply table writes it.
NUMBER_AND_CHAT = {
    "en": ("number", "chat"),
    "hi": ("नंबर", "चैट"),
    "ta": ("எண்ண", "அரட்டை"),
    "te": ("నంబర్", "చాట్"),
    "kn": ("ಸಂಖ್ಯೆ", "ಚಾಟ್"),
    "ml": ("നമ്പറ", "ചാറ്റ്"),
    "mr": ("क्रमांक", "चॅट"),
    "gu": ("નંબર", "ચેટ"),
    "bn": ("নম্বর", "চ্যাট"),
    "sa": ("सङ्ख्य", "संवाद"),
}


@pytest.mark.parametrize("language", MENU_ORDER)
def test_help_and_erasure_on_telegram_speak_of_the_chat_in_every_language(database_url, language):
    """Issue 25, item 6: on Telegram, help said "DELETE to erase your number": a chat has no
    number of ours. Help, the question before erasing and its answer name the chat."""
    assert reply_language(language) in CHAT_PHRASES, f"no chat words for {language}"
    number, chat = NUMBER_AND_CHAT[reply_language(language)]
    handle(database_url, update(location=UJJAIN))
    if language != "en":
        handle(database_url, update(text=languages.language(language).native_name))
    asked = [
        "/help",
        languages.command_word(language, "delete"),
        languages.command_word(language, "yes"),
    ]
    for word, kind in zip(asked, ("help", "confirm_delete", "deleted"), strict=True):
        [answer] = handle(database_url, update(text=word), now=NOW + timedelta(minutes=1)).replies
        assert number in reply(kind, language) and number not in answer.text, (kind, answer.text)
        assert chat in answer.text, (kind, answer.text)
    assert by_chat(database_url) is None
