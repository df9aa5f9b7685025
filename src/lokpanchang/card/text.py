"""The words on a card: the daily message's own rendered fields, labelled.

The card is drawn from the message's rendering of the same panchangam
(``messages.render_daily``, template version 2: the eight fields and today's and
tomorrow's observances), so card and text never disagree and nothing is computed twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lokpanchang import languages
from lokpanchang.messages import render_daily
from lokpanchang.messages.languages import text_language
from lokpanchang.messages.observance_words import OBSERVANCE_WORDS

SERVICE_NAME = "Lokpanchang"
OBSERVANCE_VERSION = 2  # the template version whose fields carry the observance lines


@dataclass(frozen=True)
class CardText:
    """Everything a card says, in one language: a title (weekday, date, place), labelled
    rows in the message's order, the day's observances ("" if none), tomorrow's ("" if
    none) and the footer (place and service name)."""

    language: str
    title: str
    rows: tuple[tuple[str, str], ...]
    today: str
    tomorrow: str
    footer: str

    def lines(self) -> tuple[str, ...]:
        """Every text the card draws, for checks (e.g. against the font's characters)."""
        texts = [self.title, *(part for row in self.rows for part in row)]
        texts += [self.today, self.tomorrow, self.footer]
        return tuple(text for text in texts if text)


def card_text(panchangam: Any, language: str, place: str, calendar: str = "") -> CardText:
    """The card's words for ``panchangam`` (a ``Panchangam`` or its ``to_dict()``) at
    ``place`` in ``language``, the month line in ``calendar`` ("": purnimanta)."""
    fields = render_daily(
        panchangam, language, place, version=OBSERVANCE_VERSION, calendar=calendar
    ).parameters
    said, observed = languages.words(language), OBSERVANCE_WORDS[text_language(language)]
    day = panchangam if isinstance(panchangam, dict) else panchangam.to_dict()
    return CardText(
        language=language,
        title=fields[0],
        rows=tuple(zip(_labels(said), fields[1:8], strict=True)),
        today=_labelled(observed["today"], fields[8]) if _has_today(day) else "",
        tomorrow=_labelled(observed["tomorrow"], fields[9])
        if day.get("observances_tomorrow")
        else "",
        footer=" · ".join(part for part in (place, SERVICE_NAME) if part),
    )


def _labels(said: Any) -> tuple[str, ...]:
    return (
        said["tithi"],
        said["nakshatra"],
        said["yoga"],
        said["karana"],
        f"{said['sunrise']} / {said['sunset']}",
        said["rahu_kalam"],
        f"{said['masa']} / {said['samvat']}",
    )


def _has_today(day: dict[str, Any]) -> bool:
    return bool(day.get("observances") or day.get("parana_today"))


def _labelled(label: str, text: str) -> str:
    return f"{label}: {text}"
