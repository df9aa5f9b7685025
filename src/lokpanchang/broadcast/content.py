"""What each subscriber receives: a panchangam computed once per (place, date), then rendered.

The broadcast takes any ``Content`` (recipient -> (template parameters, text)), so tests can
pass their own. ``default_content()`` wires the almanac and ``lokpanchang.messages``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from threading import Lock


from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.messages import render_daily


PLACE_DECIMALS = 2  # ~1 km: subscribers of one town share one computation


@dataclass(frozen=True)
class Recipient:
    ledger_id: int
    user_id: int
    phone: str
    language: str
    latitude: float
    longitude: float
    timezone: str
    local_date: date
    place: str = ""


Rendered = tuple[tuple[str, ...], str]
Content = Callable[[Recipient], Rendered]


def place_key(recipient: Recipient) -> tuple:
    """The cache key of a recipient's panchangam: rounded place, zone and local date."""
    return (round(recipient.latitude, PLACE_DECIMALS), round(recipient.longitude, PLACE_DECIMALS),
            recipient.timezone, recipient.local_date)


class CachedPanchangams:
    """``compute(recipient)`` memoised by ``place_key``: bounded, thread-safe, per process."""

    def __init__(self, compute: Callable[[Recipient], object], capacity: int = 20_000) -> None:
        self._compute = compute
        self._capacity = capacity
        self._values: OrderedDict[tuple, object] = OrderedDict()
        self._lock = Lock()
        self.computed = 0

    def get(self, recipient: Recipient) -> object:
        key = place_key(recipient)
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
        value = self._compute(recipient)
        with self._lock:
            self.computed += 1
            self._values[key] = value
            if len(self._values) > self._capacity:
                self._values.popitem(last=False)
        return value


class PanchangamContent:
    """Content from a cached panchangam and a renderer ``render(panchangam, language)``."""

    def __init__(self, compute: Callable[[Recipient], object],
                 render: Callable[[object, str], Rendered]) -> None:
        self.panchangams = CachedPanchangams(compute)
        self._render = render

    def __call__(self, recipient: Recipient) -> Rendered:
        return self._render(self.panchangams.get(recipient), recipient.language)

    def prepare(self, recipients: list[Recipient]) -> int:
        """Compute ahead of the send instant; returns how many distinct panchangams it holds."""
        for recipient in recipients:
            self.panchangams.get(recipient)
        return len({place_key(r) for r in recipients})


def almanac_content() -> PanchangamContent:
    """The production content: the almanac's panchangam, rendered by ``lokpanchang.messages``."""

    def compute(recipient: Recipient) -> object:
        return generate_panchangam_with_timezone(
            recipient.latitude, recipient.longitude, recipient.timezone, recipient.local_date,
            city=recipient.place or None)

    return PanchangamContent(compute, render_daily)  # RenderedMessage unpacks as (parameters, text)


def default_content() -> PanchangamContent:
    return almanac_content()
