"""Month and era names of the four solar calendars in the ten languages.

Each region's own language writes its months as that region does: Tamil
(சித்திரை .. பங்குனி), Malayalam (ചിങ്ങം .. കർക്കടകം) and Bengali (বৈশাখ .. চৈত্র), as listed
in Wikipedia's "Tamil calendar", "Malayalam calendar" and "Bengali calendar" (read through
the project's search tool, 2026-12-03) and in Sewell & Dikshit, *The Indian Calendar*
(1896), Table II part ii. English uses the romanisation common in those regions (Odia:
Baisakha .. Chaitra, as drikpanchang.com's Odia pages spell them). Sanskrit names every solar
month by the sign the Sun is in (मेष .. मीन), the "zodiac-sign-names of months" of Sewell &
Dikshit Art. 25. The Bengali and Odia months bear the lunar months' names (Baisakha is
Vaishakha), so the other languages write them as they write that lunar month
(``almanac.names``); the Tamil and Malayalam names have no such counterpart and are written
in each script as they sound (our transliteration: have a native reader check it,
``docs/almanac.md``).
"""

from __future__ import annotations

from lokpanchang.almanac.calendars.kinds import Calendar
from lokpanchang.almanac.names import label

_SIGNS_SANSKRIT = (
    "मेष", "वृषभ", "मिथुन", "कर्कट", "सिंह", "कन्या",
    "तुला", "वृश्चिक", "धनु", "मकर", "कुम्भ", "मीन",
)  # fmt: skip

_TAMIL_DEVANAGARI = (
    "चित्तिरै", "वैकासि", "आनि", "आडि", "आवणि", "पुरट्टासि",
    "ऐप्पसि", "कार्त्तिगै", "मार्गऴि", "तै", "मासि", "पंगुनि",
)  # fmt: skip
_MALAYALAM_DEVANAGARI = (
    "चिंगम", "कन्नि", "तुलाम", "वृश्चिकम", "धनु", "मकरम",
    "कुंभम", "मीनम", "मेडम", "इडवम", "मिथुनम", "कर्कटकम",
)  # fmt: skip

# Names written out per language; a language missing here takes the lunar month's name.
_MONTHS: dict[Calendar, dict[str, tuple[str, ...]]] = {
    Calendar.TAMIL: {
        "en": (
            "Chithirai", "Vaikasi", "Aani", "Aadi", "Avani", "Purattasi",
            "Aippasi", "Karthigai", "Margazhi", "Thai", "Masi", "Panguni",
        ),
        "ta": (
            "சித்திரை", "வைகாசி", "ஆனி", "ஆடி", "ஆவணி", "புரட்டாசி",
            "ஐப்பசி", "கார்த்திகை", "மார்கழி", "தை", "மாசி", "பங்குனி",
        ),
        "hi": _TAMIL_DEVANAGARI,
        "mr": _TAMIL_DEVANAGARI,
        "te": (
            "చిత్తిరై", "వైకాసి", "ఆని", "ఆడి", "ఆవణి", "పురట్టాసి",
            "ఐప్పసి", "కార్తిగై", "మార్గళి", "తై", "మాసి", "పంగుని",
        ),
        "kn": (
            "ಚಿತ್ತಿರೈ", "ವೈಕಾಸಿ", "ಆನಿ", "ಆಡಿ", "ಆವಣಿ", "ಪುರಟ್ಟಾಸಿ",
            "ಐಪ್ಪಸಿ", "ಕಾರ್ತಿಗೈ", "ಮಾರ್ಗಳಿ", "ತೈ", "ಮಾಸಿ", "ಪಂಗುನಿ",
        ),
        "ml": (
            "ചിത്തിര", "വൈകാശി", "ആനി", "ആടി", "ആവണി", "പുരട്ടാശി",
            "ഐപ്പശി", "കാർത്തിക", "മാർകഴി", "തൈ", "മാശി", "പങ്കുനി",
        ),
        "gu": (
            "ચિત્તિરૈ", "વૈકાસી", "આની", "આડી", "આવણી", "પુરટ્ટાસી",
            "ઐપ્પસી", "કાર્તિગૈ", "માર્ગળી", "તૈ", "માસી", "પંગુની",
        ),
        "bn": (
            "চিত্তিরৈ", "বৈকাসি", "আনি", "আড়ি", "আবণি", "পুরট্টাসি",
            "ঐপ্পসি", "কার্তিগৈ", "মার্গঝি", "তৈ", "মাসি", "পঙ্গুনি",
        ),
    },
    Calendar.MALAYALAM: {
        "en": (
            "Chingam", "Kanni", "Thulam", "Vrischikam", "Dhanu", "Makaram",
            "Kumbham", "Meenam", "Medam", "Edavam", "Mithunam", "Karkidakam",
        ),
        "ml": (
            "ചിങ്ങം", "കന്നി", "തുലാം", "വൃശ്ചികം", "ധനു", "മകരം",
            "കുംഭം", "മീനം", "മേടം", "ഇടവം", "മിഥുനം", "കർക്കടകം",
        ),
        "ta": (
            "சிங்கம்", "கன்னி", "துலாம்", "விருச்சிகம்", "தனு", "மகரம்",
            "கும்பம்", "மீனம்", "மேடம்", "இடவம்", "மிதுனம்", "கர்க்கடகம்",
        ),
        "hi": _MALAYALAM_DEVANAGARI,
        "mr": _MALAYALAM_DEVANAGARI,
        "te": (
            "చింగం", "కన్ని", "తులాం", "వృశ్చికం", "ధను", "మకరం",
            "కుంభం", "మీనం", "మేడం", "ఇడవం", "మిథునం", "కర్కటకం",
        ),
        "kn": (
            "ಚಿಂಗಂ", "ಕನ್ನಿ", "ತುಲಾಂ", "ವೃಶ್ಚಿಕಂ", "ಧನು", "ಮಕರಂ",
            "ಕುಂಭಂ", "ಮೀನಂ", "ಮೇಡಂ", "ಇಡವಂ", "ಮಿಥುನಂ", "ಕರ್ಕಟಕಂ",
        ),
        "gu": (
            "ચિંગમ", "કન્નિ", "તુલામ", "વૃશ્ચિકમ", "ધનુ", "મકરમ",
            "કુંભમ", "મીનમ", "મેડમ", "ઇડવમ", "મિથુનમ", "કર્કટકમ",
        ),
        "bn": (
            "চিঙ্গম", "কন্নি", "তুলাম", "বৃশ্চিকম", "ধনু", "মকরম",
            "কুম্ভম", "মীনম", "মেডম", "ইডবম", "মিথুনম", "কর্কটকম",
        ),
    },
    Calendar.BENGALI: {
        "en": (
            "Boishakh", "Joishtho", "Asharh", "Srabon", "Bhadro", "Ashwin",
            "Kartik", "Ogrohayon", "Poush", "Magh", "Falgun", "Choitro",
        ),
        "bn": (
            "বৈশাখ", "জ্যৈষ্ঠ", "আষাঢ়", "শ্রাবণ", "ভাদ্র", "আশ্বিন",
            "কার্তিক", "অগ্রহায়ণ", "পৌষ", "মাঘ", "ফাল্গুন", "চৈত্র",
        ),
    },
    Calendar.ODIA: {
        "en": (
            "Baisakha", "Jyeshtha", "Ashadha", "Shrabana", "Bhadraba", "Ashwina",
            "Kartika", "Margashira", "Pausha", "Magha", "Phalguna", "Chaitra",
        ),
    },
}  # fmt: skip

