"""Each subscriber's month line in their own calendar and language, on the real message: the
broadcast's production content (almanac + renderer) for a ``UserDetail`` in their town.

The expected days are published ones: the solar months' first days from
``tests/almanac/reference/solar/months.csv`` (New Delhi; the days below are mid-month, where
the place cannot matter), and drikpanchang.com's New Delhi page of 1 November 2025
(purnimanta Kartika, Vikram Samvat 2082, Shaka 1947, whose samvatsara is Vishvavasu).
"""

from __future__ import annotations

from datetime import date

import pytest

from lokpanchang.almanac.names import label
from lokpanchang.broadcast.content import almanac_content, subscriber_recipient
from lokpanchang.messages import TemplateRuleError, check_rendering, template_body
from lokpanchang.messages.rules import MAX_BODY_CHARS
from lokpanchang.storage.models import CityDetail, UserDetail

VISHVAVASU = 39  # the samvatsara of Shaka 1947


def _subscriber(city, state, latitude, longitude, language, calendar=None):
    town = CityDetail(
        city=city,
        state=state,
        country="India",
        country_code="IN",
        timezone="Asia/Kolkata",
        latitude=latitude,
        longitude=longitude,
    )
    return UserDetail.at(
        "whatsapp",
        "+919800000001",
        id=1,
        language=language,
        latitude=latitude,
        longitude=longitude,
        timezone="Asia/Kolkata",
        city=town,
        calendar=calendar,
    )


CASES = [
    # Chithirai began 2025-04-14 (Shaka 1947): the 20th is Chithirai 7, Vishvavasu year.
    (
        ("Chennai", "Tamil Nadu", 13.0827, 80.2707, "ta"),
        date(2025, 4, 20),
        f"சித்திரை 7, {label('samvatsara', VISHVAVASU, 'ta')} ஆண்டு",
    ),
    # Chingam began 2025-08-17, Kollam 1201.
    (("Kochi", "Kerala", 9.9312, 76.2673, "ml"), date(2025, 8, 20), "ചിങ്ങം 4, കൊല്ലവർഷം 1201"),
    # Boishakh began 2025-04-15, Bangabda 1432.
    (("Kolkata", "West Bengal", 22.5726, 88.3639, "bn"), date(2025, 4, 20), "বৈশাখ 6, 1432 বঙ্গাব্দ"),
    # drikpanchang.com, New Delhi, 1 November 2025: purnimanta Kartika, Vikram Samvat 2082.
    (
        ("New Delhi", "Delhi", 28.6358, 77.2245, "hi"),
        date(2025, 11, 1),
        f"कार्तिक, विक्रम संवत 2082 {label('samvatsara', VISHVAVASU, 'hi')}",
    ),
]


@pytest.mark.parametrize(("who", "day", "line"), CASES, ids=[case[0][0] for case in CASES])
def test_each_subscriber_gets_their_own_calendars_month_line(who, day, line):
    recipient = subscriber_recipient(_subscriber(*who), day)
    parameters, text = almanac_content(version=2)(recipient)
    assert parameters[7] == line
    assert f": {line}\n" in text  # in the message, after the body's "Month / Samvat" label


@pytest.mark.parametrize(("who", "day", "line"), CASES, ids=[case[0][0] for case in CASES])
def test_the_month_line_keeps_the_whatsapp_rules(who, day, line):
    language = who[4]
    parameters, _ = almanac_content(version=2)(subscriber_recipient(_subscriber(*who), day))
    line_parameter = parameters[7]
    assert line_parameter and "\n" not in line_parameter and "\t" not in line_parameter
    assert "     " not in line_parameter
    assert len(check_rendering(template_body(language, 2), parameters)) <= MAX_BODY_CHARS


def test_a_chosen_calendar_overrides_the_places():
    chennai = _subscriber("Chennai", "Tamil Nadu", 13.0827, 80.2707, "en", calendar="purnimanta")
    parameters, _ = almanac_content()(subscriber_recipient(chennai, date(2025, 11, 1)))
    assert parameters[7].startswith("Kartika, Vikram Samvat 2082 ")
    chennai.calendar = "bengali"
    parameters, _ = almanac_content()(subscriber_recipient(chennai, date(2025, 4, 20)))
    assert parameters[7] == "Boishakh 6, Bangabda 1432"


def test_an_english_reader_in_kerala_gets_the_malayalam_calendar_in_english():
    kochi = _subscriber("Kochi", "Kerala", 9.9312, 76.2673, "en")
    parameters, _ = almanac_content()(subscriber_recipient(kochi, date(2025, 8, 20)))
    assert parameters[7] == "Chingam 4, Kollam 1201"


def test_a_rendering_that_broke_the_rules_would_be_refused():
    # The check above can fail: a line with a newline is refused by the same check.
    with pytest.raises(TemplateRuleError):
        check_rendering(template_body("en"), ("x",) * 7 + ("Chithirai 7,\nyear",))
