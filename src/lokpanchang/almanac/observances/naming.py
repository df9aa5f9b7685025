"""Festival names in every supported language, from one Devanagari spelling and a few natives.

As for the element names (``almanac.names``), a name is the Sanskrit term written in each
language's script (Hindi and Marathi with anusvara), unless the language has its own
everyday name for the festival, given explicitly (Tamil தீபாவளி, Bengali দীপাবলি, ...).
"""

from __future__ import annotations

from lokpanchang.almanac.names import SUPPORTED_LANGUAGES, scripts

_OWN_SCRIPT = ("te", "kn", "ml", "gu")


def names_of(
    english: str, devanagari: str, modern: str | None = None, **native: str
) -> dict[str, str]:
    """The name in every supported language: ``english``, then ``devanagari`` carried into
    each script (``modern``: its modern spelling when the anusvara rule would be wrong, as in
    जन्म), then the ``native`` overrides (keyword: language code)."""
    unknown = set(native) - set(SUPPORTED_LANGUAGES)
    if unknown:
        raise ValueError(f"unknown language codes {sorted(unknown)} for {english!r}")
    modern = modern or scripts.with_anusvara(devanagari)
    names = {"en": english, "sa": devanagari, "hi": modern, "mr": modern}
    names.update({lang: scripts.to_script(modern, lang) for lang in _OWN_SCRIPT})
    names["bn"] = scripts.to_script(devanagari, "bn")
    names["ta"] = scripts.to_script(devanagari, "ta")
    names.update(native)
    return names


def joined(first: dict[str, str], second: dict[str, str]) -> dict[str, str]:
    """Two names side by side in each language ("Kartika" + "Purnima")."""
    return {lang: f"{first[lang]} {second[lang]}" for lang in SUPPORTED_LANGUAGES}
