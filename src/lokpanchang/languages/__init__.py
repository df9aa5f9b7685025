"""PURE: the one language registry every layer reads (standard library only).

``registry``: the table of languages (codes, English and native names, script, Meta's
template code, the language whose texts a reader gets, command words). ``words``: each
text language's labels, connecting words and month names. It sits below the pure core:
it imports nothing else of Lokpanchang, so the almanac and the messages can read it.
"""

from __future__ import annotations

from collections.abc import Mapping

from lokpanchang.languages.registry import (
    CALENDARS,
    CODES,
    DEFAULT,
    LANGUAGES,
    Language,
    calendar_name,
    calendar_words,
    card_switch_word,
    card_switch_words,
    command_word,
    command_words,
    is_supported,
    language,
    language_of_script,
    language_words,
    meta_code,
    name_in,
    normal,
    reads,
    text_languages,
)
from lokpanchang.languages.words import MONTHS, WORDS


def words(code: str) -> Mapping[str, str]:
    """The labels and connecting words a reader of ``code`` gets (English if unknown)."""
    return WORDS[reads(code)]


def months(code: str) -> tuple[str, ...]:
    """The twelve Gregorian month names a reader of ``code`` gets (English if unknown)."""
    return MONTHS[reads(code)]


__all__ = [
    "CALENDARS",
    "CODES",
    "DEFAULT",
    "LANGUAGES",
    "MONTHS",
    "WORDS",
    "Language",
    "calendar_name",
    "calendar_words",
    "card_switch_word",
    "card_switch_words",
    "command_word",
    "command_words",
    "is_supported",
    "language",
    "language_of_script",
    "language_words",
    "meta_code",
    "months",
    "name_in",
    "normal",
    "reads",
    "text_languages",
    "words",
]
