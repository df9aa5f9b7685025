"""The subscriber's side (issue 14, items 1-2): every answer knows who is asking, and the
commands do what they say. Real databases (SQLite and PostgreSQL), the handler called directly."""

from __future__ import annotations

import struct
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

import pytest
from sqlalchemy import text

from lokpanchang.almanac import DRIK, generate_panchangam_with_timezone
from lokpanchang.almanac.calendars.kinds import default_calendar
from lokpanchang.almanac.sunrise_times import sunrise_send_time
from lokpanchang.broadcast import SendContext, welcome_send
from lokpanchang.broadcast.content import (
    DatabaseStore,
    almanac_content,
    place_key,
    store_key,
    subscriber_recipient,
)
from lokpanchang.conversation import handle_webhook
from lokpanchang.delivery.memory import MemorySender
from lokpanchang.messages import render_daily, reply
from lokpanchang.storage import erasure
from lokpanchang.storage.addresses import at_addresses
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import InboundMessage, MessageLog, NoticeLog, UserDetail
from tests.conversation import bodies

NOW = datetime(2026, 12, 1, 3, 0, tzinfo=UTC)  # 08:30 in Delhi
WA_ID = "919800000002"
DELHI = (28.6358, 77.2245)


def say(url: str, text: str, now: datetime = NOW, wa_id: str = WA_ID) -> list[str]:
    with transaction(url) as session:
        return [r.text for r in handle_webhook(session, bodies.text(wa_id, text), now).replies]


def share(url: str, where=DELHI, now: datetime = NOW, wa_id: str = WA_ID) -> None:
    with transaction(url) as session:
        handle_webhook(session, bodies.location(wa_id, *where), now)


def subscriber(url: str, wa_id: str = WA_ID) -> UserDetail | None:
    with transaction(url) as session:
        found = (
            session.query(UserDetail).filter(at_addresses("whatsapp", [f"+{wa_id}"])).one_or_none()
        )
        if found is not None:
            session.expunge(found)
        return found


# Delhi as each reader's script writes it (GeoNames' alternate names; issue 25, item 2).
DELHI_NAMED = {"en": "Delhi", "hi": "दिल्ली", "ta": "தில்லி", "ml": "ഡെൽഹി", "bn": "দিল্লি"}


def delhi_text(day: date, language: str = "en", calendar: str = "") -> str:
    """The day in Delhi as the message writes it; ``calendar`` defaults to the language's
    (Delhi's state gives none: purnimanta, or the language's own)."""
    named = DELHI_NAMED[language]
    found = generate_panchangam_with_timezone(
        *DELHI, "Asia/Kolkata", day, city=named, lang=language, include_muhurtas=False
    )
    calendar = calendar or str(default_calendar(language, "IN", "Delhi"))
    return render_daily(found, language, named, 0.0, version=2, calendar=calendar).text


def test_a_subscriber_who_says_start_again_is_told_what_they_get_and_when(database_url):
    share(database_url)
    [answer] = say(database_url, "start")
    assert answer.startswith("You are already subscribed")
    assert "Delhi" in answer and "at 06:30" in answer and "Asia/Kolkata" in answer


def test_stop_knows_a_stranger_from_a_subscriber_and_from_someone_who_stopped(database_url):
    assert say(database_url, "stop") == [reply("not_subscribed")]
    assert subscriber(database_url) is None
    share(database_url)
    assert say(database_url, "stop") == [reply("unsubscribed")]
    assert say(database_url, "stop", NOW + timedelta(minutes=1)) == [reply("already_stopped")]


def test_tomorrow_answers_with_tomorrows_panchangam_for_their_place(database_url):
    share(database_url)
    [answer] = say(database_url, "tomorrow")
    assert answer == delhi_text(date(2026, 12, 2))
    assert answer.startswith("Panchangam for Wednesday 2 Dec 2026, Delhi")


@pytest.mark.parametrize(
    "text, language",
    [("yesterday", "en"), ("बीता कल", "hi"), ("நேற்று", "ta"), ("ഇന്നലെ", "ml"), ("গতকাল", "bn")],
)
def test_yesterday_in_any_language_answers_with_yesterdays_panchangam(database_url, text, language):
    """Issue 25, item 6: 'yesterday' (and its word in each language) was not understood."""
    share(database_url)
    assert say(database_url, text)[0] == delhi_text(date(2026, 11, 30))


@pytest.mark.parametrize("text", ["2026-12-25", "25 Dec", "25 december"])
def test_a_date_answers_with_that_days_panchangam(database_url, text):
    share(database_url)
    assert say(database_url, text) == [delhi_text(date(2026, 12, 25))]


def test_today_in_their_language_answers_in_it(database_url):
    share(database_url)
    say(database_url, "தமிழ்")
    assert say(database_url, "இன்று") == [delhi_text(date(2026, 12, 1), "ta")]


@pytest.mark.parametrize("text, named", [("2026-02-30", "2026-02-30"), ("31 Feb", "31 Feb")])
def test_a_malformed_date_gets_a_reply_that_names_it(database_url, text, named):
    share(database_url)
    [answer] = say(database_url, text)
    assert answer == reply("bad_date", text=named) and f"“{named}”" in answer


