"""Sanskrit names as Sanskrit writes them (issue 25 item 2), beside the usage tables of
tests/almanac/test_native_names.py (the yogas are in tests/almanac/test_native_yogas.py).

Two sources, copied (not computed): J = the Sanskrit panchanga generator of the
sanskrit-coders (github.com/jyotisham/jyotisha, jyotisha/names/README.md at commit
5d6d00bb347f0ec7ecfba220f5b8eb647ae31754, its devanagari columns of TITHI_NAMES,
NAKSHATRAM_NAMES, KARANAM_NAMES and CHANDRA_MASA_NAMES), written here as stems without the
case ending (पुष्यः → पुष्य, बवम् → बव), as our names are; S = the Sūrya Siddhānta in GRETIL's
Devanagari (github.com/sanskrit/raw_etexts, mixed/gretil_devanAgarI/6_sastra/8_jyot/
suryasiddhanta.md at commit 260be7063e2dad1897abe10001bdcaf36eb4e24e). Where we keep another
name than J, the difference is listed with its reason. The connecting words of the message
(पर्यन्तम्, ततः) are checked against the Bhagavad Gita's usage (below).
"""

from __future__ import annotations

import pytest

from lokpanchang import languages
from lokpanchang.almanac.names import table
from lokpanchang.almanac.observances.names_table import AMAVASYA, PURNIMA
from tests.almanac.test_native_names import nfc, usage_with_ours

# Tithis: J's TITHI_NAMES without the paksha (शुक्ल-प्रथमा → प्रथमा … पौर्णमासी, अमावास्या).
# S writes the full and new moon alike, 4.07: "अमावास्यान्तकालिकौ … पौर्णमास्यन्ते".
SANSKRIT_TITHIS = (
    "प्रथमा द्वितीया तृतीया चतुर्थी पञ्चमी षष्ठी सप्तमी अष्टमी नवमी दशमी एकादशी द्वादशी त्रयोदशी "
    "चतुर्दशी पौर्णमासी अमावास्या"
)
SANSKRIT_TITHI_USAGE_KEPT = {
    0: ("प्रतिपदा", "both name the first tithi; प्रतिपदा as Hindi and Marathi almanacs print it"),
}
# Nakshatras: J's NAKSHATRAM_NAMES, the Vedic (Taittirīya) names a sankalpa uses. We keep the
# names of the later jyotiṣa that every other language's list here writes; the differences:
LATER_NAME = "the later jyotiṣa name, as the other languages' lists write it"
SANSKRIT_NAKSHATRAS = (
    "अश्विनी अपभरणी कृत्तिका रोहिणी मृगशीर्ष आर्द्रा पुनर्वसु पुष्य आश्रेषा मघा पूर्वफल्गुनी "
    "उत्तरफल्गुनी हस्त चित्रा स्वाती विशाखा अनूराधा ज्येष्ठा मूला पूर्वाषाढा उत्तराषाढा श्रवण "
    "श्रविष्ठा शतभिषक् पूर्वप्रोष्ठपदा उत्तरप्रोष्ठपदा रेवती"
)
SANSKRIT_NAKSHATRA_USAGE_KEPT = {
    1: ("भरणी", "अपभरणी is the Vedic name; " + LATER_NAME),
    4: ("मृगशिरा", "both name it (मृगशीर्ष, मृगशिरस्); " + LATER_NAME),
    8: ("आश्लेषा", "आश्रेषा is the Vedic form; " + LATER_NAME),
    10: ("पूर्वफाल्गुनी", "फल्गुनी is the Vedic form; " + LATER_NAME),
    11: ("उत्तरफाल्गुनी", "फल्गुनी is the Vedic form; " + LATER_NAME),
    16: ("अनुराधा", "अनूराधा is the Vedic form; " + LATER_NAME),
    18: ("मूल", "both name it (मूला, मूल); " + LATER_NAME),
    22: ("धनिष्ठा", "श्रविष्ठा is the Vedic name; " + LATER_NAME),
    23: ("शतभिषा", "शतभिषक् is the Vedic form; " + LATER_NAME),
    24: ("पूर्वभाद्रपदा", "प्रोष्ठपदा is the Vedic name; " + LATER_NAME),
    25: ("उत्तरभाद्रपदा", "प्रोष्ठपदा is the Vedic name; " + LATER_NAME),
}
# Karanas: J's KARANAM_NAMES (किंस्तुघ्नम्, बवम् … भद्रा, शकुनिः, चतुष्पात्, नागवान्). S names
# the fixed ones, 2.67-68: "ध्रुवाणि शकुनिर् नागं तृतीयं तु चतुष्पदम्। किंस्तुघ्नं तु …
# बवादीनि ततह् सप्त चराख्यकरणानि".
SANSKRIT_KARANAS = "किंस्तुघ्न बव बालव कौलव तैतिल गरजा वणिजा भद्रा शकुनि चतुष्पात् नागवान्"
SANSKRIT_KARANA_USAGE_KEPT = {
    5: ("गरज", "J's गरजा is the feminine; Garaja, as every other language here"),
    6: ("वणिज", "J's वणिजा is the feminine; Vanija, as every other language here"),
    7: ("विष्टि", "भद्रा is Vishti's other name; every other list here writes Vishti"),
    9: ("चतुष्पद", "S writes चतुष्पदम् (2.67); J the consonant stem चतुष्पात्"),
    10: ("नाग", "S writes नागम् (2.67); J the older नागवान्"),
}
SURYA_SIDDHANTA_KARANAS = {1: "किंस्तुघ्न", 2: "बव", 9: "शकुनि", 10: "चतुष्पद", 11: "नाग"}
# Lunar months: J's CHANDRA_MASA_NAMES (चैत्रः … फाल्गुनः).
SANSKRIT_MONTHS = "चैत्र वैशाख ज्यैष्ठ आषाढ श्रावण भाद्रपद आश्वयुज कार्तिक मार्गशीर्ष पौष माघ फाल्गुन"
SANSKRIT_MONTH_USAGE_KEPT = {
    2: ("ज्येष्ठ", "both name the month; ज्येष्ठ as Hindi and Marathi almanacs print it"),
    6: ("आश्विन", "both name the month; आश्विन as Hindi and Marathi almanacs print it"),
}

