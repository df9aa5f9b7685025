"""PURE: the day's panchangam as a picture (issue 27): one PNG per place cell, date,
language and calendar, drawn from the daily message's own rendering.

``render_card(panchangam, language, place, calendar)`` is the whole renderer: the same
panchangam the message text is made from (a ``Panchangam`` or its ``to_dict()``) in, PNG
bytes out. ``card_text`` and ``layout.plan`` are its two halves, for checks.
"""

from typing import Any

from lokpanchang.card.fonts import SCRIPT_FONTS, CardFontError, FontFile, script_font
from lokpanchang.card.layout import WIDTH, Plan, plan, render_png
from lokpanchang.card.text import SERVICE_NAME, CardText, card_text

# Bumped when the card looks different, so cached cards of the old look are not served.
CARD_VERSION = 1


def render_card(panchangam: Any, language: str, place: str, calendar: str = "") -> bytes:
    """The card of ``panchangam`` at ``place`` in ``language`` as PNG bytes (``WIDTH`` px
    wide); the month line in ``calendar`` ("": purnimanta). CardFontError names a missing
    font file and its Debian package."""
    return render_png(card_text(panchangam, language, place, calendar))


__all__ = [
    "CARD_VERSION",
    "SCRIPT_FONTS",
    "SERVICE_NAME",
    "WIDTH",
    "CardFontError",
    "CardText",
    "FontFile",
    "Plan",
    "card_text",
    "plan",
    "render_card",
    "render_png",
    "script_font",
]
