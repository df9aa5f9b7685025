"""Names of the limbs of the day, the months, seasons and ayanas that Bengali, Hindi, Marathi and
Gujarati write in their own form rather than as the Sanskrit name (with anusvara, in their
script), by language and kind.

Each tuple is indexed as the Sanskrit one in ``limbs`` (tithis: one paksha, 15 = Purnima,
16 = Amavasya). The sources of native usage are beside each table in
tests/almanac/test_native_names.py and its neighbours (test_native_year_names.py: seasons;
test_native_samvatsaras.py: the years).
"""

from __future__ import annotations

from lokpanchang.almanac.names import scripts
from lokpanchang.almanac.names.tables import limbs, year

# Bengali almanacs (panjika) write the first tithi প্রতিপদ and some nakshatras with a final
# া (পুষ্যা, হস্তা, মূলা, শ্রবণা): bn.wikipedia "পক্ষ" and "নক্ষত্র (চন্দ্রনিবাস)"; the months
# are the Bengali ones (জ্যৈষ্ঠ, ভাদ্র, অগ্রহায়ণ); the panjika writes the karana চতুষ্পাদ. The
# seasons are the Bengali calendar's: শরৎ, and শীত (winter) for Shishira.
BENGALI: dict[str, tuple[str, ...]] = {
    "tithi": (
        "প্রতিপদ",
        "দ্বিতীয়া",
        "তৃতীয়া",
        "চতুর্থী",
        "পঞ্চমী",
        "ষষ্ঠী",
        "সপ্তমী",
        "অষ্টমী",
        "নবমী",
        "দশমী",
        "একাদশী",
        "দ্বাদশী",
        "ত্রয়োদশী",
        "চতুর্দশী",
        "পূর্ণিমা",
        "অমাবস্যা",
    ),
    "nakshatra": (
        "অশ্বিনী",
        "ভরণী",
        "কৃত্তিকা",
        "রোহিণী",
        "মৃগশিরা",
        "আর্দ্রা",
        "পুনর্বসু",
        "পুষ্যা",
        "অশ্লেষা",
        "মঘা",
        "পূর্বফাল্গুনী",
        "উত্তরফাল্গুনী",
        "হস্তা",
        "চিত্রা",
        "স্বাতী",
        "বিশাখা",
        "অনুরাধা",
        "জ্যেষ্ঠা",
        "মূলা",
        "পূর্বাষাঢ়া",
        "উত্তরাষাঢ়া",
        "শ্রবণা",
        "ধনিষ্ঠা",
        "শতভিষা",
        "পূর্বভাদ্রপদ",
        "উত্তরভাদ্রপদ",
        "রেবতী",
    ),
    "masa": (
        "চৈত্র",
        "বৈশাখ",
        "জ্যৈষ্ঠ",
        "আষাঢ়",
        "শ্রাবণ",
        "ভাদ্র",
        "আশ্বিন",
        "কার্তিক",
        "অগ্রহায়ণ",
        "পৌষ",
        "মাঘ",
        "ফাল্গুন",
    ),
    "karana": (
        "কিংস্তুঘ্ন",
        "বব",
        "বালব",
        "কৌলব",
        "তৈতিল",
        "গরজ",
        "বণিজ",
        "বিষ্টি",
        "শকুনি",
        "চতুষ্পাদ",
        "নাগ",
    ),
    "ritu": ("বসন্ত", "গ্রীষ্ম", "বর্ষা", "শরৎ", "হেমন্ত", "শীত"),
}


def _sanskrit_but(names: tuple[str, ...], changes: dict[int, str]) -> tuple[str, ...]:
    """``names`` with the names numbered (from 1) in ``changes`` replaced."""
    return tuple(changes.get(number, name) for number, name in enumerate(names, start=1))


# Hindi writes पूर्वाफाल्गुनी, पूर्वाभाद्रपद and the month आषाढ़ (hi.wikipedia "नक्षत्र" and the
# lists in the test), and the full and new moon पूर्णिमा, अमावस्या (Sanskrit पौर्णमासी,
# अमावास्या); its other names are the Sanskrit ones with anusvara. Hindi and Marathi (and
# Gujarati) write the season शरद without the Sanskrit's final virama (शरद्).
_SEASONS_WITHOUT_FINAL_VIRAMA = _sanskrit_but(
    tuple(scripts.with_anusvara(name) for name in year.SANSKRIT["ritu"]), {4: "शरद"}
)
# The years as the AstroSage app's Hindi, Marathi and Gujarati lists write them: without the
# Sanskrit's final virama (सर्वजित, शुभकृत), as शरद; Gujarati writes ળ in પિંગળ, કાળયુક્ત (કાળ,
# time; કાલ is "tomorrow"), as in મંગળ.
_SAMVATSARAS_WITHOUT_FINAL_VIRAMA = tuple(
    scripts.with_anusvara(name).removesuffix("\u094d") for name in year.SANSKRIT["samvatsara"]
)
HINDI: dict[str, tuple[str, ...]] = {
    "tithi": _sanskrit_but(
        tuple(scripts.with_anusvara(name) for name in limbs.SANSKRIT["tithi"]),
        {15: "पूर्णिमा", 16: "अमावस्या"},
    ),
    "nakshatra": _sanskrit_but(
        limbs.SANSKRIT["nakshatra"],
        {11: "पूर्वाफाल्गुनी", 12: "उत्तराफाल्गुनी", 25: "पूर्वाभाद्रपद", 26: "उत्तराभाद्रपद"},
    ),
    "masa": _sanskrit_but(year.SANSKRIT["masa"], {4: "आषाढ़"}),
    "ritu": _SEASONS_WITHOUT_FINAL_VIRAMA,
    "samvatsara": _SAMVATSARAS_WITHOUT_FINAL_VIRAMA,
}

