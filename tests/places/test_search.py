"""Operators find places by name."""

from __future__ import annotations

from lokpanchang.places import search


def test_it_ranks_matches_by_population():
    names = [place.city for place in search("delhi", limit=3)]
    assert names[0] == "Delhi"


def test_it_ignores_case_and_accents():
    assert search("SAO PAULO", 1)[0].city == "São Paulo"
    assert search("são paulo", 1)[0].timezone == "America/Sao_Paulo"


def test_names_starting_with_the_query_come_before_names_containing_it():
    names = [place.city for place in search("york", limit=20)]
    first_containing = next(
        i for i, name in enumerate(names) if not name.lower().startswith("york")
    )
    assert all(not name.lower().startswith("york") for name in names[first_containing:])
    assert "New York City" in names


def test_it_respects_the_limit():
    assert len(search("san", limit=4)) == 4


def test_an_empty_query_finds_nothing():
    assert search("   ") == []


def test_results_carry_the_city_zone_and_region():
    place = search("Kathmandu", 1)[0]
    assert (place.timezone, place.region, place.country) == (
        "Asia/Kathmandu",
        "Bagmati Province",
        "Nepal",
    )
    assert place.distance_km == 0


def test_letters_that_do_not_decompose_match_as_people_type_them():
    assert search("Tromso", 1)[0].city == "Tromsø"
    assert search("lodz", 1)[0].city == "Łódź"