def test_a_stranger_asking_for_a_day_is_asked_to_sign_up(database_url):
    assert say(database_url, "tomorrow") == [reply("need_location")]


def test_unknown_words_get_the_help(database_url):
    share(database_url)
    assert say(database_url, "what can you do") == [reply("help")]


def test_time_sets_the_daily_send_time(database_url):
    share(database_url)
    [answer] = say(database_url, "time 05:45")
    assert subscriber(database_url).send_time == time(5, 45)
    assert "at 05:45" in answer and "Asia/Kolkata" in answer
    assert say(database_url, "time 25:99") == [reply("bad_time", text="25:99")]
    assert subscriber(database_url).send_time == time(5, 45)


def test_sunrise_sets_the_send_time_to_the_next_sunrise_and_time_undoes_it(database_url):
    share(database_url)
    [answer] = say(database_url, "sunrise+30")
    user = subscriber(database_url)
    expected = sunrise_send_time(28.6, 77.2, "Asia/Kolkata", date(2026, 12, 2), DRIK, 30)
    assert (user.sunrise_offset, user.send_time) == (30, expected)
    assert user.sunrise_due_at == datetime.combine(date(2026, 12, 2), expected).replace(
        tzinfo=UTC
    ) - timedelta(hours=5, minutes=30)
    assert "30 minutes after sunrise" in answer and f"2 Dec 2026 {expected:%H:%M}" in answer
    say(database_url, "time 06:00")
    user = subscriber(database_url)
    assert (user.sunrise_offset, user.sunrise_due_at, user.send_time) == (None, None, time(6))


def test_sunrise_after_todays_message_went_names_tomorrows_time(make_settings, database_url):
    """Issue 25, item 6: signed up at 06:47 in Delhi (after 06:30, so today's panchangam came
    at once), 'sunrise' answered "Next: 2 Dec 06:56", a slot that sends nothing (today's
    message has gone): the reply names tomorrow's time, and that is the slot kept."""
    at_0647 = datetime(2026, 12, 2, 1, 17, tzinfo=UTC)
    ctx = SendContext(make_settings(database_url=database_url), MemorySender(), almanac_content())
    share(database_url, now=at_0647)
    assert welcome_send(subscriber(database_url).id, at_0647, ctx) == "sent"
    [answer] = say(database_url, "sunrise", at_0647 + timedelta(minutes=1))
    tomorrow = sunrise_send_time(28.6, 77.2, "Asia/Kolkata", date(2026, 12, 3), DRIK)
    assert f"Next: 3 Dec 2026 {tomorrow:%H:%M}." in answer
    user = subscriber(database_url)
    assert (user.send_time, user.sunrise_due_at.date()) == (tomorrow, date(2026, 12, 3))


def test_sunrise_where_the_sun_does_not_rise_says_the_polar_rule(database_url):
    share(database_url, (69.65, 18.96))  # Tromsø in polar night
    answers = say(database_url, "sunrise")
    assert subscriber(database_url).send_time == time(6, 30)
    assert answers[1] == reply("sunrise_polar", date="1 Dec 2026") or answers[1] == reply(
        "sunrise_polar", date="2 Dec 2026"
    )


def test_status_names_place_zone_time_language_and_channel(database_url):
    share(database_url)
    say(database_url, "hindi")
    [answer] = say(database_url, "स्थिति")
    for value in ("दिल्ली", "Asia/Kolkata", "06:30", "हिंदी", "WhatsApp", "चालू"):
        assert value in answer, value


def test_next_ekadashi_and_festivals_list_what_comes_at_their_place(database_url):
    share(database_url)
    [ekadashi] = say(database_url, "next ekadashi")
    assert ekadashi.startswith("The next Ekadashi at Delhi:")
    assert "Ekadashi" in ekadashi.splitlines()[1] and "parana" in ekadashi
    [festivals] = say(database_url, "festivals")
    lines = festivals.splitlines()
    assert lines[0] == "Festivals and vrats coming at Delhi:" and len(lines) >= 3


def test_pause_stops_the_daily_message_for_that_many_days(database_url):
    share(database_url)
    [answer] = say(database_url, "pause 7")
    assert subscriber(database_url).paused_until == date(2026, 12, 7)
    assert answer == reply("paused", date="7 Dec 2026", resume="8 Dec 2026")
    assert "Paused until 7 Dec 2026." in say(database_url, "status")[0]
    say(database_url, "start")
    assert subscriber(database_url).paused_until is None
    assert say(database_url, "pause 1000") == [reply("bad_pause", text="1000")]


def test_yes_erases_only_after_delete_and_only_soon_after(database_url):
    share(database_url)
    assert say(database_url, "yes") == [reply("help")]
    assert say(database_url, "delete") == [reply("confirm_delete")]
    late = NOW + timedelta(minutes=16)
    assert say(database_url, "yes", late) == [reply("help")]
    assert subscriber(database_url) is not None
    say(database_url, "delete", late)
    assert say(database_url, "yes", late + timedelta(minutes=1)) == [reply("deleted")]
    assert subscriber(database_url) is None
    assert say(database_url, "status", late + timedelta(minutes=2)) == [reply("need_location")]


