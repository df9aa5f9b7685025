"""Template version 2 of the daily message: the version 1 body with two more lines,
today's observances ({{9}}) and tomorrow's ({{10}}), in the reader's language.

Version 1 (``daily_panchangam``, 8 parameters) keeps working unchanged; version 2 is sent
when the template name setting is ``daily_panchangam_v2`` (``template_version``). Input is
the almanac's JSON (``Panchangam.to_dict()``): its ``observances``, ``observances_tomorrow``
and ``parana_today`` lists. A stored value made before observances existed has none of
them, and then the lines say "-" (unknown), never "no festival".
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from lokpanchang.messages.languages import DAILY_TEMPLATE_BODIES, text_language
from lokpanchang.messages.minutes import minute_text
from lokpanchang.messages.observance_words import OBSERVANCE_WORDS
from lokpanchang.messages.rules import EMPTY_PLACEHOLDER

TEMPLATE_V2 = "daily_panchangam_v2"
_SEPARATOR = " · "


def template_version(template_name: str) -> int:
    """2 for the observance template (``daily_panchangam_v2``), else 1."""
    return 2 if template_name == TEMPLATE_V2 else 1


def _body_v2(language: str) -> str:
    words = OBSERVANCE_WORDS[language]
    body = DAILY_TEMPLATE_BODIES[language]
    lines = f"{{{{8}}}}\n{words['today']}: {{{{9}}}}\n{words['tomorrow']}: {{{{10}}}}\n\n"
    return body.replace("{{8}}\n\n", lines, 1)


# The bodies to register with Meta as template ``daily_panchangam_v2`` (docs/whatsapp.md).
DAILY_TEMPLATE_BODIES_V2: dict[str, str] = {lang: _body_v2(lang) for lang in DAILY_TEMPLATE_BODIES}


def _name(item: dict[str, Any], language: str) -> str:
    # Imported here: importing ``messages`` loads no almanac (see test_purity).
    from lokpanchang.almanac.observances.lookup import observance_name

    return observance_name(item, language) or str(item.get("name") or "")


def _clock(value: Any) -> str:
    try:
        return minute_text(datetime.fromisoformat(str(value)))
    except ValueError:
        return "-"


def _span(window: Any) -> str:
    if not isinstance(window, dict):
        return "-"
    return f"{_clock(window.get('start'))}–{_clock(window.get('end'))}"


def _today_item(item: dict[str, Any], language: str, day: date | None) -> str:
    words = OBSERVANCE_WORDS[language]
    name = _name(item, language)
    notes = [words["fast"]] if _marked_fast(item, name, words) else []
    if item.get("tradition") in ("smarta", "vaishnava"):
        notes.append(words[item["tradition"]])
    text = name + (f" ({', '.join(notes)})" if notes else "")
    parana = item.get("parana")
    if isinstance(parana, dict):
        when = _parana_day(parana, day, words)
        text += f"; {words['parana']} {when}{_span(parana)}"
    if item.get("moonrise"):
        text += f"; {words['moonrise']} {_clock(item['moonrise'])}"
    return text


def _marked_fast(item: dict[str, Any], name: str, words: dict[str, str]) -> bool:
    """A fast is marked, unless its name says so already ("Pradosh Vrat", "प्रदोष व्रत")."""
    said = (words["fast"].lower(), "vrat")
    return bool(item.get("fast")) and not any(word in name.lower() for word in said)


def _parana_day(parana: dict[str, Any], day: date | None, words: dict[str, str]) -> str:
    try:
        start = datetime.fromisoformat(str(parana.get("start"))).date()
    except ValueError:
        return ""
    return f"{words['tomorrow_lower']} " if day is not None and start > day else ""


def today_line(panchangam: dict[str, Any], language: str, day: date | None) -> str:
    """{{9}}: the day's observances and any parana falling on it ("-" if not computed)."""
    observances = panchangam.get("observances")
    if not isinstance(observances, list):
        return EMPTY_PLACEHOLDER
    words = OBSERVANCE_WORDS[language]
    parts = [_today_item(item, language, day) for item in observances if isinstance(item, dict)]
    for item in panchangam.get("parana_today") or []:
        if isinstance(item, dict):
            parts.append(f"{words['parana']} {_span(item.get('parana'))} ({_name(item, language)})")
    return _SEPARATOR.join(parts) or words["none"]


def tomorrow_line(panchangam: dict[str, Any], language: str) -> str:
    """{{10}}: the next day's observances, festivals first ("-" if not computed)."""
    observances = panchangam.get("observances_tomorrow")
    if not isinstance(observances, list):
        return EMPTY_PLACEHOLDER
    words = OBSERVANCE_WORDS[language]
    items = sorted(
        (item for item in observances if isinstance(item, dict)),
        key=lambda item: item.get("kind") != "festival",
    )
    names = []
    for item in items:
        name = _name(item, language)
        names.append(name + (f" ({words['fast']})" if _marked_fast(item, name, words) else ""))
    return _SEPARATOR.join(names) or words["none"]


def observance_text(item: dict[str, Any], language: str) -> str:
    """One observance (a ``to_dict()`` value) as the message writes it: its name, whether it
    is a fast and in which tradition, its parana or moonrise, in the reader's language."""
    return _today_item(item, text_language(language), _parse_day(item.get("date")))


def _parse_day(value: Any) -> date | None:
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        return None
