"""The table of languages: codes, names, scripts, Meta's codes and the words that command.

One row per language, in the order the almanac has always listed them. Every layer reads
this table: the almanac's names, the message and replies, the WhatsApp sender's template
language, the conversation's command words, the subscriber checks and the public page.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from lokpanchang.languages import commands


@dataclass(frozen=True)
class Language:
    """One language the service speaks.

    ``reads`` is the language whose texts (template body, replies, labels) a reader gets:
    every supported language reads itself. ``meta_code`` is the code its WhatsApp template
    is sent under: Hindi's for Sanskrit, as Meta has no Sanskrit templates. ``letters`` is the Unicode range of its script, used
    to guess a stranger's language from what they write (empty: Latin says nothing).
    ``name_words`` are the words (casefolded) that name it; ``name_in_text`` is its name
    inside a sentence of the language it reads, when that differs from ``native_name``.
    """

    code: str
    english_name: str
    native_name: str
    script: str
    letters: str
    meta_code: str
    reads: str
    name_words: tuple[str, ...]
    start_words: tuple[str, ...] = ()
    stop_words: tuple[str, ...] = ()
    help_words: tuple[str, ...] = ()
    name_in_text: str = ""


LANGUAGES: tuple[Language, ...] = (
    Language(
        "en",
        "English",
        "English",
        "LATIN",
        "",
        "en",
        "en",
        ("english",),
        start_words=(
            "start",
            "hi",
            "hello",
            "hey",
            "namaste",
            "namaskar",
            "namaskaram",
            "vanakkam",
            "subscribe",
        ),
        stop_words=("stop", "unsubscribe", "cancel", "quit"),
        help_words=("help",),
    ),
    Language(
        "hi",
        "Hindi",
        "हिंदी",
        "DEVANAGARI",
        "\u0900-\u097f",
        "hi",
        "hi",
        ("hindi", "हिंदी", "हिन्दी"),
        start_words=("नमस्ते", "शुरू"),
        stop_words=("बंद", "रोको"),
        help_words=("मदद", "सहायता"),
    ),
    Language(
        "sa",
        "Sanskrit",
        "संस्कृतम्",
        "DEVANAGARI",
        "\u0900-\u097f",
        "hi",
        "sa",
        ("sanskrit", "संस्कृतम्", "संस्कृत"),
        start_words=("नमः", "नमस्कारः", "आरभ"),
        stop_words=("विरम", "विरमतु"),
        help_words=("साहाय्यम्",),
    ),
    Language(
        "ta",
        "Tamil",
        "தமிழ்",
        "TAMIL",
        "\u0b80-\u0bff",
        "ta",
        "ta",
        ("tamil", "தமிழ்"),
        start_words=("வணக்கம்", "தொடங்கு"),
        stop_words=("நிறுத்து",),
        help_words=("உதவி",),
    ),
    Language(
        "te",
        "Telugu",
        "తెలుగు",
        "TELUGU",
        "\u0c00-\u0c7f",
        "te",
        "te",
        ("telugu", "తెలుగు"),
        start_words=("నమస్కారం", "నమస్తే", "ప్రారంభం"),
        stop_words=("ఆపు",),
        help_words=("సహాయం",),
    ),
    Language(
        "kn",
        "Kannada",
        "ಕನ್ನಡ",
        "KANNADA",
        "\u0c80-\u0cff",
        "kn",
        "kn",
        ("kannada", "ಕನ್ನಡ"),
        start_words=("ನಮಸ್ಕಾರ", "ನಮಸ್ತೆ", "ಪ್ರಾರಂಭ"),
        stop_words=("ನಿಲ್ಲಿಸಿ",),
        help_words=("ಸಹಾಯ",),
    ),
    Language(
        "ml",
        "Malayalam",
        "മലയാളം",
        "MALAYALAM",
        "\u0d00-\u0d7f",
        "ml",
        "ml",
        ("malayalam", "മലയാളം"),
        start_words=("നമസ്കാരം", "നമസ്തേ", "തുടങ്ങുക"),
        stop_words=("നിർത്തുക",),
        help_words=("സഹായം",),
    ),
    Language(
        "mr",
        "Marathi",
        "मराठी",
        "DEVANAGARI",
        "\u0900-\u097f",
        "mr",
        "mr",
        ("marathi", "मराठी"),
        start_words=("नमस्कार",),
        stop_words=("थांबवा",),
        help_words=("मदत",),
    ),
    Language(
        "gu",
        "Gujarati",
        "ગુજરાતી",
        "GUJARATI",
        "\u0a80-\u0aff",
        "gu",
        "gu",
        ("gujarati", "ગુજરાતી"),
        start_words=("નમસ્તે", "નમસ્કાર", "શરૂ"),
        stop_words=("બંધ",),
        help_words=("મદદ",),
    ),
    Language(
        "bn",
        "Bengali",
        "বাংলা",
        "BENGALI",
        "\u0980-\u09ff",
        "bn",
        "bn",
        ("bengali", "bangla", "বাংলা"),
        start_words=("নমস্কার", "নমস্তে", "শুরু"),
        stop_words=("বন্ধ",),
        help_words=("সাহায্য",),
    ),
)

CODES: tuple[str, ...] = tuple(language.code for language in LANGUAGES)
"""Every supported code, in the registry's order: en, hi, sa, ta, te, kn, ml, mr, gu, bn."""

