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
from lokpanchang.almanac.observances.model import Tradition
from lokpanchang.almanac.observances.naming import names_of
from lokpanchang.almanac.observances.rules import (
    ONE_GHATI_OF_PRADOSHA,
    Both,
    DayAfterRule,
    EkadashiName,
    LunarRule,
    Names,
    Neither,
    Part,
    SankrantiDay,
    SolarRule,
    StarRule,
)

_PRADOSH = (
    "DP Pradosh pages: 'day is fixed when Trayodashi Tithi falls during Pradosha Kala which "
    "starts after Sunset' (soma-pradosha-date-time.html, New Delhi). Trayodashi prevails on a "
    "day only where it covers one of the pradosha's six ghatis (a night ghati, a thirtieth of "
    "the night); at both, the greater share of the pradosha, both whole: the later; at "
    "neither, the day it is at sunrise. The ghati and the tie-breaks are chosen to match the "
    "month pages 1901-2049 (all 1,815: a Trayodashi beginning 0.157 of the night after "
    "sunset or earlier is kept that evening, 0.171 or later the next day; 2047-05-22 whole "
    "at both); no text states them"
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
        Both.SHARE,
        Neither.LATER,
        _PRADOSH,
        fast=True,
        least=ONE_GHATI_OF_PRADOSHA,
    ),
    LunarRule(
        "pradosh",
        Kind.PRADOSH,
        n.PRADOSH,
        28,
        Part.PRADOSHA,
        Both.SHARE,
        Neither.LATER,
        _PRADOSH,
        fast=True,
        least=ONE_GHATI_OF_PRADOSHA,
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

# The twelve sankrantis of the monthly list (kind ``sankranti``). At night the punya kala of
# Makara (Uttarayana) is on the next day and that of Karka (Dakshinayana) on the day before
# (Dharmasindhu; drikpanchang.com's month pages 1901-2049 follow both).
_NIGHT_RULES = {4: SankrantiDay.NIGHT_BEFORE, 10: SankrantiDay.MAKARA}
SANKRANTIS: tuple[SolarRule, ...] = tuple(
    SolarRule(
        "sankranti",
        {lang: f"{sign[lang]} {n.SANKRANTI[lang]}" for lang in sign},
        number,
        _NIGHT_RULES.get(number, SankrantiDay.HALF_NIGHT),
        "DP Sankranti list: by day that day; at night, before mid-night that day, else next; "
        "Karka at night: that day; Makara at night: the next",
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

# Other names of an Ekadashi's day, on the day of the tradition named.
EKADASHI_NAMES: tuple[EkadashiName, ...] = (
    EkadashiName(
        "gita_jayanti",
        names_of("Gita Jayanti", "गीता जयन्ती", ta="கீதா ஜெயந்தி"),
        1,
        Tradition.SMARTA,
        "DP month pages 1901-2049: on the Smarta Mokshada (Margashirsha Shukla) Ekadashi",
        month=9,
    ),
    EkadashiName(
        "vaikuntha_ekadashi",
        names_of("Vaikuntha Ekadashi", "वैकुण्ठ एकादशी", ta="வைகுண்ட ஏகாதசி"),
        1,
        Tradition.VAISHNAVA,
        "DP Ekadashi list: the Vaishnava day of the Shukla Ekadashi in Dhanu (Margazhi)",
        sign=9,
    ),
    EkadashiName(
        "guruvayur_ekadashi",
        names_of("Guruvayur Ekadashi", "गुरुवायुर एकादशी", ml="ഗുരുവായൂർ ഏകാദശി"),
        1,
        Tradition.VAISHNAVA,
        "DP Ekadashi list: the Vaishnava day of the Shukla Ekadashi in Vrishchika (Vrischikam)",
        sign=8,
    ),
)

# The names of the Mahadwadashis (``mahadwadashi`` places them), as drikpanchang.com's
# Ekadashi lists spell them.
MAHADWADASHIS: dict[str, Names] = {
    "unmilini_mahadwadashi": names_of("Unmilini Mahadwadashi", "उन्मीलिनी महाद्वादशी"),
    "vyanjuli_mahadwadashi": names_of("Vanjuli Mahadwadashi", "व्यञ्जुली महाद्वादशी"),
    "trisprisha_mahadwadashi": names_of("Trisparsha Mahadwadashi", "त्रिस्पृशा महाद्वादशी"),
    "pakshavardhini_mahadwadashi": names_of("Pakshavardhini Mahadwadashi", "पक्षवर्धिनी महाद्वादशी"),
    "jaya_mahadwadashi": names_of("Jaya Mahadwadashi", "जया महाद्वादशी"),
    "vijaya_mahadwadashi": names_of("Vijaya Mahadwadashi", "विजया महाद्वादशी"),
    "jayanti_mahadwadashi": names_of("Jayanti Mahadwadashi", "जयन्ती महाद्वादशी"),
    "papanashini_mahadwadashi": names_of("Papanashini Mahadwadashi", "पापनाशिनी महाद्वादशी"),
    "shravana_dwadashi": names_of("Shravana Dwadashi", "श्रवण द्वादशी"),
}

EVERY_RULE: tuple[LunarRule | DayAfterRule | SolarRule | StarRule | EkadashiName, ...] = (
    *MONTHLY,
    *ANNUAL,
    *DAY_AFTER,
    *SOLAR,
    *SANKRANTIS,
    *STARS,
    *EKADASHI_NAMES,
)
ALL_KEYS: frozenset[str] = frozenset(rule.key for rule in EVERY_RULE) | frozenset(MAHADWADASHIS)
