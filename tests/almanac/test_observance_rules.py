"""Festival rules beyond the tithi in a part of the day, each on days drikpanchang.com's New
Delhi month pages print (odd years only; the row and page file of each are in
``reference/drikpanchang/observances.csv.gz``, from dra8an/hindu-calendar@5269abb).
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from lokpanchang.almanac.observances import observances_between
from tests.almanac.drikpanchang_observances import NEW_DELHI


def _days_of(key: str, near: date) -> list[date]:
    found = observances_between(NEW_DELHI, near - timedelta(days=3), near + timedelta(days=3), "en")
    return [item.date for item in found.observances if item.key == key]


# Each: the key, the published day, and why the rule picks it.
# Dussehra, Dharmasindhu's Vijayadashami: Dashami at aparahna; Shravana at aparahna decides
# when Dashami touches aparahna on both days or neither; with Dashami at the first aparahna
# only and no Shravana there, the second day when its Dashami lasts 3 muhurtas after sunrise
# and Shravana is at its aparahna.
# Ghatasthapana: the first day Pratipada is in force at sunrise and for a muhurta after it;
# at none, the day it begins (a Pratipada joined with Amavasya only when no better one).
# Sharad Purnima (Kojagara) and Maha Shivaratri at nishita: at both nishitas or neither,
# the later day. Ganesh Chaturthi at madhyahna: at both, the day it covers more of it.
# Pradosh: Trayodashi in pradosha for at least one of its six ghatis; at both, the day it
# covers the greater share of it (both whole: the later); at neither, its sunrise day.
# Ahoi Ashtami at moonrise, as Sankashti and Karwa Chauth: at neither, the later day.
# Dhanteras: Trayodashi in pradosha for a ghati of it, as Pradosh; at both, the later day.
# Govardhan Puja: Pratipada at sunrise and for 9 muhurtas after it, else the day before.
# Bhai Dooj: Dwitiya at aparahna; at neither, the later day. Raksha Bandhan: aparahna free of
# Bhadra; else the second day if Purnima lasts 3 muhurtas after its sunrise; else pradosha
# free of Bhadra. Moonrise vrats: by the upper limb's rising (4-5 minutes before the centre's).
# Holika Dahan: Purnima in pradosha free of Bhadra; at neither, the second evening when
# Purnima lasts 3.5 praharas of that day, unless the Moon is in the umbra in that pradosha.
# Ekadashi at two sunrises with the Dwadashi after it at none (1929): Trisparsha decides, the
# Smarta fast the day before the second sunrise, Gauna and Vaishnava on it.
DAY_RULES = [
    ("dussehra", date(1903, 10, 1), "first aparahna only; 3 muhurtas, Shravana on the second"),
    ("dussehra", date(1971, 9, 30), "first aparahna only; 3 muhurtas, Shravana on the second"),
    ("dussehra", date(1957, 10, 3), "both aparahnas; Shravana at the second only"),
    ("dussehra", date(1929, 10, 12), "both aparahnas; Shravana at the first only"),
    ("dussehra", date(2033, 10, 3), "first aparahna only; the second's Dashami too short"),
    ("dussehra", date(1973, 10, 6), "first aparahna only, with Shravana there too"),
    ("sharad_navratri_begins", date(1913, 9, 30), "40 minutes after the second sunrise"),
    ("sharad_navratri_begins", date(1985, 10, 14), "4 minutes after the second sunrise"),
    ("chaitra_navratri_begins", date(1903, 3, 29), "3 minutes after the second sunrise"),
    ("sharad_navratri_begins", date(1903, 9, 22), "74 minutes after its sunrise"),
    ("sharad_navratri_begins", date(1953, 10, 8), "at two sunrises: the first"),
    ("chaitra_navratri_begins", date(2037, 3, 17), "at two sunrises: the first"),
    ("sharad_purnima", date(1923, 10, 24), "Purnima at both nishitas"),
    ("sharad_purnima", date(2041, 10, 9), "Purnima at neither nishita, at the second sunrise"),
    ("sharad_purnima", date(1903, 10, 5), "Purnima at the first nishita only"),
    ("maha_shivaratri", date(1975, 3, 11), "Chaturdashi at both nishitas"),
    ("maha_shivaratri", date(2031, 2, 20), "Chaturdashi at neither nishita"),
    ("maha_shivaratri", date(1917, 2, 20), "Chaturdashi at the first nishita only"),
    ("ganesh_chaturthi", date(1997, 9, 6), "both madhyahnas, more of the second"),
    ("ganesh_chaturthi", date(1955, 9, 20), "both madhyahnas, more of the second"),
    ("ganesh_chaturthi", date(1971, 8, 24), "both madhyahnas, more of the first"),
    ("pradosh", date(1903, 6, 23), "4 minutes of the first pradosha: under a ghati"),
    ("pradosh", date(1955, 12, 27), "23 minutes of a 164-minute pradosha: under a ghati"),
    ("pradosh", date(1959, 4, 20), "29 minutes of a 132-minute pradosha: over a ghati"),
    ("pradosh", date(1939, 11, 9), "8 and 4 minutes of the two pradoshas: neither"),
    ("pradosh", date(2047, 5, 22), "both pradoshas whole: the later"),
    ("pradosh", date(1929, 10, 16), "77 and 79 of two 150-minute pradoshas: the second"),
    ("ahoi_ashtami", date(1919, 10, 16), "Ashtami 23:19 to 21:56: at neither moonrise"),
    ("ahoi_ashtami", date(1971, 10, 11), "Ashtami 23:02 to 23:08: at neither moonrise"),
    ("ahoi_ashtami", date(1993, 11, 7), "Ashtami 00:38 to 23:23: at neither moonrise"),
    ("ahoi_ashtami", date(1923, 11, 1), "Ashtami 14:05 to 14:21 the next day: one moonrise"),
    ("dhanteras", date(1957, 10, 21), "22 minutes of a 152-minute pradosha: under a ghati"),
    ("dhanteras", date(2039, 11, 14), "22 minutes of a 159-minute pradosha: under a ghati"),
    ("dhanteras", date(1929, 10, 29), "104 and 5 minutes: the second under a ghati"),
    ("dhanteras", date(2015, 11, 9), "157 and 95 minutes: both, the later"),
    ("govardhan_puja", date(1939, 11, 11), "Pratipada 06:40-11:52 on the 12th: 5.2 muhurtas"),
    ("govardhan_puja", date(1937, 11, 3), "Pratipada 7.4 muhurtas after the 4 Nov sunrise"),
    ("bhai_dooj", date(1941, 10, 22), "Dwitiya 17:13 to 13:34: at neither aparahna"),
    ("bhai_dooj", date(1985, 11, 14), "Dwitiya 16:06 to 12:32: at neither aparahna"),
    ("raksha_bandhan", date(1905, 8, 15), "Purnima 3 h 12 min after the second sunrise"),
    ("raksha_bandhan", date(1931, 8, 28), "Purnima 2 h 43 min after the second sunrise"),
    ("sankashti_chaturthi", date(1919, 4, 19), "Chaturthi 1 min before the centre's rising"),
    ("sankashti_chaturthi", date(1971, 2, 14), "Chaturthi 2 min before the centre's rising"),
    ("karwa_chauth", date(2003, 10, 14), "Chaturthi 2.4 min before the centre's rising"),
    ("sankashti_chaturthi", date(1979, 1, 16), "Chaturthi 6.3 min before the centre's rising"),
    ("holika_dahan", date(1913, 3, 21), "lasts 3.5 praharas; umbral eclipse 15:42-19:12 then"),
    ("holi", date(1913, 3, 22), "the day after Holika Dahan"),
    ("holika_dahan", date(1941, 3, 13), "lasts 3.5 praharas; the umbra left 3 min before sunset"),
    ("holika_dahan", date(1961, 3, 2), "in the second pradosha, free of Bhadra, umbra or not"),
    ("holika_dahan", date(2043, 3, 25), "in the second pradosha, free of Bhadra, umbra or not"),
]


@pytest.mark.parametrize(("key", "published", "why"), DAY_RULES)
def test_the_rule_gives_the_published_day(key, published, why):
    assert _days_of(key, published) == [published], why


# The ISKCON Rama Navami is a day of its own only where Navami lasts 3 muhurtas after its
# sunrise; else both keep the Smarta day and the page prints one.
@pytest.mark.parametrize(
    ("published", "printed"),
    [
        (date(2013, 4, 19), [None]),
        (date(2047, 4, 4), [None]),
        (date(1947, 3, 30), [None]),
        (date(1951, 4, 15), ["smarta"]),
        (date(1951, 4, 16), ["vaishnava"]),
    ],
)
def test_rama_navami_vaishnava_day_needs_three_muhurtas(published, printed):
    found = observances_between(NEW_DELHI, published, published, "en")
    kept = [item for item in found.observances if item.key == "rama_navami"]
    assert [None if item.tradition is None else item.tradition.value for item in kept] == printed


def test_an_ekadashi_at_two_sunrises_before_a_skipped_dwadashi_is_trisparsha():
    # Month page 1929-04: "Papamochani Ekadashi" on 5 April; "Gauna Papamochani Ekadashi |
    # Vaishnava Papamochani Ekadashi" on 6 April, whose tithi numbers "26,27" print Ekadashi
    # at its sunrise and Dwadashi over before the next.
    found = observances_between(NEW_DELHI, date(1929, 4, 3), date(1929, 4, 8), "en")
    fasts = [
        (item.date, None if item.tradition is None else item.tradition.value)
        for item in found.observances
        if item.key == "papamochani_ekadashi"
    ]
    assert fasts == [(date(1929, 4, 5), "smarta"), (date(1929, 4, 6), "vaishnava")]
