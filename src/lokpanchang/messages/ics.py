"""A place's observances as an iCalendar feed (RFC 5545): one all-day event per observance.

Plain text, no clock: the caller gives the stamp. Lines end in CRLF and fold at 75 octets;
text values escape backslashes, semicolons, commas and newlines.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta
from typing import Any

from lokpanchang.messages.observance_lines import observance_text

LINE_OCTETS = 75


def calendar_text(
    items: Iterable[dict[str, Any]], name: str, language: str, stamp: datetime
) -> str:
    """The VCALENDAR of ``items`` (observances' ``to_dict()`` values) named ``name``;
    ``stamp`` (UTC) is every event's DTSTAMP."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Lokpanchang//Observances//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape(name)}",
    ]
    for item in items:
        lines.extend(_event(item, language, stamp))
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)


def _event(item: dict[str, Any], language: str, stamp: datetime) -> list[str]:
    day = date.fromisoformat(item["date"])
    tradition = item.get("tradition") or "all"
    return [
        "BEGIN:VEVENT",
        f"UID:{day:%Y%m%d}-{item['key']}-{tradition}@lokpanchang",
        f"DTSTAMP:{stamp:%Y%m%dT%H%M%SZ}",
        f"DTSTART;VALUE=DATE:{day:%Y%m%d}",
        f"DTEND;VALUE=DATE:{day + timedelta(days=1):%Y%m%d}",
        f"SUMMARY:{escape(observance_text(item, language))}",
        "TRANSP:TRANSPARENT",
        "END:VEVENT",
    ]


def escape(text: str) -> str:
    """``text`` as an iCalendar TEXT value."""
    text = text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return text.replace("\r\n", "\\n").replace("\n", "\\n")


def fold(line: str) -> str:
    """``line`` folded at 75 octets (a continuation starts with a space), never inside a
    character."""
    parts: list[str] = []
    current = ""
    for character in line:
        limit = LINE_OCTETS if not parts else LINE_OCTETS - 1
        if len((current + character).encode()) > limit:
            parts.append(current)
            current = ""
        current += character
    parts.append(current)
    return "\r\n ".join(parts)
