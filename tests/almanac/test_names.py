"""Element names in English (drikpanchang.com spelling) and nine Indian languages."""

from __future__ import annotations

import pytest

from lokpanchang.almanac.names import SUPPORTED_LANGUAGES, label, names

SCRIPT_BLOCKS = {
    "hi": (0x0900, 0x097F),
    "sa": (0x0900, 0x097F),
    "mr": (0x0900, 0x097F),
    "bn": (0x0980, 0x09FF),
    "gu": (0x0A80, 0x0AFF),
    "ta": (0x0B80, 0x0BFF),
    "te": (0x0C00, 0x0C7F),
    "kn": (0x0C80, 0x0CFF),
    "ml": (0x0D00, 0x0D7F),
}
COUNTS = {
    "vara": 7,
    "paksha": 2,
    "tithi": 30,
    "nakshatra": 27,
    "yoga": 27,
    "karana": 60,
    "masa": 12,
    "ritu": 6,
    "samvatsara": 60,
    "ayana": 2,
}


@pytest.mark.parametrize(
    ("kind", "number", "expected"),
    [
        ("tithi", 16, "Krishna Pratipada"),
        ("tithi", 10, "Shukla Dashami"),
        ("tithi", 15, "Purnima"),
        ("tithi", 30, "Amavasya"),
        ("nakshatra", 1, "Ashwini"),
        ("nakshatra", 25, "Purva Bhadrapada"),
        ("yoga", 1, "Vishkambha"),
        ("yoga", 27, "Vaidhriti"),
        ("karana", 1, "Kimstughna"),
        ("karana", 4, "Kaulava"),
        ("karana", 8, "Vishti"),
        ("karana", 57, "Vishti"),
        ("karana", 58, "Shakuni"),
        ("karana", 59, "Chatushpada"),
        ("karana", 60, "Naga"),
        ("vara", 1, "Sunday"),
        ("masa", 1, "Chaitra"),
        ("samvatsara", 1, "Prabhava"),
        ("samvatsara", 60, "Akshaya"),
    ],
)
def test_english_names_follow_drikpanchang_spelling(kind, number, expected):
    assert label(kind, number, "en") == expected


@pytest.mark.parametrize("lang", sorted(SCRIPT_BLOCKS))
def test_every_name_is_written_in_the_languages_script(lang):
    low, high = SCRIPT_BLOCKS[lang]
    for kind, count in COUNTS.items():
        for number in range(1, count + 1):
            text = label(kind, number, lang)
            letters = [char for char in text if not char.isspace()]
            assert letters and all(low <= ord(char) <= high for char in letters), (kind, number)


def test_languages_differ_where_their_words_differ():
    assert label("vara", 3, "hi") == "मंगलवार"
    assert label("vara", 3, "mr") == "मंगळवार"
    assert label("nakshatra", 6, "ta") == "திருவாதிரை"
    assert label("tithi", 16, "te") == "కృష్ణ పాడ్యమి"
    assert label("tithi", 16, "ta") == "தேய்பிறை பிரதமை"
    assert label("ritu", 1, "ta") == "வஸந்த"


def test_an_unknown_language_is_refused_with_the_supported_codes():
    with pytest.raises(ValueError, match="'xx'.*en, hi, sa, ta, te, kn, ml, mr, gu, bn"):
        label("tithi", 1, "xx")
    with pytest.raises(ValueError, match="'fr'"):
        names("fr")


def test_out_of_range_numbers_and_kinds_are_refused():
    with pytest.raises(ValueError, match="tithi number 31"):
        label("tithi", 31, "en")
    with pytest.raises(ValueError, match="'weekday'"):
        label("weekday", 1, "en")


def test_names_binds_a_language():
    assert names("gu").label("tithi", 15) == label("tithi", 15, "gu")
    assert set(SUPPORTED_LANGUAGES) == {"en", *SCRIPT_BLOCKS}
