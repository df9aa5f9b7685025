"""Each text language's labels, connecting words and Gregorian month names, one module each.

Every module has the English module's keys with the same ``{placeholders}``
(``tests/languages`` checks it). ``docs/whatsapp.md`` says which words were compared with
published almanac pages and which are our own.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from lokpanchang.languages.words import bn, en, gu, hi, kn, ml, mr, sa, ta, te

_MODULES = {
    "en": en,
    "hi": hi,
    "sa": sa,
    "ta": ta,
    "te": te,
    "kn": kn,
    "ml": ml,
    "mr": mr,
    "gu": gu,
    "bn": bn,
}

WORDS: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {code: MappingProxyType(module.WORDS) for code, module in _MODULES.items()}
)
MONTHS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {code: module.MONTHS for code, module in _MODULES.items()}
)
