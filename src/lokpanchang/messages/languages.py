"""The daily message's fixed text in each language: template bodies, connecting words, months.

Every language the sender addresses at Meta (``delivery.whatsapp.LANGUAGE_CODES``) has its
own body here, with the same eight placeholders in the same order. Labels are the words the
language's own almanacs print (mostly Sanskrit loanwords); the keywords HELP and STOP stay
in Latin letters because the conversation handler matches them. Gregorian month names are
glibc's locale data (``/usr/share/i18n/locales/<lang>_IN``, field ``mon``); digits stay
Western. ``docs/whatsapp.md`` lists where each word was checked.
"""

from __future__ import annotations

# The bodies to register with Meta (template ``daily_panchangam``), one per language code.
# These strings are the source of truth: renderings are checked against them.
DAILY_TEMPLATE_BODIES: dict[str, str] = {
    "en": (
        "Panchangam for {{1}}\n\n"
        "Tithi: {{2}}\nNakshatra: {{3}}\nYoga: {{4}}\nKarana: {{5}}\n"
        "Sunrise / Sunset: {{6}}\nRahu Kalam: {{7}}\nMonth / Samvat: {{8}}\n\n"
        "Reply HELP for help or STOP to unsubscribe."
    ),
    "hi": (
        "पंचांग: {{1}}\n\n"
        "तिथि: {{2}}\nनक्षत्र: {{3}}\nयोग: {{4}}\nकरण: {{5}}\n"
        "सूर्योदय / सूर्यास्त: {{6}}\nराहु काल: {{7}}\nमास / संवत: {{8}}\n\n"
        "सहायता के लिए HELP, सदस्यता बंद करने के लिए STOP लिखें।"
    ),
    "ta": (
        "பஞ்சாங்கம்: {{1}}\n\n"
        "திதி: {{2}}\nநட்சத்திரம்: {{3}}\nயோகம்: {{4}}\nகரணம்: {{5}}\n"
        "சூரிய உதயம் / அஸ்தமனம்: {{6}}\nராகு காலம்: {{7}}\nமாதம் / வருடம்: {{8}}\n\n"
        "உதவிக்கு HELP, சந்தாவை நிறுத்த STOP என்று அனுப்பவும்."
    ),
    "te": (
        "పంచాంగం: {{1}}\n\n"
        "తిథి: {{2}}\nనక్షత్రం: {{3}}\nయోగం: {{4}}\nకరణం: {{5}}\n"
        "సూర్యోదయం / సూర్యాస్తమయం: {{6}}\nరాహుకాలం: {{7}}\nమాసం / సంవత్సరం: {{8}}\n\n"
        "సహాయం కోసం HELP, చందా నిలిపివేయడానికి STOP అని పంపండి."
    ),
    "kn": (
        "ಪಂಚಾಂಗ: {{1}}\n\n"
        "ತಿಥಿ: {{2}}\nನಕ್ಷತ್ರ: {{3}}\nಯೋಗ: {{4}}\nಕರಣ: {{5}}\n"
        "ಸೂರ್ಯೋದಯ / ಸೂರ್ಯಾಸ್ತ: {{6}}\nರಾಹುಕಾಲ: {{7}}\nಮಾಸ / ಸಂವತ್ಸರ: {{8}}\n\n"
        "ಸಹಾಯಕ್ಕಾಗಿ HELP, ಚಂದಾದಾರಿಕೆ ನಿಲ್ಲಿಸಲು STOP ಎಂದು ಕಳುಹಿಸಿ."
    ),
    "ml": (
        "പഞ്ചാംഗം: {{1}}\n\n"
        "തിഥി: {{2}}\nനക്ഷത്രം: {{3}}\nനിത്യയോഗം: {{4}}\nകരണം: {{5}}\n"
        "സൂര്യോദയം / സൂര്യാസ്തമയം: {{6}}\nരാഹുകാലം: {{7}}\nമാസം / വർഷം: {{8}}\n\n"
        "സഹായത്തിന് HELP, സേവനം നിർത്താൻ STOP എന്ന് അയയ്ക്കുക."
    ),
    "mr": (
        "पंचांग: {{1}}\n\n"
        "तिथी: {{2}}\nनक्षत्र: {{3}}\nयोग: {{4}}\nकरण: {{5}}\n"
        "सूर्योदय / सूर्यास्त: {{6}}\nराहू काळ: {{7}}\nमास / संवत: {{8}}\n\n"
        "मदतीसाठी HELP, सदस्यता रद्द करण्यासाठी STOP लिहा."
    ),
    "gu": (
        "પંચાંગ: {{1}}\n\n"
        "તિથિ: {{2}}\nનક્ષત્ર: {{3}}\nયોગ: {{4}}\nકરણ: {{5}}\n"
        "સૂર્યોદય / સૂર્યાસ્ત: {{6}}\nરાહુકાલ: {{7}}\nમાસ / સંવત: {{8}}\n\n"
        "મદદ માટે HELP, સભ્યપદ બંધ કરવા STOP લખો."
    ),
    "bn": (
        "পঞ্জিকা: {{1}}\n\n"
        "তিথি: {{2}}\nনক্ষত্র: {{3}}\nযোগ: {{4}}\nকরণ: {{5}}\n"
        "সূর্যোদয় / সূর্যাস্ত: {{6}}\nরাহুকাল: {{7}}\nমাস / বছর: {{8}}\n\n"
        "সাহায্যের জন্য HELP, সদস্যতা বন্ধ করতে STOP লিখুন।"
    ),
}

