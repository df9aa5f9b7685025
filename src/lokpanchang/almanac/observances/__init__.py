"""PURE observances: festivals and vrats of a place, from a table of rules (``table``).

``observances_between(place, first, last, lang)`` is the entry point; ``docs/almanac.md``
("Observances") states every rule and its source.
"""

from lokpanchang.almanac.observances.calendar import observances_between, paranas_on
from lokpanchang.almanac.observances.days import Days, Place
from lokpanchang.almanac.observances.model import (
    Calendar,
    Gap,
    Observance,
    ObservanceKind,
    Tradition,
    Unavailable,
)

__all__ = [
    "Calendar",
    "Days",
    "Gap",
    "Observance",
    "ObservanceKind",
    "Place",
    "Tradition",
    "Unavailable",
    "observances_between",
    "paranas_on",
]
