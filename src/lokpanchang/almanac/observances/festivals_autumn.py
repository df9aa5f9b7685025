"""The annual festivals of Ashwina and Kartika, Navratri to Kartika Purnima (part of ``table``,
the one rule table, through ``festivals.ANNUAL``; see ``table``'s notes on months and sources)."""

from __future__ import annotations

from lokpanchang.almanac.observances.model import ObservanceKind as Kind
from lokpanchang.almanac.observances.naming import names_of
from lokpanchang.almanac.observances.rules import (
    ONE_GHATI_OF_PRADOSHA,
    Both,
    LunarRule,
    Neither,
    Part,
)

F = Kind.FESTIVAL

GHATASTHAPANA = (
    "DP's Ghatasthapana pages: 'prohibited during Amavasya and night time ... The most "
    "important factor to consider is that Ghatasthapana is done before Hindu midday while "
    "Pratipada is prevailing'. The first day Pratipada is in force at sunrise and for a "
    "muhurta after it (a Pratipada of a muhurta rather than one joined with Amavasya, the "
    "Devi Purana verse Navratri digests cite); at none, the day it begins (DP month pages "
    "1901-2049). "
)

AUTUMN: tuple[LunarRule, ...] = (
    LunarRule(
        "sharad_navratri_begins",
        F,
        names_of("Sharad Navratri begins", "शारदीय नवरात्रि आरम्भ"),
        1,
        Part.SUNRISE,
        Both.EARLIER,
        Neither.EARLIER,
        GHATASTHAPANA + "Ashwina Shukla Pratipada",
        month=7,
        muhurtas=1.0,
    ),
    LunarRule(
        "durga_ashtami",
        F,
        names_of("Durga Ashtami", "दुर्गा अष्टमी", ta="துர்காஷ்டமி"),
        8,
        Part.PRATAH,
        Both.LATER,
        Neither.EARLIER,
        "DP: Ashwina Shukla Ashtami: the day it fills the pratahkala (the first fifth of the "
        "daytime), at both the later; at none the first, joined with Saptami (DP month "
        "pages 1901-2049)",
        month=7,
        whole=True,
    ),
    LunarRule(
        "maha_navami",
        F,
        names_of("Maha Navami", "महानवमी", ta="மகா நவமி"),
        9,
        Part.APARAHNA,
        Both.EARLIER,
        Neither.EARLIER,
        "DP: Ashwina Shukla Navami on the day Ashtami and Navami meet: Navami at aparahna, "
        "at both the earlier (DP month pages 1901-2049)",
        month=7,
    ),
    LunarRule(
        "dussehra",
        F,
        names_of("Dussehra", "विजयादशमी", hi="दशहरा", ta="விஜயதசமி"),
        10,
        Part.APARAHNA,
        Both.EARLIER,
        Neither.EARLIER,
        "DP: Ashwina Shukla Dashami at aparahna. Dharmasindhu (Marathi, transliteral.org/"
        "pages/z80504212607): 'in aparahna on two days or on neither, and Shravana on one "
        "of them: take that (Shravana) day'; on both with Shravana on both or neither, and "
        "on neither, the first; in aparahna on the first day only, the second lasting six "
        "ghatis but ending before aparahna, with Shravana that day: the second (DP month "
        "pages 1901-2049: Shravana at aparahna, 6 ghatis = 3 muhurtas after sunrise)",
        month=7,
        deciding_star=22,
    ),
    LunarRule(
        "sharad_purnima",
        F,
        names_of("Sharad Purnima", "शरद पूर्णिमा"),
        15,
        Part.NISHITA,
        Both.LATER,
        Neither.LATER,
        "DP: Ashwina Purnima at nishita, as Kojagara Puja; at both nishitas or neither, the "
        "later day: tie-breaks chosen to match the month pages 1901-2049 (one case each, "
        "1923 and 2041; no source states them)",
        month=7,
        with_moonrise=True,
    ),
    LunarRule(
        "karwa_chauth",
        F,
        names_of("Karwa Chauth", "करक चतुर्थी", hi="करवा चौथ"),
        19,
        Part.MOONRISE,
        Both.EARLIER,
        Neither.LATER,
        "DP and NS: Kartika (purnimanta) Krishna Chaturthi at moonrise; both: the earlier",
        month=7,
        fast=True,
    ),
    LunarRule(
        "ahoi_ashtami",
        F,
        names_of("Ahoi Ashtami", "अहोई अष्टमी"),
        23,
        Part.MOONRISE,
        Both.EARLIER,
        Neither.LATER,
        "DP: Kartika (purnimanta) Krishna Ashtami at moonrise (the evening's sighting, as "
        "Karwa Chauth), as Dharmasindhu reckons the moonrise vrats (Sankata Chaturthi 'is to "
        "be reckoned as of Chandrodaya kaala Vyapti', kamakoti.org's Essence of Dharma "
        "Sindhu, ch. 5); at both moonrises the earlier, at neither the later, the tie-breaks "
        "of Sankashti: chosen to match the month pages 1901-2049 (all 72; the five at "
        "neither moonrise, 1919, 1931, 1971, 1991 and 1993, on the later day)",
        month=7,
        fast=True,
    ),
    LunarRule(
        "dhanteras",
        F,
        names_of("Dhanteras", "धनत्रयोदशी", hi="धनतेरस"),
        28,
        Part.PRADOSHA,
        Both.LATER,
        Neither.LATER,
        "DP: Kartika (purnimanta) Krishna Trayodashi in pradosha, for at least one of its six "
        "ghatis as Pradosh; at both or neither the later day: the ghati and tie-breaks chosen "
        "to match the month pages 1901-2049 (all 75; unlike Pradosh, both: the later, 1953 "
        "and 2015)",
        month=7,
        least=ONE_GHATI_OF_PRADOSHA,
    ),
    LunarRule(
        "narak_chaturdashi",
        F,
        names_of("Narak Chaturdashi", "नरक चतुर्दशी", ta="நரக சதுர்த்தசி"),
        29,
        Part.ARUNODAYA,
        Both.GREATER,
        Neither.EARLIER,
        "DP: Abhyang snan before sunrise while Chaturdashi prevails (arunodaya); at both, "
        "the one it covers more (DP month pages 1901-2049)",
        month=7,
    ),
    LunarRule(
        "diwali",
        F,
        names_of(
            "Diwali",
            "दीपावली",
            hi="दिवाली",
            ta="தீபாவளி",
            te="దీపావళి",
            kn="ದೀಪಾವಳಿ",
            ml="ദീപാവലി",
            mr="दिवाळी",
            gu="દિવાળી",
            bn="দীপাবলি",
        ),
        30,
        Part.PRADOSHA,
        Both.LATER_IF_GHATI,
        Neither.EARLIER,
        "DP: Lakshmi Puja when Amavasya prevails in pradosha; on both evenings, the second "
        "if Amavasya lasts at least one ghati after its sunset (NS)",
        month=7,
    ),
    LunarRule(
        "govardhan_puja",
        F,
        names_of("Govardhan Puja", "गोवर्धन पूजा", ta="கோவர்த்தன பூஜை"),
        1,
        Part.SUNRISE,
        Both.EARLIER,
        Neither.EARLIER,
        "DP: Kartika Shukla Pratipada. The rule Webdunia gives (hindi.webdunia.com, 2018, "
        "'Govardhan Pooja 2018'): on Kartika Shukla Pratipada with no sight of the Moon that evening, else the "
        "day before; when Pratipada lasts at least 9 muhurtas after sunrise, that day though "
        "the Moon is seen. So: the day Pratipada is at sunrise and for 9 muhurtas (daytime "
        "fifteenths) after it, else the day it begins (DP month pages 1901-2049: all 75; "
        "1939, 5.2 muhurtas, and 1937, 7.4, on the day before)",
        month=8,
        muhurtas=9.0,
    ),
    LunarRule(
        "bhai_dooj",
        F,
        names_of("Bhai Dooj", "यम द्वितीया", hi="भाई दूज", mr="भाऊबीज", bn="ভাইফোঁটা"),
        2,
        Part.APARAHNA,
        Both.GREATER,
        Neither.LATER,
        "DP: Kartika Shukla Dwitiya at aparahna (the fourth fifth of the daytime); at "
        "neither aparahna, the next day (AstroSage's Bhai Dooj page, as vijayjoshiastro.com "
        "copies it; DP month pages 1941 and 1985); at both, the one it covers more: chosen "
        "to match the month pages (that text's 'the next day' misses 1937, 1999 and 2023)",
        month=8,
    ),
    LunarRule(
        "chhath_puja",
        F,
        names_of("Chhath Puja", "सूर्य षष्ठी", hi="छठ पूजा"),
        6,
        Part.SUNRISE,
        Both.EARLIER,
        Neither.EARLIER,
        "DP month pages 1901-2049: Chhath Puja (Sandhya Arghya) on the day Kartika Shukla "
        "Shashthi is in force at sunrise",
        month=8,
        fast=True,
    ),
    LunarRule(
        "kartika_purnima",
        F,
        names_of("Kartika Purnima", "कार्तिक पूर्णिमा", ta="கார்த்திகை பௌர்ணமி"),
        15,
        Part.SUNRISE,
        Both.EARLIER,
        Neither.EARLIER,
        "DP: Kartika Purnima at sunrise",
        month=8,
    ),
)
