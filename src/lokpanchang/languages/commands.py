"""The conversation's command words in every text language (issue 14), beside the registry's
start, stop and help words. Words are casefolded; a reader of Sanskrit writes the Hindi ones.

``ARGUMENT_COMMANDS`` take what follows the word (``time 05:45``, ``pause 7``, ``sunrise+30``);
the others are the whole message. ``NEXT_WORDS`` may come before ``ekadashi`` ("next
ekadashi", "अगली एकादशी") and change nothing. The words in other languages are ours (the
everyday word for each idea): ``docs/whatsapp.md`` lists them; have a native speaker read them.
"""

from __future__ import annotations

COMMANDS = (
    "today",
    "tomorrow",
    "time",
    "sunrise",
    "status",
    "ekadashi",
    "festivals",
    "pause",
    "delete",
    "yes",
)
ARGUMENT_COMMANDS = frozenset(("time", "sunrise", "pause"))

WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "today": ("today",),
        "tomorrow": ("tomorrow",),
        "time": ("time",),
        "sunrise": ("sunrise",),
        "status": ("status",),
        "ekadashi": ("ekadashi",),
        "festivals": ("festivals", "festival", "vrat", "vrats"),
        "pause": ("pause",),
        "delete": ("delete",),
        "yes": ("yes",),
    },
    "hi": {
        "today": ("आज",),
        "tomorrow": ("कल",),
        "time": ("समय",),
        "sunrise": ("सूर्योदय",),
        "status": ("स्थिति",),
        "ekadashi": ("एकादशी",),
        "festivals": ("त्योहार", "व्रत"),
        "pause": ("विराम",),
        "delete": ("मिटाएँ", "मिटाएं"),
        "yes": ("हाँ", "हां"),
    },
    "ta": {
        "today": ("இன்று",),
        "tomorrow": ("நாளை",),
        "time": ("நேரம்",),
        "sunrise": ("உதயம்",),
        "status": ("நிலை",),
        "ekadashi": ("ஏகாதசி",),
        "festivals": ("பண்டிகைகள்", "விரதம்"),
        "pause": ("இடைநிறுத்து",),
        "delete": ("நீக்கு",),
        "yes": ("ஆம்",),
    },
    "te": {
        "today": ("ఈరోజు",),
        "tomorrow": ("రేపు",),
        "time": ("సమయం",),
        "sunrise": ("సూర్యోదయం",),
        "status": ("స్థితి",),
        "ekadashi": ("ఏకాదశి",),
        "festivals": ("పండుగలు", "వ్రతం"),
        "pause": ("విరామం",),
        "delete": ("తొలగించు",),
        "yes": ("అవును",),
    },
    "kn": {
        "today": ("ಇಂದು",),
        "tomorrow": ("ನಾಳೆ",),
        "time": ("ಸಮಯ",),
        "sunrise": ("ಸೂರ್ಯೋದಯ",),
        "status": ("ಸ್ಥಿತಿ",),
        "ekadashi": ("ಏಕಾದಶಿ",),
        "festivals": ("ಹಬ್ಬಗಳು", "ವ್ರತ"),
        "pause": ("ವಿರಾಮ",),
        "delete": ("ಅಳಿಸಿ",),
        "yes": ("ಹೌದು",),
    },
    "ml": {
        "today": ("ഇന്ന്",),
        "tomorrow": ("നാളെ",),
        "time": ("സമയം",),
        "sunrise": ("സൂര്യോദയം",),
        "status": ("നില",),
        "ekadashi": ("ഏകാദശി",),
        "festivals": ("ഉത്സവങ്ങൾ", "വ്രതം"),
        "pause": ("ഇടവേള",),
        "delete": ("മായ്ക്കുക",),
        "yes": ("അതെ",),
    },
    "mr": {
        "today": ("आज",),
        "tomorrow": ("उद्या",),
        "time": ("वेळ",),
        "sunrise": ("सूर्योदय",),
        "status": ("स्थिती",),
        "ekadashi": ("एकादशी",),
        "festivals": ("सण", "व्रत"),
        "pause": ("विराम",),
        "delete": ("हटवा",),
        "yes": ("हो",),
    },
    "gu": {
        "today": ("આજે",),
        "tomorrow": ("આવતીકાલે",),
        "time": ("સમય",),
        "sunrise": ("સૂર્યોદય",),
        "status": ("સ્થિતિ",),
        "ekadashi": ("એકાદશી",),
        "festivals": ("તહેવારો", "વ્રત"),
        "pause": ("વિરામ",),
        "delete": ("કાઢી નાખો",),
        "yes": ("હા",),
    },
    "bn": {
        "today": ("আজ",),
        "tomorrow": ("আগামীকাল",),
        "time": ("সময়",),
        "sunrise": ("সূর্যোদয়",),
        "status": ("অবস্থা",),
        "ekadashi": ("একাদশী",),
        "festivals": ("উৎসব", "ব্রত"),
        "pause": ("বিরতি",),
        "delete": ("মুছুন",),
        "yes": ("হ্যাঁ",),
    },
}

NEXT_WORDS = frozenset(
    ("next", "अगली", "अगला", "அடுத்த", "తదుపరి", "ಮುಂದಿನ", "അടുത്ത", "पुढील", "આગામી", "পরবর্তী")
)
