"""Free-text replies of the subscriber conversation (sent inside the 24-hour window)."""

from __future__ import annotations

_REPLIES = {
    "en": {
        "ask_location": ("Namaste! To get the panchangam for your place every morning at 06:30, "
                         "please share your location."),
        "subscribed": ("You are subscribed: the panchangam for {place} will arrive every day at "
                       "06:30 ({timezone}). Reply STOP to unsubscribe."),
        "unsubscribed": "You are unsubscribed and will get no more messages. Send START to subscribe again.",
        "help": ("Send START and share your location to get the daily panchangam at 06:30 your "
                 "time. Send STOP to unsubscribe, HELP for this message. Send a language "
                 "(English, Hindi, Tamil, Telugu, Kannada, Malayalam, Marathi, Gujarati, Bengali, "
                 "Sanskrit) to get the panchangam in it."),
        "language_set": "Done: your panchangam will come in {language_name}.",
        "bad_location": "Sorry, that location could not be read. Please share your location again.",
    },
    "hi": {
        "ask_location": "नमस्ते! हर सुबह 06:30 बजे अपने स्थान का पंचांग पाने के लिए कृपया अपना लोकेशन भेजें।",
        "subscribed": ("आपकी सदस्यता हो गई: {place} का पंचांग हर दिन 06:30 ({timezone}) पर आएगा। "
                       "बंद करने के लिए STOP लिखें।"),
        "unsubscribed": "आपकी सदस्यता बंद कर दी गई है। फिर से शुरू करने के लिए START लिखें।",
        "help": ("रोज़ 06:30 बजे पंचांग पाने के लिए START लिखें और अपना लोकेशन भेजें। "
                 "बंद करने के लिए STOP, सहायता के लिए HELP लिखें। हिंदी में पंचांग के लिए हिंदी लिखें।"),
        "language_set": "ठीक है: आपका पंचांग अब हिंदी में आएगा।",
        "bad_location": "क्षमा करें, यह लोकेशन पढ़ा नहीं जा सका। कृपया फिर से भेजें।",
    },
}


LANGUAGE_NAMES = {"en": "English", "hi": "Hindi", "sa": "Sanskrit", "ta": "Tamil", "te": "Telugu",
                  "kn": "Kannada", "ml": "Malayalam", "mr": "Marathi", "gu": "Gujarati",
                  "bn": "Bengali"}


def reply(kind: str, language: str = "en", **values: str) -> str:
    """The reply ``kind`` in ``language`` (English when there is none), filled with ``values``."""
    texts = _REPLIES.get(language, _REPLIES["en"])
    values.setdefault("language_name", LANGUAGE_NAMES.get(language, language))
    return texts.get(kind, _REPLIES["en"][kind]).format(**values)
