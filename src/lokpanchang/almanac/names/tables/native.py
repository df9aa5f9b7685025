"""Names of the limbs of the day and of the months that a language writes in its own form
rather than as the Sanskrit name carried into its script (``almanac.names.scripts``), by
language and kind.

Each tuple is indexed as the Sanskrit one in ``limbs`` (tithis: one paksha, 15 = Purnima,
16 = Amavasya). The sources of native usage are beside each table in
tests/almanac/test_native_names.py.
"""

from __future__ import annotations

from lokpanchang.almanac.names import scripts
from lokpanchang.almanac.names.tables import limbs, year

# Names that Tamil almanacs write in their own form rather than as transliterated Sanskrit:
# nakshatras, tithis, and the yogas and karanas with Tamil's final ம் (விஷ்கம்பம், பவம்) and
# names of their own (சுப்பிரமம், பிராம்யம், ஐந்திரம்; தைதுளை, கரசை, வணிசை, பத்திரை).
TAMIL = {
    "nakshatra": (
        "அஸ்வினி",
        "பரணி",
        "கார்த்திகை",
        "ரோகிணி",
        "மிருகசீரிடம்",
        "திருவாதிரை",
        "புனர்பூசம்",
        "பூசம்",
        "ஆயில்யம்",
        "மகம்",
        "பூரம்",
        "உத்திரம்",
        "அஸ்தம்",
        "சித்திரை",
        "சுவாதி",
        "விசாகம்",
        "அனுஷம்",
        "கேட்டை",
        "மூலம்",
        "பூராடம்",
        "உத்திராடம்",
        "திருவோணம்",
        "அவிட்டம்",
        "சதயம்",
        "பூரட்டாதி",
        "உத்திரட்டாதி",
        "ரேவதி",
    ),
    "tithi": (
        "பிரதமை",
        "துவிதியை",
        "திருதியை",
        "சதுர்த்தி",
        "பஞ்சமி",
        "சஷ்டி",
        "சப்தமி",
        "அஷ்டமி",
        "நவமி",
        "தசமி",
        "ஏகாதசி",
        "துவாதசி",
        "திரயோதசி",
        "சதுர்த்தசி",
        "பௌர்ணமி",
        "அமாவாசை",
    ),
    "yoga": (
        "விஷ்கம்பம்",
        "ப்ரீதி",
        "ஆயுஷ்மான்",
        "சௌபாக்கியம்",
        "சோபனம்",
        "அதிகண்டம்",
        "சுகர்மம்",
        "திருதி",
        "சூலம்",
        "கண்டம்",
        "விருத்தி",
        "துருவம்",
        "வியாகாதம்",
        "ஹர்ஷணம்",
        "வஜ்ரம்",
        "சித்தி",
        "வியதீபாதம்",
        "வரீயான்",
        "பரீகம்",
        "சிவம்",
        "சித்தம்",
        "சாத்தியம்",
        "சுபம்",
        "சுப்பிரமம்",
        "பிராம்யம்",
        "ஐந்திரம்",
        "வைதிருதி",
    ),
    "karana": (
        "கிம்ஸ்துக்னம்",
        "பவம்",
        "பாலவம்",
        "கௌலவம்",
        "தைதுளை",
        "கரசை",
        "வணிசை",
        "பத்திரை",
        "சகுனி",
        "சதுஷ்பாதம்",
        "நாகவம்",
    ),
}

