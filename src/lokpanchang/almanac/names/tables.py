"""Name tables: English transliteration (drikpanchang.com spelling) and Sanskrit in Devanagari.

Each tuple is indexed by number - 1. Tithi names cover one paksha (1..15 Shukla with 15 =
Purnima; Krishna reuses 1..14 and 30 = Amavasya is the 16th entry). Karana names are the 11
distinct karanas; ``karana_name_index`` maps the 60 karanas of a lunar month onto them.
"""

from __future__ import annotations

ENGLISH = {
    "vara": ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"),
    "paksha": ("Shukla", "Krishna"),
    "tithi": ("Pratipada", "Dwitiya", "Tritiya", "Chaturthi", "Panchami", "Shashthi", "Saptami",
              "Ashtami", "Navami", "Dashami", "Ekadashi", "Dwadashi", "Trayodashi", "Chaturdashi",
              "Purnima", "Amavasya"),
    "nakshatra": ("Ashwini", "Bharani", "Krittika", "Rohini", "Mrigashira", "Ardra", "Punarvasu",
                  "Pushya", "Ashlesha", "Magha", "Purva Phalguni", "Uttara Phalguni", "Hasta",
                  "Chitra", "Swati", "Vishakha", "Anuradha", "Jyeshtha", "Mula", "Purva Ashadha",
                  "Uttara Ashadha", "Shravana", "Dhanishtha", "Shatabhisha", "Purva Bhadrapada",
                  "Uttara Bhadrapada", "Revati"),
    "yoga": ("Vishkambha", "Priti", "Ayushmana", "Saubhagya", "Shobhana", "Atiganda", "Sukarma",
             "Dhriti", "Shula", "Ganda", "Vriddhi", "Dhruva", "Vyaghata", "Harshana", "Vajra",
             "Siddhi", "Vyatipata", "Variyana", "Parigha", "Shiva", "Siddha", "Sadhya", "Shubha",
             "Shukla", "Brahma", "Indra", "Vaidhriti"),
    "karana": ("Kimstughna", "Bava", "Balava", "Kaulava", "Taitila", "Garaja", "Vanija", "Vishti",
               "Shakuni", "Chatushpada", "Naga"),
    "masa": ("Chaitra", "Vaishakha", "Jyeshtha", "Ashadha", "Shravana", "Bhadrapada", "Ashwina",
             "Kartika", "Margashirsha", "Pausha", "Magha", "Phalguna"),
    "ritu": ("Vasant", "Grishma", "Varsha", "Sharad", "Hemant", "Shishir"),
    "ayana": ("Uttarayana", "Dakshinayana"),
    "adhika": ("Adhik",),
    "samvatsara": (
        "Prabhava", "Vibhava", "Shukla", "Pramoda", "Prajapati", "Angira", "Shrimukha", "Bhava",
        "Yuva", "Dhata", "Ishvara", "Bahudhanya", "Pramathi", "Vikrama", "Vrisha", "Chitrabhanu",
        "Subhanu", "Tarana", "Parthiva", "Vyaya", "Sarvajit", "Sarvadhari", "Virodhi", "Vikriti",
        "Khara", "Nandana", "Vijaya", "Jaya", "Manmatha", "Durmukha", "Hemalambi", "Vilambi",
        "Vikari", "Sharvari", "Plava", "Shubhakrit", "Shobhakrit", "Krodhi", "Vishvavasu",
        "Parabhava", "Plavanga", "Kilaka", "Saumya", "Sadharana", "Virodhikrit", "Paridhavi",
        "Pramadi", "Ananda", "Rakshasa", "Nala", "Pingala", "Kalayukta", "Siddharthi", "Raudra",
        "Durmati", "Dundubhi", "Rudhirodgari", "Raktaksha", "Krodhana", "Akshaya"),
}

