"""The words for what we keep of a subscriber, by the kind of address their channel has.

On WhatsApp we keep a phone number; on Telegram a chat (its id), and no number at all. Help,
the question before erasing and its answer speak of the number; on a chat channel the same
sentences speak of the chat (issue 25, item 6). Each language's replacements are exact
phrases of its reply table (``tests/conversation/test_telegram.py`` checks every language):
have a native speaker read them (``docs/whatsapp.md``).
"""

from __future__ import annotations

from enum import StrEnum


class AddressKind(StrEnum):
    """What a channel's address is to the person: a phone number, or a chat."""

    NUMBER = "number"
    CHAT = "chat"


CHAT_KINDS = ("help", "confirm_delete", "deleted")
"""The replies that name what we keep (and erase)."""

# language -> (number phrase, chat phrase), replaced in order in the replies of CHAT_KINDS.
CHAT_PHRASES: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (("your number", "your chat ID"),),
    "hi": (
        ("अपना नंबर", "अपनी चैट आईडी"),
        ("आपका नंबर", "आपकी चैट आईडी"),
        ("नंबर और", "चैट आईडी और"),
    ),
    "ta": (("எண்ணையும்", "அரட்டை அடையாளத்தையும்"), ("எண்ணும்", "அரட்டை அடையாளமும்")),
    "te": (("నంబర్,", "చాట్ ఐడీ,"),),
    "kn": (("ಸಂಖ್ಯೆ ಮತ್ತು", "ಚಾಟ್ ಐಡಿ ಮತ್ತು"),),
    "ml": (("നമ്പറും", "ചാറ്റ് ഐഡിയും"),),
    "mr": (("क्रमांक आणि", "चॅट आयडी आणि"),),
    "gu": (("નંબર અને", "ચેટ આઈડી અને"),),
    "bn": (("নম্বর ও", "চ্যাট আইডি ও"),),
    "sa": (
        ("स्वसङ्ख्यां", "स्वसंवादपरिचयं"),
        ("भवतः सङ्ख्या स्थानसूचना च अपनीते", "भवतः संवादपरिचयः स्थानसूचना च अपनीतौ"),
        ("सङ्ख्यां", "संवादपरिचयं"),
    ),
}


def in_chat_words(text: str, language: str) -> str:
    """``text`` (a reply of ``CHAT_KINDS`` in ``language``'s table) speaking of a chat where
    it speaks of a phone number. A reply table without its phrases here is left as it is
    (a reader is never refused an answer); ``tests/conversation/test_telegram.py`` fails
    for it, naming the language."""
    for number, chat in CHAT_PHRASES.get(language, ()):
        text = text.replace(number, chat)
    return text
