"""The conversation and status handling, called directly on real databases."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lokpanchang.conversation import handle_webhook
from lokpanchang.messages import reply
from lokpanchang.storage.addresses import at_addresses
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import (
    FOREVER,
    InboundMessage,
    MessageLog,
    SubscriptionEvent,
    UserDetail,
)
from tests.conversation import bodies

NOW = datetime(2026, 11, 29, 3, 0, tzinfo=UTC)
WA_ID = "919800000001"
UJJAIN = (23.1765, 75.7885)


def handle(url: str, body, now: datetime = NOW):
    with transaction(url) as session:
        return handle_webhook(session, body, now)


def user(url: str, phone: str = f"+{WA_ID}") -> UserDetail | None:
    with transaction(url) as session:
        return session.query(UserDetail).filter(at_addresses("whatsapp", [phone])).one_or_none()


def subscriber_with_ledger_row(
    url: str,
    status: str = "sent",
    day: date = date(2026, 11, 29),
    message_id: str = "wamid.OUT1",
    phone: str = f"+{WA_ID}",
) -> int:
    with transaction(url) as session:
        found = session.query(UserDetail).filter(at_addresses("whatsapp", [phone])).one_or_none()
        if found is None:
            found = UserDetail.at(
                "whatsapp",
                phone,
                created_on=NOW,
                timezone="Asia/Kolkata",
                latitude=UJJAIN[0],
                longitude=UJJAIN[1],
                language="en",
                obsoleted_on=FOREVER,
                undeliverable_days=0,
            )
            session.add(found)
            session.flush()
        row = MessageLog(
            user_id=found.id,
            local_date=day,
            status=status,
            whatsapp_message_id=message_id,
            attempts=1,
        )
        session.add(row)
        session.flush()
        return row.id


def ledger(url: str, ledger_id: int) -> MessageLog:
    with transaction(url) as session:
        return session.get_one(MessageLog, ledger_id)


# The conversation ---------------------------------------------------------------------


@pytest.mark.parametrize("word", ["start", "Hi", " START! ", "नमस्ते"])
def test_start_asks_for_the_location(database_url, word):
    report = handle(database_url, bodies.text(WA_ID, word))
    [reply] = report.replies
    assert (reply.to, reply.kind) == (f"+{WA_ID}", "location_request")
    assert user(database_url) is None


def test_a_shared_location_subscribes_and_confirms(database_url):
    report = handle(database_url, bodies.location(WA_ID, *UJJAIN))
    subscriber = user(database_url)
    assert subscriber.obsoleted_on == FOREVER
    assert subscriber.timezone == "Asia/Kolkata"
    assert (subscriber.latitude, subscriber.longitude) == UJJAIN
    assert subscriber.display_name == "Asha"
    assert report.welcome_user_ids == [subscriber.id]
    [reply] = report.replies
    assert reply.kind == "text" and "Asia/Kolkata" in reply.text


def test_latitude_and_longitude_may_come_as_strings(database_url):
    handle(database_url, bodies.location(WA_ID, "40.7128", "-74.0060"))
    assert user(database_url).timezone == "America/New_York"


@pytest.mark.parametrize("latitude, longitude", [("north", "1"), (None, 2), (91, 0), ("nan", 0)])
def test_an_unreadable_location_asks_again_and_stores_nothing(database_url, latitude, longitude):
    report = handle(database_url, bodies.location(WA_ID, latitude, longitude))
    assert "could not be read" in report.replies[0].text
    assert user(database_url) is None


@pytest.mark.parametrize("word", ["stop", "UNSUBSCRIBE", "cancel", "quit", "बंद", "रोको"])
def test_stop_words_unsubscribe_with_a_confirmation(database_url, word):
    handle(database_url, bodies.location(WA_ID, *UJJAIN))
    later = NOW + timedelta(hours=1)
    report = handle(database_url, bodies.text(WA_ID, word), later)
    assert user(database_url).obsoleted_on == later
    assert "unsubscribed" in report.replies[0].text or "बंद" in report.replies[0].text


def test_a_location_after_stop_reactivates_the_same_subscriber(database_url):
    handle(database_url, bodies.location(WA_ID, *UJJAIN))
    first_id = user(database_url).id
    handle(database_url, bodies.text(WA_ID, "stop"), NOW + timedelta(hours=1))
    handle(database_url, bodies.location(WA_ID, *UJJAIN), NOW + timedelta(hours=2))
    subscriber = user(database_url)
    assert (subscriber.id, subscriber.obsoleted_on) == (first_id, FOREVER)
    with transaction(database_url) as session:
        kinds = [e.kind for e in session.query(SubscriptionEvent).order_by(SubscriptionEvent.id)]
    assert kinds == ["subscribed", "stopped", "resumed"]


@pytest.mark.parametrize("word", ["help", "what is this?", ""])
def test_help_and_anything_else_get_the_help_text(database_url, word):
    report = handle(database_url, bodies.text(WA_ID, word))
    assert "STOP" in report.replies[0].text and report.replies[0].kind == "text"


def test_a_wa_id_that_is_no_valid_phone_number_gets_help_and_stores_nothing(database_url):
    report = handle(database_url, bodies.location("15550001111", *UJJAIN))
    assert "STOP" in report.replies[0].text
    assert user(database_url, "+15550001111") is None


def test_the_subscriber_gets_the_city_and_the_whatsapp_number(database_url):
    report = handle(database_url, bodies.location(WA_ID, *UJJAIN))
    subscriber = user(database_url)
    assert (subscriber.city.city, subscriber.address) == ("Ujjain", f"+{WA_ID}")
    assert "Ujjain" in report.replies[0].text


@pytest.mark.parametrize("word, language", [("Hindi", "hi"), ("தமிழ்", "ta"), ("english", "en")])
def test_a_subscriber_chooses_the_language_by_naming_it(database_url, word, language):
    handle(database_url, bodies.location(WA_ID, *UJJAIN))
    report = handle(database_url, bodies.text(WA_ID, word))
    assert user(database_url).language == language
    assert report.replies[0].kind == "text"


def test_a_tamil_subscriber_gets_the_tamil_help_and_stop_confirmation(database_url):
    handle(database_url, bodies.location(WA_ID, *UJJAIN))
    [switched] = handle(database_url, bodies.text(WA_ID, "தமிழ்")).replies
    assert (
        switched.text == reply("language_set", "ta") == ("சரி: இனி உங்கள் பஞ்சாங்கம் தமிழ் மொழியில் வரும்.")
    )
    [helped] = handle(database_url, bodies.text(WA_ID, "HELP")).replies
    assert (helped.kind, helped.text) == ("text", reply("help", "ta"))
    assert "தமிழ்" in helped.text and "STOP" in helped.text
    [stopped] = handle(database_url, bodies.text(WA_ID, "stop"), NOW + timedelta(hours=1)).replies
    assert stopped.text == reply("unsubscribed", "ta")
    assert user(database_url).obsoleted_on == NOW + timedelta(hours=1)


@pytest.mark.parametrize(
    "word, language, answer",
    [
        ("संस्कृत", "sa", "अस्तु: इतः परं भवतः पञ्चाङ्गं संस्कृतम् इति भाषायाम् आगमिष्यति।"),
        ("বাংলা", "bn", "ঠিক আছে: এখন থেকে আপনার পঞ্জিকা বাংলা ভাষায় আসবে।"),
        ("ಕನ್ನಡ", "kn", "ಸರಿ: ಇನ್ನು ಮುಂದೆ ನಿಮ್ಮ ಪಂಚಾಂಗ ಕನ್ನಡ ಭಾಷೆಯಲ್ಲಿ ಬರುತ್ತದೆ."),
    ],
)
def test_naming_a_language_in_its_own_script_switches_and_confirms_in_it(
    database_url, word, language, answer
):
    handle(database_url, bodies.location(WA_ID, *UJJAIN))
    [confirmation] = handle(database_url, bodies.text(WA_ID, word)).replies
    assert (user(database_url).language, confirmation.text) == (language, answer)


@pytest.mark.parametrize(
    "word, language",
    [
        ("ఏమిటి?", "te"),
        ("क्या है?", "hi"),
        ("বাংলা", "bn"),
        ("Hindi", "hi"),
        ("what is this?", "en"),
    ],
)
def test_a_stranger_is_answered_in_the_language_named_or_the_script_written(
    database_url, word, language
):
    [answer] = handle(database_url, bodies.text(WA_ID, word)).replies
    assert answer.text == reply("help", language)
    assert user(database_url) is None


def test_a_stranger_saying_start_in_devanagari_is_asked_in_hindi(database_url):
    [answer] = handle(database_url, bodies.text(WA_ID, "नमस्ते")).replies
    assert (answer.kind, answer.text) == ("location_request", reply("ask_location", "hi"))


@pytest.mark.parametrize(
    "greeting, language",
    [
        ("வணக்கம்", "ta"),
        ("నమస్కారం", "te"),
        ("ನಮಸ್ಕಾರ", "kn"),
        ("നമസ്കാരം!", "ml"),
        ("नमस्कार", "hi"),  # Marathi's greeting; Devanagari reads as Hindi
        ("નમસ્તે", "gu"),
        ("নমস্কার", "bn"),
        ("Vanakkam", "en"),
    ],
)
def test_a_greeting_in_any_language_or_script_starts_a_sign_up(database_url, greeting, language):
    [answer] = handle(database_url, bodies.text(WA_ID, greeting)).replies
    assert (answer.kind, answer.text) == ("location_request", reply("ask_location", language))
    assert "Lokpanchang" in answer.text and "STOP" in answer.text  # who, and how to stop


def test_reactions_and_system_messages_get_no_reply(database_url):
    body = bodies.inbound(
        WA_ID, {"type": "reaction", "reaction": {"emoji": "🙏", "message_id": "wamid.X"}}
    )
    assert handle(database_url, body).replies == []


def test_a_replayed_message_is_handled_once(database_url):
    body = bodies.location(WA_ID, *UJJAIN, id="wamid.SAME")
    first = handle(database_url, body)
    handle(database_url, bodies.text(WA_ID, "stop"), NOW + timedelta(hours=1))
    replay = handle(database_url, body, NOW + timedelta(hours=2))
    assert (len(first.replies), len(replay.replies), replay.duplicates) == (1, 0, 1)
    assert user(database_url).obsoleted_on == NOW + timedelta(hours=1)  # not resubscribed
    with transaction(database_url) as session:
        assert session.query(InboundMessage).count() == 2


# Status updates -------------------------------------------------------------------------


def test_statuses_move_the_ledger_forward(database_url):
    ledger_id = subscriber_with_ledger_row(database_url)
    for state in ("delivered", "read"):
        handle(database_url, bodies.status(state, callback=f"message_log:{ledger_id}"))
    row = ledger(database_url, ledger_id)
    assert (row.status, row.delivered_at, row.read_at) == ("read", NOW, NOW)


def test_reordered_and_replayed_statuses_never_go_back(database_url):
    ledger_id = subscriber_with_ledger_row(database_url)
    for state in ("read", "delivered", "sent", "delivered"):
        handle(database_url, bodies.status(state, callback=f"message_log:{ledger_id}"))
    assert ledger(database_url, ledger_id).status == "read"


def test_a_status_without_callback_data_finds_the_row_by_message_id(database_url):
    ledger_id = subscriber_with_ledger_row(database_url, message_id="wamid.XYZ")
    handle(database_url, bodies.status("delivered", message_id="wamid.XYZ"))
    assert ledger(database_url, ledger_id).status == "delivered"


def test_a_status_resolves_an_ambiguous_send(database_url):
    ledger_id = subscriber_with_ledger_row(database_url, status="ambiguous", message_id=None)
    handle(
        database_url,
        bodies.status("sent", message_id="wamid.LATE", callback=f"message_log:{ledger_id}"),
    )
    row = ledger(database_url, ledger_id)
    assert (row.status, row.whatsapp_message_id) == ("sent", "wamid.LATE")


def test_a_status_for_an_unknown_message_is_ignored(database_url):
    report = handle(database_url, bodies.status("read", message_id="wamid.NOPE"))
    assert (report.statuses_applied, report.statuses_ignored) == (0, 1)


def test_131026_disables_after_three_consecutive_days(database_url):
    for offset in range(3):
        day = date(2026, 11, 27 + offset)
        ledger_id = subscriber_with_ledger_row(database_url, day=day, message_id=f"wamid.D{offset}")
        body = bodies.status("failed", f"wamid.D{offset}", f"message_log:{ledger_id}", 131026)
        handle(database_url, body)
        handle(database_url, body)  # Meta retries: the same day counts once
        assert user(database_url).is_active(NOW) is (offset < 2)
    subscriber = user(database_url)
    assert subscriber.undeliverable_days == 3
    assert "131026" in subscriber.disabled_reason
    assert ledger(database_url, ledger_id).error_code == 131026


def test_a_delivery_resets_the_undeliverable_count(database_url):
    first = subscriber_with_ledger_row(database_url, day=date(2026, 11, 27), message_id="wamid.A")
    handle(database_url, bodies.status("failed", "wamid.A", f"message_log:{first}", 131026))
    second = subscriber_with_ledger_row(database_url, day=date(2026, 11, 28), message_id="wamid.B")
    handle(database_url, bodies.status("delivered", "wamid.B", f"message_log:{second}"))
    assert user(database_url).undeliverable_days == 0


def test_131050_disables_until_the_user_resumes(database_url):
    ledger_id = subscriber_with_ledger_row(database_url)
    handle(database_url, bodies.status("failed", callback=f"message_log:{ledger_id}", code=131050))
    assert not user(database_url).is_active(NOW)
    handle(database_url, bodies.preference(WA_ID, "resume"), NOW + timedelta(hours=1))
    assert user(database_url).obsoleted_on == FOREVER


def test_user_preferences_stop_disables_but_resume_does_not_undo_a_stop_command(database_url):
    subscriber_with_ledger_row(database_url)
    handle(database_url, bodies.preference(WA_ID, "stop"))
    assert not user(database_url).is_active(NOW)
    handle(database_url, bodies.text(WA_ID, "stop"), NOW + timedelta(minutes=1))
    handle(database_url, bodies.location(WA_ID, *UJJAIN), NOW + timedelta(minutes=2))
    handle(database_url, bodies.text(WA_ID, "stop"), NOW + timedelta(minutes=3))
    handle(database_url, bodies.preference(WA_ID, "resume"), NOW + timedelta(minutes=4))
    assert not user(database_url).is_active(NOW + timedelta(minutes=5))


def test_a_failure_after_delivery_does_not_undo_it(database_url):
    ledger_id = subscriber_with_ledger_row(database_url, status="delivered")
    handle(database_url, bodies.status("failed", callback=f"message_log:{ledger_id}", code=131026))
    assert ledger(database_url, ledger_id).status == "delivered"
    assert user(database_url).undeliverable_days == 0


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "entry",
                    "changes",
                    "value",
                    "messages",
                    "statuses",
                    "from",
                    "id",
                    "type",
                    "text",
                    "body",
                    "location",
                    "latitude",
                    "longitude",
                    "status",
                    "biz_opaque_callback_data",
                    "errors",
                    "code",
                    "user_preferences",
                    "wa_id",
                    "value",
                    "category",
                    "contacts",
                    "profile",
                    "x",
                ]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=30,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=json_values)
def test_no_body_shape_makes_the_handler_raise(sqlite_migrated, body):
    handle(sqlite_migrated, body)
    handle(sqlite_migrated, bodies.envelope({"messages": [body], "statuses": [body]}))


@pytest.fixture
def sqlite_migrated(sqlite_url):
    from lokpanchang.storage import migrate

    migrate.upgrade(sqlite_url)
    return sqlite_url


def test_a_stranger_who_wrote_in_tamil_subscribes_in_tamil(database_url):
    handle(database_url, bodies.text(WA_ID, "வணக்கம்"))
    report = handle(database_url, bodies.location(WA_ID, *UJJAIN), NOW + timedelta(minutes=2))
    assert user(database_url).language == "ta"
    [confirmation] = report.replies
    assert confirmation.text.startswith("உங்கள் சந்தா தொடங்கியது")


def test_the_latest_language_named_wins_and_latin_words_do_not_undo_it(database_url):
    handle(database_url, bodies.text(WA_ID, "தமிழ்"))
    handle(database_url, bodies.text(WA_ID, "ಕನ್ನಡ"), NOW + timedelta(minutes=1))
    handle(database_url, bodies.text(WA_ID, "start"), NOW + timedelta(minutes=2))
    handle(database_url, bodies.location(WA_ID, *UJJAIN), NOW + timedelta(minutes=3))
    assert user(database_url).language == "kn"


def test_words_older_than_a_day_or_from_others_do_not_choose_the_language(database_url):
    handle(database_url, bodies.text(WA_ID, "வணக்கம்"))
    handle(database_url, bodies.text("919800000002", "বাংলা"))
    handle(database_url, bodies.location(WA_ID, *UJJAIN), NOW + timedelta(days=1, minutes=1))
    assert user(database_url).language == "en"


def test_a_subscriber_keeps_their_language_when_sharing_a_location_again(database_url):
    handle(database_url, bodies.location(WA_ID, *UJJAIN))
    handle(database_url, bodies.text(WA_ID, "hindi"))
    handle(database_url, bodies.text(WA_ID, "வணக்கம்"))  # Tamil words, not a command
    handle(database_url, bodies.location(WA_ID, 13.08, 80.27), NOW + timedelta(minutes=5))
    assert user(database_url).language == "hi"


def test_a_subscriber_is_pinned_to_the_number_they_wrote_to_and_answered_from_it(database_url):
    report = handle(database_url, bodies.location(WA_ID, *UJJAIN))  # to our number "42"
    assert user(database_url).number_id == "42"
    assert {reply.via for reply in report.replies} == {"42"}
    [help_reply] = handle(database_url, bodies.text(WA_ID, "help")).replies
    assert (help_reply.to, help_reply.via) == (f"+{WA_ID}", "42")


def test_a_point_at_sea_is_confirmed_near_its_far_town_in_the_zone_as_an_offset(database_url):
    # The case: the nearest town is 1,797 km away, the zone Etc/GMT+9 (UTC-9).
    report = handle(database_url, bodies.location(WA_ID, 30.0, -140.0))
    [confirmation] = report.replies
    assert "near Sea Ranch (1,797 km)" in confirmation.text
    assert "UTC−09:00" in confirmation.text and "Etc/GMT" not in confirmation.text
    assert user(database_url).timezone == "Etc/GMT+9"  # stored as the IANA name still