DEFAULT = "en"
_BY_CODE = {language.code: language for language in LANGUAGES}


def language(code: str) -> Language:
    """The registry's row for ``code``; ValueError naming it and the supported codes."""
    try:
        return _BY_CODE[code]
    except (KeyError, TypeError):
        raise ValueError(f"unknown language {code!r}; supported: {', '.join(CODES)}") from None


def is_supported(code: object) -> bool:
    """True when ``code`` is one of ``CODES``."""
    return isinstance(code, str) and code in _BY_CODE


def reads(code: str) -> str:
    """The language whose texts a reader of ``code`` gets (English for an unknown code)."""
    row = _BY_CODE.get(code)
    return row.reads if row is not None else DEFAULT


def meta_code(code: str) -> str:
    """The WhatsApp template language code for ``code`` (English for an unknown code)."""
    row = _BY_CODE.get(code)
    return row.meta_code if row is not None else DEFAULT


def text_languages() -> tuple[str, ...]:
    """The languages that have texts of their own (every ``reads`` value), in order."""
    return tuple(dict.fromkeys(language.reads for language in LANGUAGES))


def name_in(code: str, reader: str) -> str:
    """``code``'s name as a text in ``reader``'s language writes it: English names in
    English texts, elsewhere the native name (or ``name_in_text``); unknown codes as given."""
    row = _BY_CODE.get(code)
    if row is None:
        return code
    if reads(reader) == DEFAULT:
        return row.english_name
    return row.name_in_text or row.native_name


KEYWORDS = ("start", "stop", "help")
"""The commands every reply may name in Latin letters, in every language."""


@cache
def command_words(kind: str) -> frozenset[str]:
    """Every language's words (casefolded) for command ``kind``: ``start``, ``stop``,
    ``help`` (from the rows above) or one of ``commands.COMMANDS``, together."""
    if kind in KEYWORDS:
        return frozenset(word for row in LANGUAGES for word in getattr(row, f"{kind}_words"))
    if kind in commands.COMMANDS:
        return frozenset(normal(word) for table in commands.WORDS.values() for word in table[kind])
    known = ", ".join((*KEYWORDS, *commands.COMMANDS))
    raise ValueError(f"unknown command {kind!r}; known: {known}")


def command_word(code: str, kind: str) -> str:
    """The word a reply in ``code``'s language names command ``kind`` by: START, STOP and
    HELP in Latin capitals everywhere, the others in the reader's own words."""
    if kind in KEYWORDS:
        return kind.upper()
    table = commands.WORDS.get(reads(code), commands.WORDS[DEFAULT])
    word = table[kind][0]
    return word.upper() if reads(code) == DEFAULT else word


CALENDARS: tuple[str, ...] = tuple(commands.CALENDAR_NAMES[DEFAULT])
"""The calendars a reader may choose, in the order replies and the page list them (the
values of ``almanac.calendars.kinds.Calendar``)."""


def calendar_name(code: str, calendar: str) -> str:
    """Calendar ``calendar`` (an ``almanac.calendars`` value) as a reader of ``code`` names it."""
    table = commands.CALENDAR_NAMES.get(reads(code), commands.CALENDAR_NAMES[DEFAULT])
    return table[calendar][0]


@cache
def calendar_words() -> dict[str, str]:
    """Every word that names a calendar (casefolded, any language) -> that calendar's value
    (the values themselves included: ``calendar tamil`` reads the same from anyone)."""
    found = {value: value for value in commands.CALENDAR_NAMES[DEFAULT]}
    for table in commands.CALENDAR_NAMES.values():
        for value, names in table.items():
            found.update({normal(name): value for name in names})
    return found


@cache
def card_switch_words() -> dict[str, bool]:
    """Every word that may follow ``card`` (casefolded, any language) -> on (True) or off."""
    return {
        normal(word): state == "on"
        for table in commands.CARD_SWITCH.values()
        for state, words in table.items()
        for word in words
    }


def card_switch_word(code: str, on: bool) -> str:
    """The word a reply in ``code``'s language writes after ``card`` for on or off."""
    table = commands.CARD_SWITCH.get(reads(code), commands.CARD_SWITCH[DEFAULT])
    word = table["on" if on else "off"][0]
    return word.upper() if reads(code) == DEFAULT else word


def normal(text: str) -> str:
    """``text`` as commands are matched: NFC (one spelling of য়, ऩ …), casefolded."""
    return unicodedata.normalize("NFC", text).casefold()


@cache
def language_words() -> dict[str, str]:
    """Every word that names a language (casefolded) -> that language's code."""
    return {word: row.code for row in LANGUAGES for word in row.name_words}


@cache
def _script_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    # The first language of each script stands for it: Devanagari reads as Hindi.
    first: dict[str, tuple[str, re.Pattern[str]]] = {}
    for row in LANGUAGES:
        if row.letters and row.letters not in first:
            first[row.letters] = (row.code, re.compile(f"[{row.letters}]"))
    return tuple(first.values())


def language_of_script(text: str) -> str | None:
    """The language of an Indian script in ``text`` (a script's first language in the
    registry stands for it: Devanagari is Hindi), or None for Latin letters and digits."""
    return next((code for code, pattern in _script_patterns() if pattern.search(text)), None)
