"""The conversation's command words in every text language (issue 14), beside the registry's
start, stop and help words. Words are casefolded; a reader of Sanskrit writes the Hindi ones.

``ARGUMENT_COMMANDS`` take what follows the word (``time 05:45``, ``pause 7``, ``sunrise+30``);
the others are the whole message. ``NEXT_WORDS`` may come before ``ekadashi`` ("next
ekadashi", "अगली एकादशी") and change nothing. "Yesterday" is each language's dictionary word
(en.wiktionary.org, "yesterday", Translations); Hindi's कल is both days and stays tomorrow,
so yesterday is "बीता कल" / "गुज़रा कल" (the kal that has gone). The words in other languages are ours (the
everyday word for each idea): ``docs/whatsapp.md`` lists them; have a native speaker read them.
"""

from __future__ import annotations

COMMANDS = (
    "today",
    "tomorrow",
    "yesterday",
    "time",
    "sunrise",
    "status",
    "ekadashi",
    "festivals",
    "pause",
    "delete",
    "yes",
    "calendar",
    "card",
)
ARGUMENT_COMMANDS = frozenset(("time", "sunrise", "pause", "calendar", "card"))

WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "today": ("today",),
        "tomorrow": ("tomorrow",),
        "yesterday": ("yesterday",),
        "time": ("time",),
        "sunrise": ("sunrise",),
        "status": ("status",),
        "ekadashi": ("ekadashi",),
        "festivals": ("festivals", "festival", "vrat", "vrats"),
        "pause": ("pause",),
        "delete": ("delete",),
        "yes": ("yes",),
        "calendar": ("calendar",),
        "card": ("card",),
    },
    "hi": {
        "today": ("आज",),
        "tomorrow": ("कल",),
        "yesterday": ("बीता कल", "गुज़रा कल", "गुजरा कल"),
        "time": ("समय",),
        "sunrise": ("सूर्योदय",),
        "status": ("स्थिति",),
        "ekadashi": ("एकादशी",),
        "festivals": ("त्योहार", "व्रत"),
        "pause": ("विराम",),
        "delete": ("मिटाएँ", "मिटाएं"),
        "yes": ("हाँ", "हां"),
        "calendar": ("कैलेंडर",),
        "card": ("कार्ड",),
    },
    "ta": {
        "today": ("இன்று",),
        "tomorrow": ("நாளை",),
        "yesterday": ("நேற்று",),
        "time": ("நேரம்",),
        "sunrise": ("உதயம்",),
        "status": ("நிலை",),
        "ekadashi": ("ஏகாதசி",),
        "festivals": ("பண்டிகைகள்", "விரதம்"),
        "pause": ("இடைநிறுத்து",),
        "delete": ("நீக்கு",),
        "yes": ("ஆம்",),
        "calendar": ("நாட்காட்டி", "காலண்டர்"),
        "card": ("கார்டு", "அட்டை"),
    },
    "te": {
        "today": ("ఈరోజు",),
        "tomorrow": ("రేపు",),
        "yesterday": ("నిన్న",),
        "time": ("సమయం",),
        "sunrise": ("సూర్యోదయం",),
        "status": ("స్థితి",),
        "ekadashi": ("ఏకాదశి",),
        "festivals": ("పండుగలు", "వ్రతం"),
        "pause": ("విరామం",),
        "delete": ("తొలగించు",),
        "yes": ("అవును",),
        "calendar": ("క్యాలెండర్", "కాలెండర్"),
        "card": ("కార్డు", "కార్డ్"),
    },
    "kn": {
        "today": ("ಇಂದು",),
        "tomorrow": ("ನಾಳೆ",),
        "yesterday": ("ನಿನ್ನೆ",),
        "time": ("ಸಮಯ",),
        "sunrise": ("ಸೂರ್ಯೋದಯ",),
        "status": ("ಸ್ಥಿತಿ",),
        "ekadashi": ("ಏಕಾದಶಿ",),
        "festivals": ("ಹಬ್ಬಗಳು", "ವ್ರತ"),
        "pause": ("ವಿರಾಮ",),
        "delete": ("ಅಳಿಸಿ",),
        "yes": ("ಹೌದು",),
        "calendar": ("ಕ್ಯಾಲೆಂಡರ್",),
        "card": ("ಕಾರ್ಡ್",),
    },
    "ml": {
        "today": ("ഇന്ന്",),
        "tomorrow": ("നാളെ",),
        "yesterday": ("ഇന്നലെ",),
        "time": ("സമയം",),
        "sunrise": ("സൂര്യോദയം",),
        "status": ("നില",),
        "ekadashi": ("ഏകാദശി",),
        "festivals": ("ഉത്സവങ്ങൾ", "വ്രതം"),
        "pause": ("ഇടവേള",),
        "delete": ("മായ്ക്കുക",),
        "yes": ("അതെ",),
        "calendar": ("കലണ്ടർ",),
        "card": ("കാർഡ്",),
    },
    "mr": {
        "today": ("आज",),
        "tomorrow": ("उद्या",),
        "yesterday": ("काल",),
        "time": ("वेळ",),
        "sunrise": ("सूर्योदय",),
        "status": ("स्थिती",),
        "ekadashi": ("एकादशी",),
        "festivals": ("सण", "व्रत"),
        "pause": ("विराम",),
        "delete": ("हटवा",),
        "yes": ("हो",),
        "calendar": ("दिनदर्शिका", "कॅलेंडर"),
        "card": ("कार्ड",),
    },
    "gu": {
        "today": ("આજે",),
        "tomorrow": ("આવતીકાલે",),
        "yesterday": ("ગઈકાલે", "ગઈ કાલે"),
        "time": ("સમય",),
        "sunrise": ("સૂર્યોદય",),
        "status": ("સ્થિતિ",),
        "ekadashi": ("એકાદશી",),
        "festivals": ("તહેવારો", "વ્રત"),
        "pause": ("વિરામ",),
        "delete": ("કાઢી નાખો",),
        "yes": ("હા",),
        "calendar": ("કેલેન્ડર",),
        "card": ("કાર્ડ",),
    },
    "bn": {
        "today": ("আজ",),
        "tomorrow": ("আগামীকাল",),
        "yesterday": ("গতকাল",),
        "time": ("সময়",),
        "sunrise": ("সূর্যোদয়",),
        "status": ("অবস্থা",),
        "ekadashi": ("একাদশী",),
        "festivals": ("উৎসব", "ব্রত"),
        "pause": ("বিরতি",),
        "delete": ("মুছুন",),
        "yes": ("হ্যাঁ",),
        "calendar": ("ক্যালেন্ডার",),
        "card": ("কার্ড",),
    },
}

