"""``calendar <name>`` (issue 22): a subscriber chooses their month line's calendar, in any of
the ten languages; a name we do not reckon gets a reply naming it, in their language, and
changes nothing. Real databases, the handler called directly."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from lokpanchang import languages
from lokpanchang.messages import reply
from tests.conversation.test_dialogue import NOW, delhi_text, say, share, subscriber

CHENNAI = (13.0827, 80.2707)

# (a word that switches to the language, "calendar tamil" as a reader of it writes it)
IN_EVERY_LANGUAGE = {
    "en": ("english", "calendar tamil"),
    "hi": ("हिंदी", "कैलेंडर तमिल"),
    "sa": ("संस्कृतम्", "कैलेंडर तमिल"),
    "ta": ("தமிழ்", "நாட்காட்டி தமிழ்"),
    "te": ("తెలుగు", "క్యాలెండర్ తమిళ"),
    "kn": ("ಕನ್ನಡ", "ಕ್ಯಾಲೆಂಡರ್ ತಮಿಳು"),
    "ml": ("മലയാളം", "കലണ്ടർ തമിഴ്"),
    "mr": ("मराठी", "दिनदर्शिका तमिळ"),
    "gu": ("ગુજરાતી", "કેલેન્ડર તમિલ"),
    "bn": ("বাংলা", "ক্যালেন্ডার তামিল"),
}


def test_every_language_is_covered():
    assert set(IN_EVERY_LANGUAGE) == set(languages.CODES)


@pytest.mark.parametrize("language", languages.CODES)
def test_calendar_tamil_in_every_language_chooses_the_tamil_calendar(database_url, language):
    switch, command = IN_EVERY_LANGUAGE[language]
    share(database_url)
    say(database_url, switch)
    assert subscriber(database_url).language == language
    [answer] = say(database_url, command)
    assert subscriber(database_url).calendar == "tamil"
    assert answer.startswith(reply("calendar_set", language, calendar="§", line="§").split("§")[0])
    assert languages.calendar_name(language, "tamil") in answer


def test_the_answer_gives_todays_month_line_and_later_days_carry_it(database_url):
    # Vrischikam 1201 began on 17 November 2025 (reference/solar/months.csv, New Delhi).
    then = datetime(2025, 12, 1, 3, 0, tzinfo=UTC)
    share(database_url, now=then)
    [answer] = say(database_url, "calendar malayalam", then)
    assert answer.endswith("Today: Vrischikam 15, Kollam 1201")
    assert say(database_url, "tomorrow", then) == [
        delhi_text(date(2025, 12, 2), calendar="malayalam")
    ]
    assert "Vrischikam 16, Kollam 1201" in delhi_text(date(2025, 12, 2), calendar="malayalam")


def test_a_calendar_we_do_not_reckon_is_named_in_their_language_and_nothing_changes(
    database_url,
):
    share(database_url, CHENNAI)
    say(database_url, "தமிழ்")
    [answer] = say(database_url, "calendar martian")
    assert answer == reply("bad_calendar", "ta", text="martian")
    assert "“martian”" in answer and "நாட்காட்டி" in answer and "ஒடியா" in answer
    assert subscriber(database_url).calendar is None


def test_calendar_alone_says_which_calendar_they_read(database_url):
    share(database_url, CHENNAI)
    [answer] = say(database_url, "calendar")
    # Chennai is in Tamil Nadu: an English reader there gets the Tamil calendar by default.
    assert answer == reply("calendar_is", "en", calendar="Tamil")


def test_a_stranger_choosing_a_calendar_is_asked_to_sign_up(database_url):
    assert say(database_url, "calendar tamil") == [reply("need_location")]


def test_the_choice_is_kept_through_a_language_change(database_url):
    share(database_url)
    say(database_url, "calendar odia", NOW)
    say(database_url, "हिंदी")
    assert subscriber(database_url).calendar == "odia"
