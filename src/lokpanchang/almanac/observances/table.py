"""THE table of observance rules: each rule with its names and the source it follows (the
annual tithi festivals are kept in ``festivals``, imported here as ``ANNUAL``).

Months are amanta (1 Chaitra .. 12 Phalguna); a Krishna-paksha tithi (16..30) of amanta
month m lies in purnimanta month m+1 (Janmashtami: amanta Shravana Krishna Ashtami =
purnimanta Bhadrapada). Sources are named in full, with what each says, in
``docs/almanac.md`` ("Observances"); the short names used here:

- DP: drikpanchang.com, the festival's own page (its stated rule and its dates for a place),
  read through the captures and news quotations listed in tests/almanac/reference/
  PROVENANCE.md.
- NS: Nirnaya Sindhu (Kamalakara Bhatta), the decision rules for tithis shared by two days.
- "tie-break chosen to match published dates": the source gives the part of the day but
  not the rule for two days or none; the choice is the one the published dates show.
"""

from __future__ import annotations

from lokpanchang.almanac.observances import names_table as n
from lokpanchang.almanac.observances.festivals import ANNUAL as ANNUAL  # re-exported
from lokpanchang.almanac.observances.model import ObservanceKind as Kind
from lokpanchang.almanac.observances.naming import names_of
from lokpanchang.almanac.observances.rules import (
    Both,
    DayAfterRule,
    LunarRule,
    Neither,
    Part,
    SankrantiDay,
    SolarRule,
    StarRule,
)

MONTHLY: tuple[LunarRule, ...] = (
    LunarRule(
        "purnima",
        Kind.PURNIMA,
        n.PURNIMA,
        15,
        Part.SUNRISE,
        Both.EARLIER,
        Neither.EARLIER,
        "DP Purnima list: the day Purnima is in force at sunrise",
    ),
    LunarRule(
        "amavasya",
        Kind.AMAVASYA,
        n.AMAVASYA,
        30,
        Part.SUNRISE,
        Both.EARLIER,
        Neither.EARLIER,
        "DP Amavasya list: the day Amavasya is in force at sunrise",
    ),
    LunarRule(
        "sankashti_chaturthi",
        Kind.SANKASHTI_CHATURTHI,
        n.SANKASHTI,
        19,
        Part.MOONRISE,
        Both.EARLIER,
        Neither.LATER,
        "DP Sankashti list and NS: Krishna Chaturthi at moonrise; both days: the earlier",
        fast=True,
    ),
    LunarRule(
        "vinayaka_chaturthi",
        Kind.VINAYAKA_CHATURTHI,
        n.VINAYAKA,
        4,
        Part.MADHYAHNA,
        Both.EARLIER,
        Neither.EARLIER,
        "DP: Shukla Chaturthi at madhyahna, as Ganesh Chaturthi",
        fast=True,
    ),
    LunarRule(
        "pradosh",
        Kind.PRADOSH,
        n.PRADOSH,
        13,
        Part.PRADOSHA,
        Both.EARLIER,
        Neither.EARLIER,
        "DP Pradosh list: Trayodashi in the pradosha after sunset",
        fast=True,
    ),
    LunarRule(
        "pradosh",
        Kind.PRADOSH,
        n.PRADOSH,
        28,
        Part.PRADOSHA,
        Both.EARLIER,
        Neither.EARLIER,
        "DP Pradosh list: Trayodashi in the pradosha after sunset",
        fast=True,
    ),
    LunarRule(
        "masik_shivaratri",
        Kind.MASIK_SHIVARATRI,
        n.SHIVARATRI,
        29,
        Part.NISHITA,
        Both.EARLIER,
        Neither.EARLIER,
        "DP Masik Shivaratri list: Krishna Chaturdashi at nishita (midnight)",
        fast=True,
    ),
    LunarRule(
        "masik_durgashtami",
        Kind.MASIK_DURGASHTAMI,
        n.DURGASHTAMI,
        8,
        Part.SUNRISE,
        Both.LATER,
        Neither.EARLIER,
        "DP Masik Durgashtami list: Shukla Ashtami at sunrise; both days: the later",
        fast=True,
    ),
)

DAY_AFTER: tuple[DayAfterRule, ...] = (
    DayAfterRule(
        "holi",
        names_of("Holi", "होली", ta="ஹோலி"),
        "holika_dahan",
        "DP: Rangwali Holi the day after Holika Dahan (Chaitra Krishna Pratipada)",
    ),
)

SOLAR: tuple[SolarRule, ...] = (
    SolarRule(
        "makar_sankranti",
        names_of("Makar Sankranti", "मकर संक्रान्ति"),
        10,
        SankrantiDay.MAKARA,
        "DP: punya kala on the day; after sunset it moves to the next day",
    ),
    SolarRule(
        "mesha_sankranti",
        names_of("Mesha Sankranti", "मेष संक्रान्ति"),
        1,
        SankrantiDay.HALF_NIGHT,
        "DP Sankranti list: the night's first half belongs to the day",
    ),
    SolarRule(
        "pongal",
        names_of("Pongal", "पोङ्गल्", ta="தைப் பொங்கல்"),
        10,
        SankrantiDay.SUNSET,
        "DP Tamil calendar: Thai 1 begins on the day of the sankranti if it is before sunset",
    ),
    SolarRule(
        "vishu",
        names_of("Vishu", "विषु", ml="വിഷു", ta="விஷு"),
        1,
        SankrantiDay.APARAHNA,
        "DP Malayalam calendar: Medam 1 on the day of the sankranti if before aparahna ends",
    ),
)

# The twelve sankrantis of the monthly list (kind ``sankranti``).
SANKRANTIS: tuple[SolarRule, ...] = tuple(
    SolarRule(
        "sankranti",
        {lang: f"{sign[lang]} {n.SANKRANTI[lang]}" for lang in sign},
        number,
        SankrantiDay.HALF_NIGHT,
        "DP Sankranti list: by day that day; at night, before mid-night that day, else next",
    )
    for number, sign in enumerate(n.SIGNS, start=1)
)

STARS: tuple[StarRule, ...] = (
    StarRule(
        "onam",
        names_of("Onam", "ओणम्", ml="ഓണം", ta="ஓணம்"),
        22,
        5,
        Part.SUNRISE,
        Both.EARLIER,
        Neither.EARLIER,
        "DP: Thiruvonam (Shravana) nakshatra at sunrise in Chingam (Sun in Simha)",
    ),
)

EVERY_RULE: tuple[LunarRule | DayAfterRule | SolarRule | StarRule, ...] = (
    *MONTHLY,
    *ANNUAL,
    *DAY_AFTER,
    *SOLAR,
    *SANKRANTIS,
    *STARS,
)
ALL_KEYS: frozenset[str] = frozenset(rule.key for rule in EVERY_RULE)
