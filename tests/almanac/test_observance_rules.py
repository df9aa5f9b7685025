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


# Dharmasindhu's Vijayadashami: Dashami at aparahna; Shravana at aparahna decides when
# Dashami touches aparahna on both days or neither; with Dashami at the first aparahna only
# and no Shravana there, the second day when its Dashami lasts 3 muhurtas after sunrise and
# Shravana is at its aparahna.
@pytest.mark.parametrize(
    ("published", "why"),
    [
        (date(1903, 10, 1), "first aparahna only; 3 muhurtas and Shravana on the second"),
        (date(1971, 9, 30), "first aparahna only; 3 muhurtas and Shravana on the second"),
        (date(1957, 10, 3), "both aparahnas; Shravana at the second only"),
        (date(1929, 10, 12), "both aparahnas; Shravana at the first only"),
        (date(2033, 10, 3), "first aparahna only; the second's Dashami under 3 muhurtas"),
        (date(1973, 10, 6), "first aparahna only, with Shravana there too"),
    ],
)
def test_dussehra_follows_shravana_as_dharmasindhu_says(published, why):
    assert _days_of("dussehra", published) == [published], why


# Ghatasthapana: the first day Pratipada is in force at sunrise and for a muhurta after it;
# at none, the day it begins (a Pratipada joined with Amavasya only when no better one).
@pytest.mark.parametrize(
    ("key", "published", "why"),
    [
        ("sharad_navratri_begins", date(1913, 9, 30), "40 minutes after the second sunrise"),
        ("sharad_navratri_begins", date(1985, 10, 14), "4 minutes after the second sunrise"),
        ("chaitra_navratri_begins", date(1903, 3, 29), "3 minutes after the second sunrise"),
        ("sharad_navratri_begins", date(1903, 9, 22), "74 minutes after its sunrise"),
        ("sharad_navratri_begins", date(1953, 10, 8), "at two sunrises: the first"),
        ("chaitra_navratri_begins", date(2037, 3, 17), "at two sunrises: the first"),
    ],
)
def test_ghatasthapana_wants_pratipada_for_a_muhurta_after_sunrise(key, published, why):
    assert _days_of(key, published) == [published], why