SANSKRIT = {
    "vara": ("रविवासरः", "सोमवासरः", "मङ्गलवासरः", "बुधवासरः", "गुरुवासरः", "शुक्रवासरः",
             "शनिवासरः"),
    "paksha": ("शुक्ल", "कृष्ण"),
    "tithi": ("प्रतिपदा", "द्वितीया", "तृतीया", "चतुर्थी", "पञ्चमी", "षष्ठी", "सप्तमी", "अष्टमी",
              "नवमी", "दशमी", "एकादशी", "द्वादशी", "त्रयोदशी", "चतुर्दशी", "पूर्णिमा", "अमावस्या"),
    "nakshatra": ("अश्विनी", "भरणी", "कृत्तिका", "रोहिणी", "मृगशिरा", "आर्द्रा", "पुनर्वसु", "पुष्य",
                  "आश्लेषा", "मघा", "पूर्वफाल्गुनी", "उत्तरफाल्गुनी", "हस्त", "चित्रा", "स्वाती",
                  "विशाखा", "अनुराधा", "ज्येष्ठा", "मूल", "पूर्वाषाढा", "उत्तराषाढा", "श्रवण",
                  "धनिष्ठा", "शतभिषा", "पूर्वभाद्रपदा", "उत्तरभाद्रपदा", "रेवती"),
    "yoga": ("विष्कम्भ", "प्रीति", "आयुष्मान्", "सौभाग्य", "शोभन", "अतिगण्ड", "सुकर्मा", "धृति",
             "शूल", "गण्ड", "वृद्धि", "ध्रुव", "व्याघात", "हर्षण", "वज्र", "सिद्धि", "व्यतीपात",
             "वरीयान्", "परिघ", "शिव", "सिद्ध", "साध्य", "शुभ", "शुक्ल", "ब्रह्म", "इन्द्र", "वैधृति"),
    "karana": ("किंस्तुघ्न", "बव", "बालव", "कौलव", "तैतिल", "गरज", "वणिज", "विष्टि", "शकुनि",
               "चतुष्पद", "नाग"),
    "masa": ("चैत्र", "वैशाख", "ज्येष्ठ", "आषाढ", "श्रावण", "भाद्रपद", "आश्विन", "कार्तिक",
             "मार्गशीर्ष", "पौष", "माघ", "फाल्गुन"),
    "ritu": ("वसन्त", "ग्रीष्म", "वर्षा", "शरद्", "हेमन्त", "शिशिर"),
    "ayana": ("उत्तरायण", "दक्षिणायन"),
    "adhika": ("अधिक",),
    "samvatsara": (
        "प्रभव", "विभव", "शुक्ल", "प्रमोद", "प्रजापति", "अङ्गिरा", "श्रीमुख", "भाव", "युवा", "धाता",
        "ईश्वर", "बहुधान्य", "प्रमाथी", "विक्रम", "वृष", "चित्रभानु", "सुभानु", "तारण", "पार्थिव",
        "व्यय", "सर्वजित्", "सर्वधारी", "विरोधी", "विकृति", "खर", "नन्दन", "विजय", "जय", "मन्मथ",
        "दुर्मुख", "हेमलम्बी", "विलम्बी", "विकारी", "शार्वरी", "प्लव", "शुभकृत्", "शोभकृत्",
        "क्रोधी", "विश्वावसु", "पराभव", "प्लवङ्ग", "कीलक", "सौम्य", "साधारण", "विरोधिकृत्",
        "परिधावी", "प्रमादी", "आनन्द", "राक्षस", "नल", "पिङ्गल", "कालयुक्त", "सिद्धार्थी", "रौद्र",
        "दुर्मति", "दुन्दुभि", "रुधिरोद्गारी", "रक्ताक्षी", "क्रोधन", "अक्षय"),
}

# Weekday names as each language writes them (not a transliteration of the Sanskrit).
VARA = {
    "hi": ("रविवार", "सोमवार", "मंगलवार", "बुधवार", "गुरुवार", "शुक्रवार", "शनिवार"),
    "mr": ("रविवार", "सोमवार", "मंगळवार", "बुधवार", "गुरुवार", "शुक्रवार", "शनिवार"),
    "ta": ("ஞாயிறு", "திங்கள்", "செவ்வாய்", "புதன்", "வியாழன்", "வெள்ளி", "சனி"),
    "te": ("ఆదివారం", "సోమవారం", "మంగళవారం", "బుధవారం", "గురువారం", "శుక్రవారం", "శనివారం"),
    "kn": ("ಭಾನುವಾರ", "ಸೋಮವಾರ", "ಮಂಗಳವಾರ", "ಬುಧವಾರ", "ಗುರುವಾರ", "ಶುಕ್ರವಾರ", "ಶನಿವಾರ"),
    "ml": ("ഞായർ", "തിങ്കൾ", "ചൊവ്വ", "ബുധൻ", "വ്യാഴം", "വെള്ളി", "ശനി"),
    "gu": ("રવિવાર", "સોમવાર", "મંગળવાર", "બુધવાર", "ગુરુવાર", "શુક્રવાર", "શનિવાર"),
    "bn": ("রবিবার", "সোমবার", "মঙ্গলবার", "বুধবার", "বৃহস্পতিবার", "শুক্রবার", "শনিবার"),
}

# Names that Tamil almanacs write in their own form rather than as transliterated Sanskrit.
TAMIL = {
    "nakshatra": ("அஸ்வினி", "பரணி", "கார்த்திகை", "ரோகிணி", "மிருகசீரிடம்", "திருவாதிரை",
                  "புனர்பூசம்", "பூசம்", "ஆயில்யம்", "மகம்", "பூரம்", "உத்திரம்", "அஸ்தம்",
                  "சித்திரை", "சுவாதி", "விசாகம்", "அனுஷம்", "கேட்டை", "மூலம்", "பூராடம்",
                  "உத்திராடம்", "திருவோணம்", "அவிட்டம்", "சதயம்", "பூரட்டாதி", "உத்திரட்டாதி",
                  "ரேவதி"),
    "tithi": ("பிரதமை", "துவிதியை", "திருதியை", "சதுர்த்தி", "பஞ்சமி", "சஷ்டி", "சப்தமி",
              "அஷ்டமி", "நவமி", "தசமி", "ஏகாதசி", "துவாதசி", "திரயோதசி", "சதுர்த்தசி", "பௌர்ணமி",
              "அமாவாசை"),
}


def karana_name_index(number: int) -> int:
    """Index into the karana names for karana ``number`` (1..60) of the lunar month."""
    if number == 1:
        return 0  # Kimstughna
    if number >= 58:
        return number - 50  # 58 Shakuni, 59 Chatushpada, 60 Naga
    return (number - 2) % 7 + 1  # Bava .. Vishti, eight times


def tithi_name_index(number: int) -> int:
    """Index into the tithi names for tithi ``number`` (1..30)."""
    if number == 30:
        return 15  # Amavasya
    return number - 1 if number <= 15 else number - 16