# The connecting words of the message ("… until 10:37, then …"), as Sanskrit uses them: the
# Bhagavad Gita with its word meanings (github.com/gita/gita, data/verse.json at commit
# 700c015912aa3f17ec2f275b9cfdd4f04278f47f): 8.17 "सहस्रयुगपर्यन्तमहर्यद्ब्रह्मणो विदुः"
# ("paryantam—until") and 1.13 "ततः शङ्खाश्च भेर्यश्च" ("tataḥ—thereafter"). Sanskrit joins
# पर्यन्तम् to the noun before it (सहस्रयुग-पर्यन्तम्); ours follows a time in digits, so it
# stands apart ("{name} {time} पर्यन्तम्").
SANSKRIT_CONNECTING_WORDS = {"until": "पर्यन्तम्", "then": "ततः"}

USAGE = {
    "tithi": (SANSKRIT_TITHIS, SANSKRIT_TITHI_USAGE_KEPT),
    "nakshatra": (SANSKRIT_NAKSHATRAS, SANSKRIT_NAKSHATRA_USAGE_KEPT),
    "karana": (SANSKRIT_KARANAS, SANSKRIT_KARANA_USAGE_KEPT),
    "masa": (SANSKRIT_MONTHS, SANSKRIT_MONTH_USAGE_KEPT),
}


@pytest.mark.parametrize("kind", sorted(USAGE))
def test_sanskrit_names_are_sanskrit_usage(kind):
    assert list(table(kind, "sa")) == usage_with_ours(*USAGE[kind])


@pytest.mark.parametrize("number", sorted(SURYA_SIDDHANTA_KARANAS))
def test_the_fixed_karanas_are_the_surya_siddhantas(number):
    assert table("karana", "sa")[number - 1] == nfc(SURYA_SIDDHANTA_KARANAS[number])[0]


def test_the_full_and_new_moon_observances_name_them_as_the_tithis():
    assert (PURNIMA["sa"], AMAVASYA["sa"]) == tuple(table("tithi", "sa")[14:])


@pytest.mark.parametrize("key", sorted(SANSKRIT_CONNECTING_WORDS))
def test_the_connecting_words_are_the_sanskrit_ones(key):
    assert languages.words("sa")[key].split()[-1] == SANSKRIT_CONNECTING_WORDS[key]