SEA_POINT = (28.61234, 77.20987)  # where no town is


def rows_as_text(url: str) -> str:
    """Every row of every table, as text (PostgreSQL's row-to-text, SQLite's file bytes)."""
    if url.startswith("sqlite"):
        path = Path(url.removeprefix("sqlite:///"))
        files = path.parent.glob(path.name + "*")
        return " ".join(f.read_bytes().decode("latin-1") for f in files if f.is_file())
    with transaction(url) as session:
        tables = session.execute(
            text("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        ).scalars()
        return " ".join(
            str(row)
            for table in list(tables)
            for row in session.execute(text(f'SELECT t::text FROM "{table}" t')).scalars()
        )


def add_neighbours(url: str, count: int) -> None:
    """Other subscribers, so that the pages freed by an erasure are shared with live rows."""
    with transaction(url) as session:
        session.add_all(
            UserDetail.at("whatsapp", f"+9198{n:08d}", timezone="Asia/Kolkata", created_on=NOW)
            for n in range(count)
            if f"9198{n:08d}" != WA_ID  # their numbers sort on both sides of it
        )


def test_delete_and_yes_leave_no_trace_of_the_number_or_place(database_url):
    add_neighbours(database_url, 1000)
    share(database_url, SEA_POINT)
    say(database_url, "tomorrow")
    say(database_url, "sunrise")
    with transaction(database_url) as session:  # today's panchangam, prepared for their place
        user = session.query(UserDetail).filter(at_addresses("whatsapp", [f"+{WA_ID}"])).one()
        store = DatabaseStore(database_url)
        value = generate_panchangam_with_timezone(*SEA_POINT, "Asia/Kolkata", NOW.date())
        key = store_key(place_key(subscriber_recipient(user, NOW.date())))
        user_id = user.id
    store.save({key: (NOW.date(), value.to_dict())})
    add_ledger_row(database_url, user_id)
    found = rows_as_text(database_url)
    assert WA_ID in found and "28.61" in found  # the check sees them while they are there
    erasure.compact(database_url)  # as SQLite does by itself in time: now in the main file
    say(database_url, "delete")
    assert say(database_url, "yes") == [reply("deleted")]
    erasure.compact(database_url)
    found = rows_as_text(database_url)
    assert WA_ID not in found and "28.61" not in found and "77.20" not in found
    if database_url.startswith("sqlite"):
        for value in SEA_POINT:
            assert struct.pack(">d", value).decode("latin-1") not in found
    with transaction(database_url) as session:  # the counts stay
        assert session.query(MessageLog).filter_by(user_id=user_id).count() == 1
        assert session.query(InboundMessage).count() == 5
        erased = session.get(UserDetail, user_id)
        assert (erased.address_on("whatsapp"), erased.latitude, erased.timezone) == (
            f"erased-{user_id}",
            None,
            None,
        )


def add_ledger_row(url: str, user_id: int) -> None:
    with transaction(url) as session:
        session.add(
            MessageLog(
                user_id=user_id,
                local_date=NOW.date(),
                timezone="Asia/Kolkata",
                status="sent",
                whatsapp_message_id=f"wamid.{WA_ID}",
                error_detail=f"to +{WA_ID}",
            )
        )
        session.add(  # the notice that a message was blocked, in its own ledger
            NoticeLog(
                user_id=user_id,
                occasion=1,
                status="sent",
                created_at=NOW,
                whatsapp_message_id=f"wamid.{WA_ID}",
                error_detail=f"to +{WA_ID}",
            )
        )


def test_the_sunrise_reply_names_the_minute_the_message_prints(database_url):
    """Issue 25, item 6: in Delhi the reply said 06:57 while the panchangam said sunrise
    06:56. The reply's time is the sunrise line of the message it promises."""
    on_30_november = NOW - timedelta(days=1)  # 1 December's sunrise is at 06:56:16
    share(database_url, now=on_30_november)
    [answer] = say(database_url, "sunrise", on_30_november)
    [tomorrow] = say(database_url, "tomorrow", on_30_november)
    printed = tomorrow.split("Sunrise / Sunset: ")[1][:5]
    assert f"Next: 1 Dec 2026 {printed}." in answer


def test_replies_name_the_town_in_the_readers_script(database_url):
    """Issue 25, item 2: a Malayalam reader in Kochi read "Kochi" in Latin letters; GeoNames
    writes it കൊച്ചി. The day's panchangam and the status reply both name it so."""
    share(database_url, (9.9312, 76.2673))
    say(database_url, "മലയാളം")
    [today] = say(database_url, "ഇന്ന്")
    assert today.splitlines()[0].endswith("കൊച്ചി")
    [status] = say(database_url, "നില")
    assert "കൊച്ചി" in status and "Kochi" not in status
