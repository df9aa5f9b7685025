"""An observance's name in any language from its JSON fields (key, months, sign).

The broadcast stores observances as JSON computed once per place and date; the message is
written later in each reader's language, so names are looked up again here by key.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from lokpanchang.almanac.observances import names_table, table
from lokpanchang.almanac.observances.rules import Names


@cache
def _by_key() -> dict[str, Names]:
    return {rule.key: rule.names for rule in table.EVERY_RULE if rule.key != "sankranti"}


@cache
def _ekadashis() -> dict[str, tuple[int, int]]:
    return {
        names_table.ekadashi_key(*month_paksha): month_paksha
        for month_paksha in names_table.EKADASHI_NAMES
    }


def observance_name(item: Mapping[str, Any], lang: str) -> str | None:
    """The name of the observance ``item`` (``Observance.to_dict()``) in ``lang``, or None."""
    key = item.get("key")
    if not isinstance(key, str):
        return None
    if key in _ekadashis():
        return names_table.ekadashi_names(*_ekadashis()[key]).get(lang)
    if key == "sankranti" and isinstance(item.get("sign"), int) and 1 <= item["sign"] <= 12:
        return f"{names_table.SIGNS[item['sign'] - 1][lang]} {names_table.SANKRANTI[lang]}"
    names = _by_key().get(key)
    if names is None:
        return None
    month = item.get("purnimanta_month")
    if key in ("purnima", "amavasya") and isinstance(month, int) and 1 <= month <= 12:
        return f"{names_table.month_names(month, bool(item.get('adhika')))[lang]} {names[lang]}"
    return names.get(lang)
