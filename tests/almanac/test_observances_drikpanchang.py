"""Our observances against drikpanchang.com's New Delhi month pages, odd years 1901-2049.

Cases: reference/drikpanchang/observances.csv.gz, every festival and vrat name a page prints
that we have a rule for, given our key by its printed name alone (``observances.py`` there;
provenance in that README). The even years are held out. Issue 22 item 4: at least 99 % of
all cases, and every class we fixed by rule at its measured figure (docs/almanac.md,
"Observances against the month pages"). About 20 s of computing, shared by the tests here.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from tests.almanac import drikpanchang_observances as published
from tests.almanac.reference.drikpanchang import observances as extraction

# Each class at or above the share measured (the figures of docs/almanac.md); the classes
# issue 22 item 4 names are at 100 % on these pages, so a change in any rule is seen.
AT_LEAST = {
    "krishna_janmashtami": 1.0,
    "krishna_janmashtami smarta": 1.0,
    "krishna_janmashtami vaishnava": 1.0,
    "rama_navami smarta": 1.0,
    "rama_navami vaishnava": 1.0,
    "maha_navami": 1.0,
    "durga_ashtami": 1.0,
    "gita_jayanti": 1.0,
    "sankranti": 1.0,
    "chhath_puja": 1.0,
    "akshaya_tritiya": 1.0,
    "narak_chaturdashi": 1.0,
    "dussehra": 1.0,
    "sharad_navratri_begins": 1.0,
    "chaitra_navratri_begins": 1.0,
    "rama_navami": 1.0,
    "sharad_purnima": 1.0,
    "maha_shivaratri": 1.0,
    "ganesh_chaturthi": 1.0,
    "holika_dahan": 1.0,  # 1913: no Holika Dahan in the eclipse of 22 March's evening
    "holi": 1.0,
    "raksha_bandhan": 1.0,
    "bhai_dooj": 1.0,
    "govardhan_puja": 1.0,
    "karwa_chauth": 1.0,
    "sankashti_chaturthi": 1.0,
    "ekadashi smarta": 1.0,
    "ekadashi vaishnava": 1.0,
    "ahoi_ashtami": 1.0,
    "dhanteras": 1.0,
    "purnima": 1.0,
    "amavasya": 0.998,
    "pradosh": 1.0,
}


@cache
def _tally() -> tuple[Counter[str], Counter[str]]:
    cases, matched = Counter[str](), Counter[str]()
    for case in published.cases():
        name = published.class_of(case)
        cases[name] += 1
        matched[name] += published.matches(case)
    return cases, matched


def test_the_file_is_what_the_extraction_writes():
    rows = [dict(row) for row in published.cases()]
    assert rows == extraction.cases()


def test_the_cases_are_the_odd_years_only():
    years = {int(case["date"][:4]) for case in published.cases()}
    assert years == set(range(1901, 2050, 2))


@pytest.mark.slow
def test_at_least_99_percent_of_the_published_days_match():
    cases, matched = _tally()
    total, good = sum(cases.values()), sum(matched.values())
    assert good / total >= 0.99, f"{good} of {total}"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(AT_LEAST))
def test_each_class_fixed_by_rule_keeps_its_figure(name):
    cases, matched = _tally()
    assert matched[name] / cases[name] >= AT_LEAST[name], f"{matched[name]} of {cases[name]}"
