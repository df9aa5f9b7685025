"""Writing Sanskrit names in the other Indian scripts.

The Unicode blocks of Bengali, Gujarati, Telugu, Kannada and Malayalam follow the Devanagari
layout letter for letter, so a name moves between them by a fixed offset (Bengali writes
va as ba, ya, ḍa and ḍha after a vowel as য়, ড়, ঢ়, a final t as ৎ (সর্বজিৎ, as শরৎ) and no
hasanta at a word's end). Tamil lacks aspirated and voiced stops, so it gets an explicit letter
map.
"""

from __future__ import annotations

import re

_DEVANAGARI = 0x0900
_OFFSETS = {"bn": 0x0980, "gu": 0x0A80, "te": 0x0C00, "kn": 0x0C80, "ml": 0x0D00}
_BENGALI_FIXES = {"\u09b5": "\u09ac"}  # va -> ba
# য, ড, ঢ after a vowel (a letter that is not a hasanta) and not in a cluster take the nukta:
# দ্বিতীয়া, আষাঢ়; ্য (ya-phala), গণ্ড, a word's first letter and যুক্ত opening the second
# half of a compound (কালযুক্ত, as উপযুক্ত) keep theirs.
_BENGALI_NUKTA = re.compile(
    "(?<=[\u0980-\u09cc\u09d7])([\u09af\u09a1\u09a2])(?!\u09cd|\u09c1\u0995\u09cd\u09a4)"
)
_BENGALI_FINAL_HASANTA = re.compile("\u09cd(?![\u0980-\u09ff])")
_BENGALI_FINAL_T = re.compile("\u09a4\u09cd(?![\u0980-\u09ff])")  # ত্ -> ৎ (khanda ta)
# A nasal becomes anusvara before a stop of its own class (ङ्क, ञ्च, ण्ड, न्त, म्ब) and म
# before व, a sibilant or ह (सम्वत् -> संवत); a doubled nasal or one before a nasal, another
# class, य, र or ल stays (उत्पन्ना, जन्म, पुण्य, सौम्य, सम्राट), as Hindi writes them.
_NASAL_CLUSTER = re.compile("ङ्(?=[कखगघ])|ञ्(?=[चछजझ])|ण्(?=[टठडढ])|न्(?=[तथदध])|म्(?=[पफबभवशषसह])")
# Malayalam keeps the other nasals as conjuncts (പഞ്ചമി, വസന്തം, ശങ്കര) and writes only म and
# ङ before ग, घ so (കുംഭം, അംഗം).
_M_CLUSTER = re.compile("म्(?=[पफबभवशषसह])|ङ्(?=[गघ])")

_TAMIL_LETTERS = {
    **dict.fromkeys("कखगघ", "க"),
    "ङ": "ங",
    **dict.fromkeys("चछ", "ச"),
    **dict.fromkeys("जझ", "ஜ"),
    "ञ": "ஞ",
    **dict.fromkeys("टठडढ", "ட"),
    "ण": "ண",
    **dict.fromkeys("तथदध", "த"),
    "न": "ந",
    **dict.fromkeys("पफबभ", "ப"),
    "म": "ம",
    "य": "ய",
    "र": "ர",
    "ल": "ல",
    "ळ": "ள",
    "व": "வ",
    "श": "ச",
    "ष": "ஷ",
    "स": "ஸ",
    "ह": "ஹ",
    "अ": "அ",
    "आ": "ஆ",
    "इ": "இ",
    "ई": "ஈ",
    "उ": "உ",
    "ऊ": "ஊ",
    "ऋ": "ரு",
    "ए": "ஏ",
    "ऐ": "ஐ",
    "ओ": "ஓ",
    "औ": "ஔ",
    "ा": "ா",
    "ि": "ி",
    "ी": "ீ",
    "ु": "ு",
    "ू": "ூ",
    "ृ": "ிரு",
    "े": "ே",
    "ै": "ை",
    "ो": "ோ",
    "ौ": "ௌ",
    "्": "்",
    "ं": "ம்",
    "ः": "",
}


def with_anusvara(devanagari: str) -> str:
    """Hindi/Marathi spelling: a nasal before a stop of its class (or म before व, a sibilant
    or ह) becomes anusvara; उत्पन्ना, जन्म and सौम्य keep theirs."""
    return _NASAL_CLUSTER.sub("ं", devanagari)


def with_malayalam_anusvara(devanagari: str) -> str:
    """Malayalam spelling: only म before a labial, व, a sibilant or ह and ङ before ग, घ
    become anusvara (കുംഭം, സംവത്, അംഗം); ണ്ഡ, ന്ത, ഞ്ച, ങ്ക stay conjuncts."""
    return _M_CLUSTER.sub("ं", devanagari)


# Tamil opens a word-initial cluster ending in ra with an i: प्र -> பிர (as in பிரதமை), and
# writes a word-final n as ன்.
_INITIAL_CLUSTER_WITH_RA = re.compile("(?<![\u0900-\u097f])([क-ह])्र")
_FINAL_N = re.compile("ந்(?![\u0b80-\u0bff])")


def to_script(devanagari: str, lang: str) -> str:
    """``devanagari`` written in the script of ``lang`` (bn, gu, te, kn, ml or ta)."""
    if lang == "ta":
        opened = _INITIAL_CLUSTER_WITH_RA.sub("\\1िर", devanagari)
        tamil = "".join(_TAMIL_LETTERS.get(char, char) for char in opened)
        return _FINAL_N.sub("ன்", tamil)
    offset = _OFFSETS[lang] - _DEVANAGARI
    text = "".join(
        chr(ord(char) + offset) if "\u0900" <= char <= "\u097f" else char for char in devanagari
    )
    return _as_bengali_writes(text) if lang == "bn" else text


def _as_bengali_writes(text: str) -> str:
    text = "".join(_BENGALI_FIXES.get(char, char) for char in text)
    text = _BENGALI_NUKTA.sub("\\1\u09bc", text)
    text = _BENGALI_FINAL_T.sub("\u09ce", text)
    return _BENGALI_FINAL_HASANTA.sub("", text)
