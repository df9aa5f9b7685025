"""The observance engine's own rules: the generic search and its tie-breaks, adhika months,
names, the panchangam's observance fields and the polar rule. (Published dates are in
test_observances_reference.py.)"""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.almanac.names import SUPPORTED_LANGUAGES
from lokpanchang.almanac.observances import Place, observances_between, paranas_on, table
from lokpanchang.almanac.observances.model import Unavailable
from lokpanchang.almanac.observances.rules import Both, Neither, Part
from lokpanchang.almanac.observances.search import GHATI_DAYS, Question, cover, decide

DAY0 = date(2026, 1, 1)
NEW_DELHI = Place(28.6358, 77.2245, ZoneInfo("Asia/Kolkata"))
TROMSO = Place(69.6492, 18.9553, ZoneInfo("Europe/Oslo"))
NEW_YORK = Place(40.7143, -74.0060, ZoneInfo("America/New_York"))


class _Days:
    """Hindu days of exactly one day each from t = 0 (day 0 = DAY0): day n is [n, n+1)."""

    def __init__(self, windows: dict[int, tuple[float, float]]) -> None:
        self.windows = windows

    def day_of(self, jd: float) -> date:
        return DAY0 + timedelta(days=int(jd // 1))

    def part(self, day: date, part: Part):
        index = (day - DAY0).days
        return self.windows.get(index, Unavailable.NO_SUNRISE)


def _decide(span, windows, both=Both.EARLIER, neither=Neither.EARLIER, excluded=None) -> date:
    question = Question(span, Part.PRADOSHA, both, neither, excluded)
    return decide(_Days(windows), question)  # type: ignore[arg-type, return-value]


EVENINGS = {n: (n + 0.5, n + 0.6) for n in range(5)}  # a window from 0.5 to 0.6 of each day


def test_one_day_prevailing_is_the_day():
    assert _decide((0.55, 1.2), EVENINGS) == DAY0


@pytest.mark.parametrize(
    ("both", "expected"),
    [(Both.EARLIER, 0), (Both.LATER, 1), (Both.GREATER, 1), (Both.LATER_IF_GHATI, 1)],
)
def test_two_days_follow_the_rule(both, expected):
    # Covers 0.05 of day 0's window and all 0.1 of day 1's.
    assert _decide((0.55, 1.7), EVENINGS, both=both) == DAY0 + timedelta(days=expected)


def test_later_if_ghati_keeps_the_earlier_when_the_later_evening_is_short():
    short = 1.5 + GHATI_DAYS / 2  # half a ghati into day 1's window
    assert _decide((0.52, short), EVENINGS, both=Both.LATER_IF_GHATI) == DAY0
    assert _decide(
        (0.52, 1.5 + 1.01 * GHATI_DAYS), EVENINGS, both=Both.LATER_IF_GHATI
    ) == DAY0 + timedelta(1)


@pytest.mark.parametrize(("neither", "expected"), [(Neither.EARLIER, 0), (Neither.LATER, 1)])
def test_no_day_prevailing_follows_the_rule(neither, expected):
    assert _decide((0.7, 1.4), EVENINGS, neither=neither) == DAY0 + timedelta(days=expected)


def test_bhadra_is_taken_out_of_the_window():
    assert cover((0.5, 0.6), (0.5, 0.6), excluded=(0.5, 0.58)) == pytest.approx(0.02)
    # Bhadra over the whole of day 0's evening: only day 1 can hold it.
    assert _decide((0.5, 1.55), EVENINGS, excluded=(0.5, 0.65)) == DAY0 + timedelta(1)


def test_a_point_part_counts_the_instant():
    assert cover((0.2, 0.8), (0.5, 0.5)) == 1.0
    assert cover((0.6, 0.8), (0.5, 0.5)) == 0.0


def test_a_day_without_the_part_makes_the_rule_unavailable():
    assert _decide((0.55, 1.2), {0: (0.5, 0.6)}) is Unavailable.NO_SUNRISE


def test_every_rule_has_a_name_in_every_language():
    for rule in table.EVERY_RULE:
        assert set(rule.names) == set(SUPPORTED_LANGUAGES), rule.key
        assert all(name.strip() for name in rule.names.values()), rule.key
    for key, names in table.MAHADWADASHIS.items():
        assert set(names) == set(SUPPORTED_LANGUAGES) and all(names.values()), key


def test_annual_festivals_skip_an_adhika_month_and_monthly_vrats_keep_it():
    # 2026: adhika Jyeshtha from 17 May to 15 June.
    year = observances_between(NEW_DELHI, date(2026, 5, 17), date(2026, 6, 15), "en")
    keys = [item.key for item in year.observances]
    assert "padmini_ekadashi" in keys and "parama_ekadashi" in keys
    assert "purnima" in keys and "pradosh" in keys
    festivals = [item.key for item in year.observances if item.kind.value == "festival"]
    # an Ekadashi's Mahadwadashi goes with it (Unmilini on the adhika Padmini Ekadashi, as
    # drikpanchang.com's 2026 Ekadashi list prints it)
    assert festivals == ["unmilini_mahadwadashi"]
    adhika = [item for item in year.observances if item.key == "purnima"]
    assert adhika[0].adhika and adhika[0].name == "Adhik Jyeshtha Purnima"


def test_the_panchangam_carries_today_tomorrow_and_the_parana():
    ekadashi = generate_panchangam_with_timezone(
        28.6358, 77.2245, "Asia/Kolkata", date(2026, 12, 20)
    )
    # drikpanchang.com's Ekadashi list names the day "Mokshada Ekadashi, Vaikuntha Ekadashi"
    # (VedaCal capture, reference/observances); its month pages put Gita Jayanti on it.
    assert [item.key for item in ekadashi.observances] == [
        "mokshada_ekadashi",
        "gita_jayanti",
        "vaikuntha_ekadashi",
    ]
    assert ekadashi.observances[0].parana.start.date() == date(2026, 12, 21)
    after = generate_panchangam_with_timezone(28.6358, 77.2245, "Asia/Kolkata", date(2026, 12, 21))
    assert [item.key for item in after.parana_today] == ["mokshada_ekadashi"]
    assert (
        after.to_dict()["parana_today"][0]["parana"]
        == ekadashi.to_dict()["observances"][0]["parana"]
    )
    assert [item.key for item in ekadashi.observances_tomorrow] == [
        item.key for item in after.observances
    ]


def test_without_extras_the_panchangam_is_as_before():
    bare = generate_panchangam_with_timezone(
        28.6358, 77.2245, "Asia/Kolkata", date(2026, 12, 20),
        include_observances=False, include_muhurtas=False,
    )  # fmt: skip
    assert bare.observances == () and bare.muhurtas is None
    assert bare.to_dict()["observances"] == []


def test_a_polar_night_says_what_it_cannot_place_and_does_not_crash():
    day = generate_panchangam_with_timezone(69.6492, 18.9553, "Europe/Oslo", date(2026, 12, 21))
    assert day.polar == "polar_night"
    assert day.observance_gaps and all(
        gap.reason.value == "no_sunrise" for gap in day.observance_gaps
    )
    assert day.muhurtas is not None and day.muhurtas.choghadiya_day == ()
    assert day.to_dict()["observance_gaps"][0]["reason"] == "no_sunrise"


def test_a_year_at_a_polar_place_lists_what_it_can():
    year = observances_between(TROMSO, date(2026, 1, 1), date(2026, 12, 31), "en")
    assert year.observances and year.gaps
    no_sun = {gap.near.month for gap in year.gaps if gap.reason is Unavailable.NO_SUNRISE}
    assert {6, 12} <= no_sun and 3 not in no_sun
    # In April the Sun rises, but on some days at 69.6 N the Moon does not (not even its
    # upper limb, by which a moonrise vrat is decided).
    april = [gap for gap in year.gaps if gap.near.month == 4]
    assert april and all(gap.reason is Unavailable.NO_MOONRISE for gap in april)


REYKJAVIK = Place(64.1466, -21.9426, ZoneInfo("Atlantic/Reykjavik"))


@pytest.mark.parametrize("place", [NEW_DELHI, REYKJAVIK, TROMSO], ids=["delhi", "64N", "69N"])
def test_a_day_asked_alone_gets_what_the_whole_year_gives_it(place):
    """A day's observances come from a stretch of one or two days (the panchangam's today
    and tomorrow); the tithis before it that can move a date later are looked at too. That
    must give each day exactly what the year's calendar gives it, sunrises near midnight
    and polar days included."""
    year = observances_between(place, date(2026, 1, 1), date(2026, 12, 31), "en")
    for offset in range(365):
        day = date(2026, 1, 1) + timedelta(days=offset)
        alone = observances_between(place, day, day, "en")
        assert alone.on(day) == year.on(day), day


@pytest.mark.parametrize("place", [NEW_DELHI, NEW_YORK, REYKJAVIK], ids=["delhi", "ny", "64N"])
def test_a_parana_asked_for_alone_is_the_one_the_year_gives(place):
    """``paranas_on`` looks up the paksha's Ekadashi from the tithi at sunrise; every parana
    of the year's calendar must be found that way on its day, and nothing else."""
    year = observances_between(place, date(2026, 1, 1), date(2026, 12, 31), "en")
    for offset in range(4, 365):
        day = date(2026, 1, 1) + timedelta(days=offset)
        expected = [
            item for item in year.observances if item.parana and item.parana.start.date() == day
        ]
        assert list(paranas_on(place, day, "en")) == expected, day
