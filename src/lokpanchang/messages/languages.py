"""The daily message's template bodies, one per text language.

Every text language (``languages.text_languages``) has its own body here, with the same
eight placeholders in the same order; the WhatsApp sender sends it under the language's Meta
code (``languages.meta_code``). The labels in each body are the registry's (``lokpanchang.languages.words``; a test keeps them equal); the keywords HELP and
STOP stay in Latin letters because the conversation handler matches them. The connecting
words and month names the parameters use live in the registry too. ``docs/whatsapp.md``
lists where each word was checked.
"""

from __future__ import annotations

from lokpanchang import languages
from lokpanchang.languages import MONTHS, WORDS

__all__ = ["DAILY_TEMPLATE_BODIES", "MONTHS", "WORDS", "text_language"]

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
    # Sanskrit's own body: the text of Telegram, e-mail and in-window replies. Meta has no
    # Sanskrit, so a WhatsApp template goes under Hindi's code (``languages.meta_code``).
    "sa": (
        "पञ्चाङ्गम्: {{1}}\n\n"
        "तिथिः: {{2}}\nनक्षत्रम्: {{3}}\nयोगः: {{4}}\nकरणम्: {{5}}\n"
        "सूर्योदयः / सूर्यास्तः: {{6}}\nराहुकालः: {{7}}\nमासः / संवत्: {{8}}\n\n"
        "साहाय्यार्थं HELP, सदस्यतां त्यक्तुं STOP इति लिखतु।"
    ),
    "ta": (
        "பஞ்சாங்கம்: {{1}}\n\n"
        "திதி: {{2}}\nநட்சத்திரம்: {{3}}\nயோகம்: {{4}}\nகரணம்: {{5}}\n"
        "சூரிய உதயம் / அஸ்தமனம்: {{6}}\nராகு காலம் / நல்ல நேரம்: {{7}}\nமாதம் / வருடம்: {{8}}\n\n"
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


def text_language(language: str) -> str:
    """The language whose body, words and months a reader of ``language`` gets (English if none)."""
    return languages.reads(language)
