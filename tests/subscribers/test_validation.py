"""What a subscriber gives us is checked and normalised, with errors naming the value."""

from __future__ import annotations

import re
from datetime import time

import pytest

from lokpanchang.subscribers import LANGUAGES, new_subscriber, normalise_phone


@pytest.mark.parametrize(
    ("written", "e164"),
    [
        ("+91 98765 43210", "+919876543210"),
        ("0091-98765-43210", "+919876543210"),
        ("98765 43210", "+919876543210"),  # no +: read as an Indian number
        ("+1 (212) 555-0199", "+12125550199"),
        ("+44 20 7946 0123", "+442079460123"),
    ],
)
def test_phones_are_normalised_to_e164(written, e164):
    assert normalise_phone(written) == e164


@pytest.mark.parametrize("bad", ["12345", "+1 555", "phone", "", "+91 02345 67890"])
def test_invalid_phones_are_refused_naming_the_value(bad):
    with pytest.raises(ValueError, match=re.escape(f"phone {bad!r}")):
        normalise_phone(bad)


def test_without_a_default_region_the_plus_is_required():
    with pytest.raises(ValueError, match="98765 43210"):
        normalise_phone("98765 43210", default_region=None)


def test_defaults_are_english_at_0630():
    subscriber = new_subscriber("+919876543210", "28.6", "77.2")
    assert (subscriber.language, subscriber.send_time, subscriber.name) == ("en", time(6, 30), "")


def test_language_and_send_time_are_normalised():
    subscriber = new_subscriber("+919876543210", 28.6, 77.2, " Asha  Rao ", "TA", "5:45")
    assert (subscriber.name, subscriber.language, subscriber.send_time) == (
        "Asha Rao",
        "ta",
        time(5, 45),
    )


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("language", "fr", "language 'fr'"),
        ("send_time", "25:00", "'25:00'"),
        ("send_time", "6.30", "'6.30'"),
        ("latitude", "95", "latitude '95'"),
        ("longitude", "east", "longitude 'east'"),
    ],
)
def test_bad_fields_are_refused_naming_the_value(field, value, named):
    values = {"address": "+919876543210", "latitude": 28.6, "longitude": 77.2, field: value}
    with pytest.raises(ValueError, match=named):
        new_subscriber(**values)


def test_all_ten_languages_are_accepted():
    assert [
        new_subscriber("+919876543210", 0, 0, language=code).language for code in LANGUAGES
    ] == list(LANGUAGES)