ERAS: dict[str, dict[str, str]] = {
    "shaka": {
        "en": "Shaka", "hi": "शक", "sa": "शक", "ta": "சக", "te": "శక",
        "kn": "ಶಕ", "ml": "ശക", "mr": "शक", "gu": "શક", "bn": "শক",
    },
    "kollam": {
        "en": "Kollam", "hi": "कोल्लम", "sa": "कोल्लम", "ta": "கொல்லம்", "te": "కొల్లం",
        "kn": "ಕೊಲ್ಲಂ", "ml": "കൊല്ലവർഷം", "mr": "कोल्लम", "gu": "કોલ્લમ", "bn": "কোল্লম",
    },
    "bangabda": {
        "en": "Bangabda", "hi": "बंगाब्द", "sa": "बङ्गाब्द", "ta": "வங்காப்தம்", "te": "బంగాబ్ద",
        "kn": "ಬಂಗಾಬ್ದ", "ml": "ബംഗാബ്ദം", "mr": "बंगाब्द", "gu": "બંગાબ્દ", "bn": "বঙ্গাব্দ",
    },
    "amli": {
        "en": "Amli", "hi": "अमली", "sa": "अमली", "ta": "அம்லி", "te": "అమ్లి",
        "kn": "ಅಮ್ಲಿ", "ml": "അമ്ലി", "mr": "अमली", "gu": "અમલી", "bn": "আমলি",
    },
}  # fmt: skip
"""Each solar era's name in every language (Kollam: കൊല്ലവർഷം, "the Kollam year", as Kerala
writes it; Bangabda: বঙ্গাব্দ; Amli: the Odia revenue year drikpanchang.com's Odia pages count)."""


def month_name(calendar: Calendar, number: int, lang: str) -> str:
    """The name of month ``number`` (1 .. 12) of solar ``calendar`` in language ``lang``."""
    if not 1 <= number <= 12:
        raise ValueError(f"solar month number {number} out of range 1..12")
    if lang == "sa":
        first_sign = 5 if calendar is Calendar.MALAYALAM else 1
        return _SIGNS_SANSKRIT[(number - 1 + first_sign - 1) % 12]
    written = _MONTHS[calendar].get(lang)
    if written is not None:
        return written[number - 1]
    # Bengali and Odia month 1 (Boishakh, Baisakha) is the lunar Vaishakha (masa 2).
    return label("masa", number % 12 + 1, lang)


def era_name(era: str, lang: str) -> str:
    """The name of solar era ``era`` (a key of ``ERAS``) in language ``lang``."""
    names = ERAS[era]
    if lang not in names:
        raise ValueError(f"unknown language {lang!r}; supported: {', '.join(names)}")
    return names[lang]
