"""The annual festivals on a tithi (part of ``table``, the one rule table; see its notes on
months and sources): Magha to Bhadrapada here, Ashwina and Kartika in ``festivals_autumn``."""

from __future__ import annotations

from lokpanchang.almanac.observances.festivals_autumn import AUTUMN, GHATASTHAPANA
from lokpanchang.almanac.observances.model import ObservanceKind as Kind
from lokpanchang.almanac.observances.model import Tradition
from lokpanchang.almanac.observances.naming import names_of
from lokpanchang.almanac.observances.rules import (
    Both,
    LunarRule,
    Neither,
    Part,
)

F = Kind.FESTIVAL
_RAMA_NAVAMI = names_of("Rama Navami", "राम नवमी", ta="ராம நவமி")
_JANMASHTAMI = names_of("Krishna Janmashtami", "कृष्ण जन्माष्टमी", "कृष्ण जन्माष्टमी", ta="கிருஷ்ண ஜெயந்தி")

_SPRING_AND_SUMMER: tuple[LunarRule, ...] = (
    LunarRule(
        "vasant_panchami",
        F,
        names_of("Vasant Panchami", "वसन्त पञ्चमी", ta="வசந்த பஞ்சமி"),
        5,
        Part.PURVAHNA,
        Both.EARLIER,
        Neither.EARLIER,
        "DP: Magha Shukla Panchami in the forenoon",
        month=11,
    ),
    LunarRule(
        "maha_shivaratri",
        F,
        names_of("Maha Shivaratri", "महाशिवरात्रि", ta="மகா சிவராத்திரி"),
        29,
        Part.NISHITA,
        Both.LATER,
        Neither.LATER,
        "DP and NS: Phalguna (purnimanta) Krishna Chaturdashi at nishita; at both nishitas "
        "or neither, the later day: tie-breaks chosen to match the month pages 1901-2049 "
        "(1913, 1975, 2045 both; 2031 neither)",
        month=11,
        fast=True,
    ),
    LunarRule(
        "holika_dahan",
        F,
        names_of("Holika Dahan", "होलिका दहन", ta="ஹோலிகா தகனம்"),
        15,
        Part.PRADOSHA,
        Both.EARLIER,
        Neither.EARLIER,
        "DP: Phalguna Purnima in pradosha free of Bhadra; Bhadra all evening: that night, "
        "unless Purnima lasts 3.5 praharas of the next day (Dharmasindhu; DP month pages "
        "1901-2049): then the next evening, but not when the Moon is in the umbra in that "
        "evening's pradosha (DP month pages: 1913, a total eclipse in the second pradosha, "
        "the first night; 1941, the umbra gone 3 minutes before sunset, the second)",
        month=12,
        avoid_vishti=True,
        lasting=3.5 / 4.0,
        lasting_without_eclipse=True,
    ),
    LunarRule(
        "ugadi",
        F,
        names_of("Ugadi / Gudi Padwa", "युगादि", te="ఉగాది", kn="ಯುಗಾದಿ", mr="गुढीपाडवा"),
        1,
        Part.SUNRISE,
        Both.EARLIER,
        Neither.EARLIER,
        "DP: Chaitra Shukla Pratipada at sunrise; a skipped Pratipada: the day it begins",
        month=1,
    ),
    LunarRule(
        "chaitra_navratri_begins",
        F,
        names_of("Chaitra Navratri begins", "चैत्र नवरात्रि आरम्भ"),
        1,
        Part.SUNRISE,
        Both.EARLIER,
        Neither.EARLIER,
        GHATASTHAPANA + "Chaitra Shukla Pratipada",
        month=1,
        muhurtas=1.0,
    ),
    LunarRule(
        "rama_navami",
        F,
        _RAMA_NAVAMI,
        9,
        Part.MADHYAHNA,
        Both.LATER_IF_GHATI,
        Neither.EARLIER,
        "DP (Smarta) and NS: Chaitra Shukla Navami at madhyahna; at both, the later if it "
        "covers a ghati of it there (a Navami joined with Ashtami is avoided)",
        month=1,
        tradition=Tradition.SMARTA,
    ),
    LunarRule(
        "rama_navami",
        F,
        _RAMA_NAVAMI,
        9,
        Part.SUNRISE,
        Both.EARLIER,
        Neither.EARLIER,
        "DP (ISKCON, Vaishnava): Chaitra Shukla Navami at sunrise and for 3 muhurtas after "
        "it (the pratahkala); else the day it begins (DP month pages 1901-2049: a separate "
        "Vaishnava day only where Navami lasts 3.5 muhurtas or more after its sunrise, none "
        "where it lasts 2.94 or less)",
        month=1,
        tradition=Tradition.VAISHNAVA,
        muhurtas=3.0,
    ),
    LunarRule(
        "hanuman_jayanti",
        F,
        names_of("Hanuman Jayanti", "हनुमान जयन्ती", ta="அனுமன் ஜெயந்தி"),
        15,
        Part.SUNRISE,
        Both.EARLIER,
        Neither.EARLIER,
        "DP: Chaitra Purnima at sunrise",
        month=1,
    ),
    LunarRule(
        "akshaya_tritiya",
        F,
        names_of("Akshaya Tritiya", "अक्षय तृतीया", ta="அட்சய திருதியை"),
        3,
        Part.PRATAH,
        Both.LATER,
        Neither.EARLIER,
        "DP: Vaishakha Shukla Tritiya in the forenoon: the day it fills the pratahkala (the "
        "first fifth of the daytime), at both the later; at none the first (DP month pages "
        "1901-2049)",
        month=2,
        whole=True,
    ),
    LunarRule(
        "buddha_purnima",
        F,
        names_of("Buddha Purnima", "बुद्ध पूर्णिमा"),
        15,
        Part.SUNRISE,
        Both.EARLIER,
        Neither.EARLIER,
        "DP: Vaishakha Purnima at sunrise",
        month=2,
    ),
    LunarRule(
        "guru_purnima",
        F,
        names_of("Guru Purnima", "गुरु पूर्णिमा"),
        15,
        Part.SUNRISE,
        Both.EARLIER,
        Neither.EARLIER,
        "DP: Ashadha Purnima at sunrise",
        month=4,
    ),
    LunarRule(
        "raksha_bandhan",
        F,
        names_of("Raksha Bandhan", "रक्षा बन्धन", ta="ரக்ஷா பந்தன்"),
        15,
        Part.APARAHNA,
        Both.EARLIER,
        Neither.EARLIER,
        "DP: Shravana Purnima at aparahna free of Bhadra, else in pradosha free of it. "
        "Dharmasindhu: 'on this Purnima free of Bhadra, lasting more than 3 muhurtas from "
        "sunrise, in aparahna or pradosha; when under 3 muhurtas at sunrise, on the day "
        "before in pradosha etc. free of Bhadra' (the verse as shrishrijishaktipeethamathura."
        "blogspot.com quotes it, 2022). So: aparahna free of Bhadra; else the next day if "
        "Purnima lasts 3 muhurtas after its sunrise; else pradosha free of Bhadra, else the "
        "first day after Bhadra (DP month pages 1901-2049: all 75; 1905 and 1931 the next "
        "day though the first pradosha is partly free)",
        month=5,
        avoid_vishti=True,
        fallback=Part.PRADOSHA,
        lasting=3.0 / 15.0,
    ),
    LunarRule(
        "krishna_janmashtami",
        F,
        _JANMASHTAMI,
        23,
        Part.NISHITA,
        Both.LATER,
        Neither.LATER,
        "DP (Smarta) and NS: Bhadrapada (purnimanta) Krishna Ashtami at nishita; at both "
        "nishitas or neither: the later; at the first only but Ashtami at the second sunrise "
        "meeting Rohini that day: the second (Jayanti; DP month pages 1901-2049)",
        month=5,
        fast=True,
        tradition=Tradition.SMARTA,
        star=4,
    ),
    LunarRule(
        "krishna_janmashtami",
        F,
        _JANMASHTAMI,
        23,
        Part.SUNRISE,
        Both.EARLIER,
        Neither.NEXT,
        "DP (ISKCON, Vaishnava): Krishna Ashtami at sunrise; at none, the day after, free of "
        "Saptami (DP month pages 1901-2049)",
        month=5,
        fast=True,
        tradition=Tradition.VAISHNAVA,
    ),
    LunarRule(
        "ganesh_chaturthi",
        F,
        names_of("Ganesh Chaturthi", "गणेश चतुर्थी", ta="விநாயகர் சதுர்த்தி", te="వినాయక చవితి"),
        4,
        Part.MADHYAHNA,
        Both.GREATER,
        Neither.EARLIER,
        "DP: Bhadrapada Shukla Chaturthi at madhyahna; at both, the day it covers more of "
        "it: tie-break chosen to match the month pages 1901-2049 (six such years, 1929-2033)",
        month=6,
    ),
)

ANNUAL: tuple[LunarRule, ...] = (*_SPRING_AND_SUMMER, *AUTUMN)