# ``card on`` / ``card off``: the words that follow ``card`` (issue 27), in every text
# language; English ``on``/``off`` are understood from anyone. The first of each is the one
# replies name. Ours (the everyday words, loanwords where they are what people say): have a
# native speaker read them.
CARD_SWITCH: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"on": ("on",), "off": ("off",)},
    "hi": {"on": ("चालू",), "off": ("बंद",)},
    "ta": {"on": ("ஆன்", "இயக்கு"), "off": ("ஆஃப்", "நிறுத்து")},
    "te": {"on": ("ఆన్",), "off": ("ఆఫ్", "ఆపు")},
    "kn": {"on": ("ಆನ್",), "off": ("ಆಫ್",)},
    "ml": {"on": ("ഓൺ",), "off": ("ഓഫ്",)},
    "mr": {"on": ("चालू",), "off": ("बंद",)},
    "gu": {"on": ("ચાલુ",), "off": ("બંધ",)},
    "bn": {"on": ("চালু",), "off": ("বন্ধ",)},
}

# ``calendar <name>``: each calendar's name as each text language writes it, the first one
# shown in replies and on the page; every one is accepted (casefolded) from any reader.
CALENDAR_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "amanta": ("Amanta", "amant"),
        "purnimanta": ("Purnimanta", "purnimant"),
        "tamil": ("Tamil",),
        "malayalam": ("Malayalam",),
        "bengali": ("Bengali", "bangla"),
        "odia": ("Odia", "oriya"),
    },
    "hi": {
        "amanta": ("अमांत",),
        "purnimanta": ("पूर्णिमांत",),
        "tamil": ("तमिल",),
        "malayalam": ("मलयालम",),
        "bengali": ("बंगाली", "बांग्ला"),
        "odia": ("ओड़िया", "उड़िया", "ओडिया"),
    },
    "ta": {
        "amanta": ("அமாந்த",),
        "purnimanta": ("பூர்ணிமாந்த",),
        "tamil": ("தமிழ்",),
        "malayalam": ("மலையாளம்",),
        "bengali": ("வங்காளம்",),
        "odia": ("ஒடியா",),
    },
    "te": {
        "amanta": ("అమాంత",),
        "purnimanta": ("పూర్ణిమాంత",),
        "tamil": ("తమిళ",),
        "malayalam": ("మలయాళ",),
        "bengali": ("బెంగాలీ",),
        "odia": ("ఒడియా",),
    },
    "kn": {
        "amanta": ("ಅಮಾಂತ",),
        "purnimanta": ("ಪೂರ್ಣಿಮಾಂತ",),
        "tamil": ("ತಮಿಳು",),
        "malayalam": ("ಮಲಯಾಳಂ",),
        "bengali": ("ಬಂಗಾಳಿ",),
        "odia": ("ಒಡಿಯಾ",),
    },
    "ml": {
        "amanta": ("അമാന്ത",),
        "purnimanta": ("പൂർണിമാന്ത",),
        "tamil": ("തമിഴ്",),
        "malayalam": ("മലയാളം",),
        "bengali": ("ബംഗാളി",),
        "odia": ("ഒഡിയ",),
    },
    "mr": {
        "amanta": ("अमांत",),
        "purnimanta": ("पौर्णिमांत", "पूर्णिमांत"),
        "tamil": ("तमिळ",),
        "malayalam": ("मल्याळम",),
        "bengali": ("बंगाली",),
        "odia": ("ओडिया",),
    },
    "gu": {
        "amanta": ("અમાંત",),
        "purnimanta": ("પૂર્ણિમાંત",),
        "tamil": ("તમિલ",),
        "malayalam": ("મલયાલમ",),
        "bengali": ("બંગાળી",),
        "odia": ("ઓડિયા",),
    },
    "bn": {
        "amanta": ("অমান্ত",),
        "purnimanta": ("পূর্ণিমান্ত",),
        "tamil": ("তামিল",),
        "malayalam": ("মালয়ালম",),
        "bengali": ("বাংলা", "বঙ্গাব্দ"),
        "odia": ("ওড়িয়া",),
    },
}

NEXT_WORDS = frozenset(
    ("next", "अगली", "अगला", "அடுத்த", "తదుపరి", "ಮುಂದಿನ", "അടുത്ത", "पुढील", "આગામી", "পরবর্তী")
)