# Nakshatras as Malayalam almanacs name them (the 27 "naal"), not transliterated Sanskrit, and
# the tithis with Malayalam's short final vowel and chillus (പ്രഥമ, ചതുർത്ഥി, അമാവാസി):
# kaakkoo.blogspot.com/2011/12/blog-post_13.html ("മലയാളം പഞ്ചാംഗത്തിലെ നക്ഷത്രങ്ങൾ (27)";
# tests/almanac/test_native_names.py says where the 25th's spelling differs).
MALAYALAM: dict[str, tuple[str, ...]] = {
    "nakshatra": (
        "അശ്വതി",
        "ഭരണി",
        "കാർത്തിക",
        "രോഹിണി",
        "മകയിരം",
        "തിരുവാതിര",
        "പുണർതം",
        "പൂയം",
        "ആയില്യം",
        "മകം",
        "പൂരം",
        "ഉത്രം",
        "അത്തം",
        "ചിത്തിര",
        "ചോതി",
        "വിശാഖം",
        "അനിഴം",
        "തൃക്കേട്ട",
        "മൂലം",
        "പൂരാടം",
        "ഉത്രാടം",
        "തിരുവോണം",
        "അവിട്ടം",
        "ചതയം",
        "പൂരുരുട്ടാതി",
        "ഉത്രട്ടാതി",
        "രേവതി",
    ),
    "tithi": (
        "പ്രഥമ",
        "ദ്വിതീയ",
        "തൃതീയ",
        "ചതുർത്ഥി",
        "പഞ്ചമി",
        "ഷഷ്ഠി",
        "സപ്തമി",
        "അഷ്ടമി",
        "നവമി",
        "ദശമി",
        "ഏകാദശി",
        "ദ്വാദശി",
        "ത്രയോദശി",
        "ചതുർദശി",
        "പൗർണ്ണമി",
        "അമാവാസി",
    ),
}

# Tithis as Telugu almanacs name them (పాడ్యమి, విదియ, తదియ, చవితి), not transliterated
# Sanskrit: acchatelugupth.blogspot.com/2020/03/blog-post_51.html ("తిథులు") and
# sravanthisai.blogspot.com/2008/10/day-in-telugu-tithi.html (పాడ్యమి); so too the nakshatras
# (పుష్యమి, మఖ, పుబ్బ, ఉత్తర, చిత్త), the months (ఆశ్వయుజ, పుష్య, ఫాల్గుణ) and the yoga సుకర్మ.
TELUGU: dict[str, tuple[str, ...]] = {
    "tithi": (
        "పాడ్యమి",
        "విదియ",
        "తదియ",
        "చవితి",
        "పంచమి",
        "షష్ఠి",
        "సప్తమి",
        "అష్టమి",
        "నవమి",
        "దశమి",
        "ఏకాదశి",
        "ద్వాదశి",
        "త్రయోదశి",
        "చతుర్దశి",
        "పౌర్ణమి",
        "అమావాస్య",
    ),
    "nakshatra": (
        "అశ్విని",
        "భరణి",
        "కృత్తిక",
        "రోహిణి",
        "మృగశిర",
        "ఆర్ద్ర",
        "పునర్వసు",
        "పుష్యమి",
        "ఆశ్లేష",
        "మఖ",
        "పుబ్బ",
        "ఉత్తర",
        "హస్త",
        "చిత్త",
        "స్వాతి",
        "విశాఖ",
        "అనురాధ",
        "జ్యేష్ఠ",
        "మూల",
        "పూర్వాషాఢ",
        "ఉత్తరాషాఢ",
        "శ్రవణం",
        "ధనిష్ఠ",
        "శతభిషం",
        "పూర్వాభాద్ర",
        "ఉత్తరాభాద్ర",
        "రేవతి",
    ),
    "masa": (
        "చైత్ర",
        "వైశాఖ",
        "జ్యేష్ఠ",
        "ఆషాఢ",
        "శ్రావణ",
        "భాద్రపద",
        "ఆశ్వయుజ",
        "కార్తీక",
        "మార్గశిర",
        "పుష్య",
        "మాఘ",
        "ఫాల్గుణ",
    ),
    "yoga": (
        "విష్కంభ",
        "ప్రీతి",
        "ఆయుష్మాన్",
        "సౌభాగ్య",
        "శోభన",
        "అతిగండ",
        "సుకర్మ",
        "ధృతి",
        "శూల",
        "గండ",
        "వృద్ధి",
        "ధ్రువ",
        "వ్యాఘాత",
        "హర్షణ",
        "వజ్ర",
        "సిద్ధి",
        "వ్యతీపాత",
        "వరీయాన్",
        "పరిఘ",
        "శివ",
        "సిద్ధ",
        "సాధ్య",
        "శుభ",
        "శుక్ల",
        "బ్రహ్మ",
        "ఇంద్ర",
        "వైధృతి",
    ),
}

