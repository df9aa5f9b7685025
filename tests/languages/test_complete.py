"""Every language has every string of every word table (issue 25 item 1): a missing one is a
failure that names (table, language, key), never a silent fallback to Hindi or English.

A gap a language really has today is listed in ``KNOWN_GAPS`` with its reason; a new gap
fails, and so does a listed gap that has been filled (so the list stays true).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping

import pytest

import lokpanchang.languages
import lokpanchang.messages
from lokpanchang import languages
from tests.languages.tables import TABLE_OBJECTS, TABLES, placeholders, texts

# (table, language) -> why every key of that table is missing in that language.
KNOWN_GAPS: dict[tuple[str, str], str] = {}


def missing_strings() -> set[tuple[str, str, str]]:
    """(table, language, key) for each English key a language's table lacks or leaves empty."""
    found = set()
    for name, table in TABLES.items():
        for code in languages.CODES:
            own = table.get(code, {})
            for key in table["en"]:
                if not any(text.strip() for text in texts(own.get(key, ""))):
                    found.add((name, code, key))
    return found


def test_no_language_lacks_a_string_but_the_known_gaps():
    unexplained = sorted(gap for gap in missing_strings() if (gap[0], gap[1]) not in KNOWN_GAPS)
    assert unexplained == [], f"missing (table, language, key): {unexplained}"


def test_every_known_gap_is_still_a_whole_table_missing():
    missing = missing_strings()
    stale = [
        (name, code)
        for name, code in KNOWN_GAPS
        if {(name, code, key) for key in TABLES[name]["en"]} - missing
    ]
    assert stale == [], f"no longer (wholly) missing, take them off KNOWN_GAPS: {stale}"


def test_no_table_has_a_key_english_lacks_or_other_placeholders():
    odd = [
        (name, code, key)
        for name, table in TABLES.items()
        for code, own in table.items()
        for key, value in own.items()
        if key not in table["en"]
        or (isinstance(value, str) and placeholders(value) != placeholders(table["en"][key]))
    ]
    assert odd == []


def test_no_table_has_a_language_the_registry_lacks():
    assert {code for table in TABLES.values() for code in table} <= set(languages.CODES)


def _modules(package):
    yield package
    for info in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
        module = importlib.import_module(info.name)
        yield from (_modules(module) if info.ispkg else (module,))


@pytest.mark.parametrize("package", [lokpanchang.languages, lokpanchang.messages])
def test_every_table_by_language_in_the_registry_and_messages_is_checked_here(package):
    # A module-level mapping from "en" and "hi" to texts is a word table: it is in TABLES.
    unchecked = [
        f"{module.__name__}.{name}"
        for module in _modules(package)
        for name, value in vars(module).items()
        if isinstance(value, Mapping)
        and {"en", "hi"} <= set(value)
        and isinstance(value["en"], (Mapping, str, tuple))
        and not any(value is table for table in TABLE_OBJECTS)
    ]
    assert unchecked == []