# Languages read with another language's body (Meta has no Sanskrit templates; the sender
# sends Sanskrit readers the Hindi template, see ``delivery.whatsapp.LANGUAGE_CODES``).
BODY_LANGUAGE = {"sa": "hi"}

# "{name} till {time}", "then" before the next element, and the era's name before the
# Vikram year. Outside Hindi, Marathi, Gujarati and Bengali the era is written as the
# almanac writes Sanskrit in that script (``almanac.names.scripts.to_script``).
WORDS: dict[str, dict[str, str]] = {
    "en": {"until": "{name} till {time}", "then": "then", "samvat": "Vikram Samvat"},
    "hi": {"until": "{name} {time} तक", "then": "फिर", "samvat": "विक्रम संवत"},
    "ta": {"until": "{name} {time} வரை", "then": "பிறகு", "samvat": "விக்ரம ஸம்வத்"},
    "te": {"until": "{name} {time} వరకు", "then": "తర్వాత", "samvat": "విక్రమ సంవత్"},
    "kn": {"until": "{name} {time} ವರೆಗೆ", "then": "ನಂತರ", "samvat": "ವಿಕ್ರಮ ಸಂವತ್"},
    "ml": {"until": "{name} {time} വരെ", "then": "തുടർന്ന്", "samvat": "വിക്രമ സംവത്"},
    "mr": {"until": "{name} {time} पर्यंत", "then": "नंतर", "samvat": "विक्रम संवत"},
    "gu": {"until": "{name} {time} સુધી", "then": "પછી", "samvat": "વિક્રમ સંવત"},
    "bn": {"until": "{name} {time} পর্যন্ত", "then": "পরে", "samvat": "বিক্রম সাম্বৎ"},
}

# Gregorian months for the heading's date. English keeps its short forms.
MONTHS: dict[str, tuple[str, ...]] = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    "hi": (
        "जनवरी",
        "फ़रवरी",
        "मार्च",
        "अप्रैल",
        "मई",
        "जून",
        "जुलाई",
        "अगस्त",
        "सितंबर",
        "अक्तूबर",
        "नवंबर",
        "दिसंबर",
    ),
    "ta": (
        "ஜனவரி",
        "பிப்ரவரி",
        "மார்ச்",
        "ஏப்ரல்",
        "மே",
        "ஜூன்",
        "ஜூலை",
        "ஆகஸ்ட்",
        "செப்டம்பர்",
        "அக்டோபர்",
        "நவம்பர்",
        "டிசம்பர்",
    ),
    "te": (
        "జనవరి",
        "ఫిబ్రవరి",
        "మార్చి",
        "ఏప్రిల్",
        "మే",
        "జూన్",
        "జులై",
        "ఆగస్టు",
        "సెప్టెంబర్",
        "అక్టోబర్",
        "నవంబర్",
        "డిసెంబర్",
    ),
    "kn": (
        "ಜನವರಿ",
        "ಫೆಬ್ರವರಿ",
        "ಮಾರ್ಚ್",
        "ಏಪ್ರಿಲ್",
        "ಮೇ",
        "ಜೂನ್",
        "ಜುಲೈ",
        "ಆಗಸ್ಟ್",
        "ಸೆಪ್ಟೆಂಬರ್",
        "ಅಕ್ಟೋಬರ್",
        "ನವೆಂಬರ್",
        "ಡಿಸೆಂಬರ್",
    ),
    "ml": (
        "ജനുവരി",
        "ഫെബ്രുവരി",
        "മാർച്ച്",
        "ഏപ്രിൽ",
        "മേയ്",
        "ജൂൺ",
        "ജൂലൈ",
        "ഓഗസ്റ്റ്",
        "സെപ്റ്റംബർ",
        "ഒക്\u200cടോബർ",
        "നവംബർ",
        "ഡിസംബർ",
    ),
    "mr": (
        "जानेवारी",
        "फेब्रुवारी",
        "मार्च",
        "एप्रिल",
        "मे",
        "जून",
        "जुलै",
        "ऑगस्ट",
        "सप्टेंबर",
        "ऑक्टोबर",
        "नोव्हेंबर",
        "डिसेंबर",
    ),
    "gu": (
        "જાન્યુઆરી",
        "ફેબ્રુઆરી",
        "માર્ચ",
        "એપ્રિલ",
        "મે",
        "જૂન",
        "જુલાઈ",
        "ઑગસ્ટ",
        "સપ્ટેમ્બર",
        "ઑક્ટોબર",
        "નવેમ્બર",
        "ડિસેમ્બર",
    ),
    "bn": (
        "জানুয়ারী",
        "ফেব্রুয়ারী",
        "মার্চ",
        "এপ্রিল",
        "মে",
        "জুন",
        "জুলাই",
        "আগস্ট",
        "সেপ্টেম্বর",
        "অক্টোবর",
        "নভেম্বর",
        "ডিসেম্বর",
    ),
}


def text_language(language: str) -> str:
    """The language whose body, words and months a reader of ``language`` gets (English if none)."""
    language = BODY_LANGUAGE.get(language, language)
    return language if language in DAILY_TEMPLATE_BODIES else "en"