# Tithis as Kannada almanacs name them (ಪಾಡ್ಯ, ಬಿದಿಗೆ, ತದಿಗೆ, ಚೌತಿ … ಹುಣ್ಣಿಮೆ):
# kn.wikipedia.org/wiki/ಪಂಚಾಂಗ ("ತಿಥಿಗಳು ಯಾವುವೆಂದರೆ"); so too the months (ಆಶ್ವಯುಜ, ಮಾರ್ಗಶಿರ,
# ಪುಷ್ಯ, ಫಾಲ್ಗುಣ).
KANNADA: dict[str, tuple[str, ...]] = {
    "tithi": (
        "ಪಾಡ್ಯ",
        "ಬಿದಿಗೆ",
        "ತದಿಗೆ",
        "ಚೌತಿ",
        "ಪಂಚಮಿ",
        "ಷಷ್ಠಿ",
        "ಸಪ್ತಮಿ",
        "ಅಷ್ಟಮಿ",
        "ನವಮಿ",
        "ದಶಮಿ",
        "ಏಕಾದಶಿ",
        "ದ್ವಾದಶಿ",
        "ತ್ರಯೋದಶಿ",
        "ಚತುರ್ದಶಿ",
        "ಹುಣ್ಣಿಮೆ",
        "ಅಮಾವಾಸ್ಯೆ",
    ),
    "masa": (
        "ಚೈತ್ರ",
        "ವೈಶಾಖ",
        "ಜ್ಯೇಷ್ಠ",
        "ಆಷಾಢ",
        "ಶ್ರಾವಣ",
        "ಭಾದ್ರಪದ",
        "ಆಶ್ವಯುಜ",
        "ಕಾರ್ತಿಕ",
        "ಮಾರ್ಗಶಿರ",
        "ಪುಷ್ಯ",
        "ಮಾಘ",
        "ಫಾಲ್ಗುಣ",
    ),
}


# Bengali almanacs (panjika) write the first tithi প্রতিপদ and some nakshatras with a final
# া (পুষ্যা, হস্তা, মূলা, শ্রবণা): bn.wikipedia "পক্ষ" and "নক্ষত্র (চন্দ্রনিবাস)".
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
}


def _sanskrit_but(names: tuple[str, ...], changes: dict[int, str]) -> tuple[str, ...]:
    """``names`` with the names numbered (from 1) in ``changes`` replaced."""
    return tuple(changes.get(number, name) for number, name in enumerate(names, start=1))


# Hindi writes पूर्वाफाल्गुनी, पूर्वाभाद्रपद and the month आषाढ़ (hi.wikipedia "नक्षत्र" and the
# lists in the test); its other names are the Sanskrit ones with anusvara.
HINDI: dict[str, tuple[str, ...]] = {
    "nakshatra": _sanskrit_but(
        limbs.SANSKRIT["nakshatra"],
        {11: "पूर्वाफाल्गुनी", 12: "उत्तराफाल्गुनी", 25: "पूर्वाभाद्रपद", 26: "उत्तराभाद्रपद"},
    ),
    "masa": _sanskrit_but(year.SANSKRIT["masa"], {4: "आषाढ़"}),
}

# Marathi almanacs name some nakshatras their own way: मृग, पुनर्वसू, पूर्वा, उत्तरा, मूळ,
# शततारका (mr.wikipedia "पंचांग"), and the full moon पौर्णिमा (webdunia's "मराठी तिथी").
MARATHI: dict[str, tuple[str, ...]] = {
    "tithi": _sanskrit_but(
        tuple(scripts.with_anusvara(name) for name in limbs.SANSKRIT["tithi"]), {15: "पौर्णिमा"}
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
}

# Gujarati almanacs name the months in Gujarati form (જેઠ, ભાદરવો, આસો, કારતક, માગશર, મહા,
# ફાગણ): gu.wikipedia "મહિનો", the Vikram Samvat months.
GUJARATI: dict[str, tuple[str, ...]] = {
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
}