# Marathi almanacs name some nakshatras their own way: मृग, पुनर्वसू, पूर्वा, उत्तरा, मूळ,
# शततारका (mr.wikipedia "पंचांग"), the full and new moon पौर्णिमा, अमावस्या (webdunia's "मराठी
# तिथी"), and writes no virama at a word's end (the yogas आयुष्मान, वरीयान, as Gujarati); the
# karana चतुष्पाद (mr.wikipedia).
_YOGAS_WITHOUT_FINAL_VIRAMA = _sanskrit_but(
    tuple(scripts.with_anusvara(name) for name in limbs.SANSKRIT["yoga"]),
    {3: "आयुष्मान", 18: "वरीयान"},
)
MARATHI: dict[str, tuple[str, ...]] = {
    "tithi": _sanskrit_but(
        tuple(scripts.with_anusvara(name) for name in limbs.SANSKRIT["tithi"]),
        {15: "पौर्णिमा", 16: "अमावस्या"},
    ),
    "nakshatra": _sanskrit_but(
        limbs.SANSKRIT["nakshatra"],
        {
            5: "मृग",
            7: "पुनर्वसू",
            11: "पूर्वा",
            12: "उत्तरा",
            19: "मूळ",
            24: "शततारका",
            25: "पूर्वाभाद्रपदा",
            26: "उत्तराभाद्रपदा",
        },
    ),
    "yoga": _YOGAS_WITHOUT_FINAL_VIRAMA,
    "karana": _sanskrit_but(
        tuple(scripts.with_anusvara(name) for name in limbs.SANSKRIT["karana"]), {10: "चतुष्पाद"}
    ),
    "ritu": _SEASONS_WITHOUT_FINAL_VIRAMA,
    "samvatsara": _SAMVATSARAS_WITHOUT_FINAL_VIRAMA,
}

# Gujarati almanacs name the months in Gujarati form (જેઠ, ભાદરવો, આસો, કારતક, માગશર, મહા,
# ફાગણ): gu.wikipedia "મહિનો", the Vikram Samvat months; and write મૃગશીર્ષ, પૂર્વાફાલ્ગુની,
# ઉત્તરાફાલ્ગુની (vedicastrology-gujarati.blogspot.com's "૨૭ નક્ષત્રો"), સ્વાતિ, મૂળ,
# પૂર્વાભાદ્રપદા, ઉત્તરાભાદ્રપદા (Bombay Samachar's "આજનું પંચાંગ"); the Gujarati panchang
# names the full and new moon પૂનમ and અમાસ (gu.wikipedia "વિક્રમ સંવત"); Gujarati writes no
# virama at a word's end (the yogas આયુષ્માન, વરીયાન: the Shilpa Ratnakar's Gujarati list).
GUJARATI: dict[str, tuple[str, ...]] = {
    "tithi": tuple(
        scripts.to_script(scripts.with_anusvara(name), "gu")
        for name in limbs.SANSKRIT["tithi"][:14]
    )
    + ("પૂનમ", "અમાસ"),
    "nakshatra": tuple(
        scripts.to_script(name, "gu")
        for name in _sanskrit_but(
            limbs.SANSKRIT["nakshatra"],
            {
                5: "मृगशीर्ष",
                11: "पूर्वाफाल्गुनी",
                12: "उत्तराफाल्गुनी",
                15: "स्वाति",
                19: "मूळ",
                25: "पूर्वाभाद्रपदा",
                26: "उत्तराभाद्रपदा",
            },
        )
    ),
    "yoga": tuple(scripts.to_script(name, "gu") for name in _YOGAS_WITHOUT_FINAL_VIRAMA),
    "masa": (
        "ચૈત્ર",
        "વૈશાખ",
        "જેઠ",
        "અષાઢ",
        "શ્રાવણ",
        "ભાદરવો",
        "આસો",
        "કારતક",
        "માગશર",
        "પોષ",
        "મહા",
        "ફાગણ",
    ),
    "ritu": tuple(scripts.to_script(name, "gu") for name in _SEASONS_WITHOUT_FINAL_VIRAMA),
    "samvatsara": tuple(
        scripts.to_script(name, "gu")
        for name in _sanskrit_but(_SAMVATSARAS_WITHOUT_FINAL_VIRAMA, {51: "पिंगळ", 52: "काळयुक्त"})
    ),
}
