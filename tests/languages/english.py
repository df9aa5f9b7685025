"""Finding English left in a text meant for a reader of another language."""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
# Latin letters a non-English text may keep: brand names, the keywords the conversation
# matches in every language, and "UTC" (zone labels).
ALWAYS_ALLOWED = ("Lokpanchang", "WhatsApp", "Telegram", "START", "STOP", "HELP", "UTC")
# Values to fill every reply with: none is a word of any language's tables.
LINK = "https://t.me/LokPanchangBot?start=abc"
REPLY_VALUES = {
    "when": "06:30",
    "next": "25 12 2026 06:56",
    "date": "25 12 2026",
    "resume": "26 12 2026",
    "minutes": "30",
    "time": "05:45",
    "text": "31-02",
    "days": "30",
    "channel": "WhatsApp",
    "state": "-",
    "calendar": "-",
    "line": "-",
    "link": LINK,
}
# Attributes a reader sees or hears (screen readers read labels and titles).
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "value")


def english_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The Latin-letter words of ``text`` once the ``allowed`` values (names of places,
    zones, languages) and ``ALWAYS_ALLOWED`` are taken out, longest first."""
    for value in sorted({*allowed, *ALWAYS_ALLOWED}, key=len, reverse=True):
        if value:
            text = text.replace(value, " ")
    return LATIN_WORD.findall(text)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        shown = dict(attrs)
        if not (tag == "input" and shown.get("type") in ("submit", "button")):
            shown.pop("value", None)  # a field's or option's value is data, not our words
        self.parts.extend(
            value for name, value in shown.items() if name in READ_ATTRIBUTES and value
        )

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def readable_text(html: str) -> str:
    """Everything of ``html`` a reader sees or hears: text, titles, labels, placeholders."""
    reader = _Reader()
    reader.feed(html)
    return "\n".join(reader.parts)
